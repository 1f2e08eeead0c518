import { useEffect, useState } from 'react';
import type {
  BundleAbilitiesView,
  BundlePreviewView,
  BundleServerPreview,
} from '../../../shared/host/bundleView';
import { ErrorText } from '../../components/ErrorText';
import { useHost } from '../../components/HostContext';
import { PolicyRefusal } from '../../components/PolicyRefusal';
import { LaunchText } from '../servers/TrustPrompt';
import { BundleFacts } from './BundleFacts';
import { BundleFields } from './BundleFields';
import { type BundleTexts, bundleValues, initialBundleTexts } from './bundleTexts';
import { CONFINED, SandboxChoiceFields } from './SandboxChoiceFields';

type Review = Extract<BundleServerPreview, { ok: true }>;

/**
 * An opened bundle: its facts and signature, a name, its settings; then Review shows exactly what will
 * be written and run (secrets as stored secrets), and Add server writes it. It runs only after Trust
 * and start on its card, as a hand-added command does.
 */
export function BundleInstall({
  preview,
  onInstalled,
}: {
  preview: BundlePreviewView;
  onInstalled: (server: string) => void;
}) {
  const host = useHost();
  const [abilities, setAbilities] = useState<BundleAbilitiesView>();
  const [name, setName] = useState(preview.suggestedName);
  const [texts, setTexts] = useState<BundleTexts>(() => initialBundleTexts(preview.form));
  const [problems, setProblems] = useState<{ field?: string; message: string }[]>([]);
  const [review, setReview] = useState<Review>();
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [sandbox, setSandbox] = useState(CONFINED);
  useEffect(() => {
    host.call('getBundleAbilities').then(setAbilities, () => {});
  }, [host]);

  const run = async (work: () => Promise<void>) => {
    setError(undefined);
    setBusy(true);
    try {
      await work();
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };
  const prepare = () =>
    run(async () => {
      setProblems([]);
      const result = await host.call('prepareBundleServer', {
        planId: preview.planId,
        name: name.trim(),
        values: bundleValues(preview.form, texts),
      });
      if (result.ok) setReview(result);
      else setProblems(result.problems);
    });
  const confirm = () =>
    run(async () => onInstalled((await host.call('confirmBundleServer', preview.planId, sandbox)).server));

  if (review)
    return (
      <section className="install-preview" aria-label="Bundle review">
        <p>
          Adds <strong>{review.name}</strong>. It will run exactly:
        </p>
        <div className="trust">
          <LaunchText launch={review.launch} />
          <SandboxChoiceFields server={review.name} choice={sandbox} onChange={setSandbox} />
        </div>
        {review.secrets.length > 0 && (
          <p className="muted">
            {review.secrets.length === 1 ? 'One secret goes' : `${review.secrets.length} secrets go`} to the
            secret store, not to config.json.
          </p>
        )}
        <p className="muted">After adding, its card asks you to trust this command before it runs.</p>
        {review.refused && <PolicyRefusal server={review.name} refusal={review.refused} preview />}
        {error && <ErrorText>{error}</ErrorText>}
        <div className="actions">
          <button type="button" onClick={() => setReview(undefined)}>
            Change values
          </button>
          <button type="button" className="primary" disabled={busy} onClick={() => void confirm()}>
            Add server
          </button>
        </div>
      </section>
    );

  const byField = Object.fromEntries(problems.filter((p) => p.field).map((p) => [p.field!, p.message]));
  const general = problems.filter((p) => !p.field || !preview.form.some((f) => f.key === p.field));
  return (
    <form
      className="editor install-step"
      aria-label="Bundle preview"
      onSubmit={(e) => {
        e.preventDefault();
        void prepare();
      }}
    >
      <BundleFacts preview={preview} />
      <label htmlFor="bundle-name">Name on this computer</label>
      <input id="bundle-name" value={name} onChange={(e) => setName(e.target.value)} required />
      <h3>Settings</h3>
      <BundleFields
        form={preview.form}
        texts={texts}
        problems={byField}
        abilities={abilities}
        onChange={(key, text) => setTexts((t) => ({ ...t, [key]: text }))}
      />
      {general.map((p) => (
        <ErrorText key={p.message}>{p.message}</ErrorText>
      ))}
      {error && <ErrorText>{error}</ErrorText>}
      <div className="actions">
        <button type="submit" className="primary" disabled={busy || !name.trim()}>
          Review…
        </button>
      </div>
    </form>
  );
}

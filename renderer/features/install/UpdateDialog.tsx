import { useEffect, useState } from 'react';
import type { PrepareUpdateResult, UpdatePreview } from '../../../shared/host/updateView';
import { ErrorText } from '../../components/ErrorText';
import { useHost } from '../../components/HostContext';
import { Modal } from '../../components/Modal';
import { PolicyRefusal } from '../../components/PolicyRefusal';
import { SafeText } from '../../components/SafeText';
import { InstallFields } from './InstallFields';
import { type FieldTexts, installValues } from './installValues';
import { RuntimeMissing } from './RuntimeMissing';
import { UpdateDiff } from './UpdateDiff';

type Questions = Extract<PrepareUpdateResult, { ok: false }>;

/**
 * Updating a registry server to its latest version: the host builds it with what was chosen before
 * and the stored secrets; what the new version needs besides is asked here; then the launch now and
 * after, side by side, for the person to confirm. A local server's changed command then waits for
 * the trust prompt on its card, as any edit does.
 */
export function UpdateDialog({ server, onClose }: { server: string; onClose: () => void }) {
  const host = useHost();
  const [preview, setPreview] = useState<UpdatePreview>();
  const [questions, setQuestions] = useState<Questions>();
  const [texts, setTexts] = useState<FieldTexts>({});
  const [runtime, setRuntime] = useState<UpdatePreview['runtime']>();
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(true);
  const [done, setDone] = useState<string>();

  const prepare = async (values: Record<string, string | string[]>) => {
    setBusy(true);
    setError(undefined);
    try {
      const result = await host.call('prepareUpdate', { server, values });
      if (result.ok) {
        setPreview(result);
        setRuntime(result.runtime);
      } else {
        setPreview(undefined);
        setQuestions(result);
      }
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: prepared once, when the dialog opens
  useEffect(() => {
    void prepare({});
  }, []);

  const confirm = async (planId: string) => {
    setBusy(true);
    setError(undefined);
    try {
      setDone((await host.call('confirmUpdate', planId)).version);
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };

  const missing = runtime && !runtime.ok ? runtime : undefined;
  const fields = (questions?.fields ?? []).map((f) =>
    questions?.kept.includes(f.key)
      ? { ...f, required: false, default: undefined, placeholder: 'kept from before: leave empty to keep' }
      : f,
  );
  const byField = Object.fromEntries(
    (questions?.problems ?? []).filter((p) => p.field).map((p) => [p.field!, p.message]),
  );
  return (
    <Modal title={`Update ${server}`} onEscape={onClose} wide>
      {error && <ErrorText>{error}</ErrorText>}
      {busy && !preview && !questions && <p className="muted">Asking the registry…</p>}
      {done ? (
        <p role="status">
          {server} now records version <SafeText text={done} />.{' '}
          {preview?.after.kind === 'stdio'
            ? 'Its card asks you to trust the new command before it runs.'
            : 'It reconnects with the new settings.'}
        </p>
      ) : preview ? (
        <section className="update-preview" aria-label="Update preview">
          <p>
            <SafeText text={preview.entry} /> from <code>{preview.registryUrl}</code>:{' '}
            <SafeText text={preview.from} /> → <SafeText text={preview.to} />
          </p>
          <UpdateDiff before={preview.before} after={preview.after} from={preview.from} to={preview.to} />
          {preview.kept.length > 0 && (
            <p className="muted">
              Kept from before: <SafeText text={preview.kept.join(', ')} />.
            </p>
          )}
          {preview.secrets.length > 0 && (
            <p className="muted">
              {preview.secrets.length === 1
                ? 'One new secret goes'
                : `${preview.secrets.length} new secrets go`}{' '}
              to the secret store, not to config.json.
            </p>
          )}
          {missing && <RuntimeMissing missing={missing} onChecked={setRuntime} />}
          {preview.refused && <PolicyRefusal server={server} refusal={preview.refused} preview />}
        </section>
      ) : (
        questions && (
          <form
            className="editor"
            aria-label="Update form"
            onSubmit={(e) => {
              e.preventDefault();
              void prepare(installValues(fields, texts));
            }}
          >
            <p>
              <SafeText text={questions.from} /> → <SafeText text={questions.to} />: the new version needs
              more from you.
            </p>
            {questions.problems
              .filter((p) => !p.field || !fields.some((f) => f.key === p.field))
              .map((p) => (
                <ErrorText key={p.message}>{p.message}</ErrorText>
              ))}
            <InstallFields
              fields={fields}
              texts={texts}
              problems={byField}
              onChange={(key, text) => setTexts((t) => ({ ...t, [key]: text }))}
            />
            <div className="actions">
              <button type="submit" className="primary" disabled={busy || fields.length === 0}>
                Review…
              </button>
            </div>
          </form>
        )
      )}
      <div className="actions">
        {preview && !done && (
          <button
            type="button"
            className="primary"
            disabled={busy || missing !== undefined}
            onClick={() => void confirm(preview.planId)}
          >
            Update to <SafeText text={preview.to} />
          </button>
        )}
        <button type="button" onClick={onClose}>
          {done ? 'Close' : 'Cancel'}
        </button>
      </div>
    </Modal>
  );
}

import { useEffect, useState } from 'react';
import { commandLine } from '../../../shared/host/launchText';
import type {
  InstallChoiceView,
  InstallPreview,
  RuntimeCheckView,
  ValidEntryView,
} from '../../../shared/host/registryView';
import { ErrorText } from '../../components/ErrorText';
import { useHost } from '../../components/HostContext';
import { SafeText } from '../../components/SafeText';
import { InstallFields } from './InstallFields';
import { InstallPreviewView } from './InstallPreviewView';
import { type FieldTexts, initialTexts, installValues } from './installValues';
import { RuntimeMissing } from './RuntimeMissing';

type Installable = Extract<InstallChoiceView, { kind: 'package' | 'remote' }>;

/**
 * One choice of an entry: its form, what it runs or connects to, whether its program is there; then
 * the host's preview of exactly what will be written and run, which the person confirms.
 */
export function InstallStep({
  entry,
  choice,
  onInstalled,
}: {
  entry: ValidEntryView;
  choice: Installable;
  onInstalled: (server: string) => void;
}) {
  const host = useHost();
  const [name, setName] = useState(entry.suggestedName);
  const [texts, setTexts] = useState<FieldTexts>(() => initialTexts(choice.fields));
  const [problems, setProblems] = useState<{ field?: string; message: string }[]>([]);
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [preview, setPreview] = useState<InstallPreview>();
  const [runtime, setRuntime] = useState<RuntimeCheckView>();

  // Said before anything runs: the program this package needs, on the PATH servers start with.
  useEffect(() => {
    if (choice.kind !== 'package') return;
    let live = true;
    host.call('checkRuntime', choice.runtime).then(
      (r) => live && setRuntime(r),
      (e: unknown) => live && setError(e instanceof Error ? e.message : String(e)),
    );
    return () => {
      live = false;
    };
  }, [host, choice]);

  const review = async () => {
    setError(undefined);
    setProblems([]);
    setBusy(true);
    try {
      const values = installValues(choice.fields, texts);
      const result = await host.call('prepareInstall', {
        entry: entry.name,
        choice: choice.id,
        values,
        name: name.trim(),
      });
      if (result.ok) setPreview(result);
      else setProblems(result.problems);
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };

  if (preview)
    return (
      <InstallPreviewView preview={preview} onBack={() => setPreview(undefined)} onInstalled={onInstalled} />
    );

  const byField = Object.fromEntries(problems.filter((p) => p.field).map((p) => [p.field!, p.message]));
  const general = problems.filter((p) => !p.field || !choice.fields.some((f) => f.key === p.field));
  return (
    <form
      className="editor install-step"
      aria-label="Install form"
      onSubmit={(e) => {
        e.preventDefault();
        void review();
      }}
    >
      <p>
        <SafeText text={choice.label} />
      </p>
      <p className="muted">
        {choice.kind === 'package' ? 'Will run: ' : 'Will connect to: '}
        <code data-testid="choice-target">
          <SafeText text={choice.kind === 'package' ? commandLine(choice.preview) : choice.url} />
        </code>
        {choice.fields.length > 0 && ' (with what you fill in below)'}
      </p>
      {runtime &&
        (runtime.ok ? (
          <p className="muted" data-runtime="ok">
            Found <code>{choice.kind === 'package' ? choice.runtime : ''}</code> at{' '}
            <code>{runtime.path}</code>.
          </p>
        ) : (
          <RuntimeMissing missing={runtime} onChecked={setRuntime} />
        ))}
      <label htmlFor="install-name">Name on this computer</label>
      <input id="install-name" value={name} onChange={(e) => setName(e.target.value)} required />
      <InstallFields
        fields={choice.fields}
        texts={texts}
        problems={byField}
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

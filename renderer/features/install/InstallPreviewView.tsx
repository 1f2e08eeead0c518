import { useState } from 'react';
import type { InstallPreview } from '../../../shared/host/registryView';
import { ErrorText } from '../../components/ErrorText';
import { useHost } from '../../components/HostContext';
import { NamedValues } from '../../components/NamedValues';
import { PolicyRefusal } from '../../components/PolicyRefusal';
import { SafeText } from '../../components/SafeText';
import { LaunchText } from '../servers/TrustPrompt';
import { RuntimeMissing } from './RuntimeMissing';
import { CONFINED, SandboxChoiceFields } from './SandboxChoiceFields';

/**
 * What installing writes and runs, as the host will write it — nothing is written or stored until the
 * person confirms. A local server's command then still waits for the trust prompt on its card, as a
 * hand-added one does.
 */
export function InstallPreviewView({
  preview,
  onBack,
  onInstalled,
}: {
  preview: InstallPreview;
  onBack: () => void;
  onInstalled: (server: string) => void;
}) {
  const host = useHost();
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [runtime, setRuntime] = useState(preview.kind === 'stdio' ? preview.runtime : undefined);
  const [sandbox, setSandbox] = useState(CONFINED);
  const missing = runtime && !runtime.ok ? runtime : undefined;
  const confirm = async () => {
    setError(undefined);
    setBusy(true);
    try {
      // A remote server has no sandbox: nothing is sent for it (an undefined argument would arrive as null).
      const added =
        preview.kind === 'stdio'
          ? await host.call('confirmInstall', preview.planId, sandbox)
          : await host.call('confirmInstall', preview.planId);
      onInstalled(added.server);
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
      setBusy(false);
    }
  };
  return (
    <section className="install-preview" aria-label="Install preview">
      <p>
        Adds <strong>{preview.name}</strong> from <SafeText text={preview.origin.name} />{' '}
        <SafeText text={preview.origin.version} /> (recorded with it, from{' '}
        <code>{preview.origin.registryUrl}</code>).
      </p>
      {preview.kind === 'stdio' ? (
        <div className="trust">
          <p>It will run exactly:</p>
          <LaunchText launch={preview.launch} />
          <SandboxChoiceFields server={preview.name} choice={sandbox} onChange={setSandbox} />
        </div>
      ) : (
        <div className="trust">
          <p>
            It will connect to{' '}
            <code data-testid="install-url">
              <SafeText text={preview.url} />
            </code>{' '}
            ({preview.transport === 'sse' ? 'legacy HTTP+SSE' : 'Streamable HTTP'})
            {preview.headers.length === 0 ? ', sending no headers of its own.' : ', sending:'}
          </p>
          {preview.headers.length > 0 && <NamedValues items={preview.headers} joiner={': '} />}
        </div>
      )}
      {preview.secrets.length > 0 && (
        <p className="muted">
          {preview.secrets.length === 1 ? 'One secret goes' : `${preview.secrets.length} secrets go`} to the
          secret store, not to config.json.
        </p>
      )}
      {preview.refused && <PolicyRefusal server={preview.name} refusal={preview.refused} preview />}
      {missing && <RuntimeMissing missing={missing} onChecked={setRuntime} />}
      <p className="muted">
        {preview.kind === 'stdio'
          ? 'After adding, its card asks you to trust this command before it runs.'
          : 'After adding, it connects at once.'}
      </p>
      {error && <ErrorText>{error}</ErrorText>}
      <div className="actions">
        <button type="button" onClick={onBack}>
          Change values
        </button>
        <button type="button" className="primary" disabled={busy || missing !== undefined} onClick={confirm}>
          Add server
        </button>
      </div>
    </section>
  );
}

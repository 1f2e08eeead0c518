import { useState } from 'react';
import type { RuntimeCheckView } from '../../../shared/host/registryView';
import { useHost } from '../../components/HostContext';
import { SafeText } from '../../components/SafeText';

type Missing = Extract<RuntimeCheckView, { ok: false }>;

/**
 * "npx was not found on the PATH … install Node.js", with Check again: the person installs it and asks
 * once more without leaving the dialog. `onChecked` gets the new answer (found, or still missing).
 */
export function RuntimeMissing({
  missing,
  onChecked,
}: {
  missing: Missing;
  onChecked: (check: RuntimeCheckView) => void;
}) {
  const host = useHost();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const again = async () => {
    setBusy(true);
    setError(undefined);
    try {
      onChecked(await host.call('checkRuntime', missing.runtime));
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="warning" role="alert" data-runtime="missing">
      <p>
        <SafeText text={missing.message} />
      </p>
      {error && (
        <p>
          <SafeText text={error} />
        </p>
      )}
      <button type="button" onClick={() => void again()} disabled={busy}>
        {busy ? 'Checking…' : 'Check again'}
      </button>
    </div>
  );
}

import { useState } from 'react';
import type { SandboxViolation } from '../../../shared/host/sandboxRules';
import { useHost } from '../../components/HostContext';
import { SafeText } from '../../components/SafeText';
import { useApp } from '../../state/store';

/** The newest few are shown; the rest behind "Show all" (the host keeps up to fifty kinds). */
const FEW = 3;

/** What Allow adds, said on its button: a host by name, a path with what it may then do there. */
function allowLabel(v: SandboxViolation, rule: string): string {
  switch (v.access) {
    case 'network':
      return `Allow ${rule}`;
    case 'read':
      return `Allow reading ${rule}`;
    case 'write':
      return `Allow writing in ${rule}`;
  }
}

/**
 * What a confined server tried beyond its rules, as questions: each kind of denial once (the host
 * groups repeats into a count), newest first, with Allow for this server — which widens its rule in
 * config.json and so asks the person's trust again (the trust prompt then shows the wider rule) — or
 * why it cannot be allowed. The path or host is the server's doing: shown as text.
 */
export function SandboxViolations({
  server,
  violations,
}: {
  server: string;
  violations: SandboxViolation[];
}) {
  const host = useHost();
  const run = useApp((s) => s.run);
  const [all, setAll] = useState(false);
  if (violations.length === 0) return null;
  const shown = all ? violations : violations.slice(0, FEW);
  return (
    <section className="sandbox-denials" aria-label={`Denied by the sandbox: ${server}`}>
      <h3 className="sandbox-denials-title">Denied by the sandbox</h3>
      <ul className="sandbox-denial-list">
        {shown.map((v) => (
          <li key={v.id} className="sandbox-denial" data-violation={v.id}>
            <span className="denial">
              <SafeText text={v.text} oneLine />
              {v.count > 1 && <span className="muted denial-count"> ×{v.count}</span>}
              <span className="muted"> · </span>
              <time className="muted" dateTime={new Date(v.last).toISOString()} title="The last time">
                {new Date(v.last).toLocaleTimeString()}
              </time>
            </span>
            {'refused' in v.allow ? (
              <span className="muted denial-refused">
                <SafeText text={v.allow.refused} />
              </span>
            ) : (
              <AllowButton
                label={allowLabel(v, v.allow.rule)}
                onAllow={() => run(() => host.call('allowSandboxDenial', server, v.id))}
              />
            )}
          </li>
        ))}
      </ul>
      {violations.length > FEW && (
        <button type="button" className="link" aria-expanded={all} onClick={() => setAll(!all)}>
          {all ? 'Show the newest' : `Show all ${violations.length}`}
        </button>
      )}
    </section>
  );
}

function AllowButton({ label, onAllow }: { label: string; onAllow: () => void }) {
  return (
    <button
      type="button"
      className="sandbox-allow"
      title="Allow for this server: saved in its sandbox rules in config.json; it then waits for your trust, as any change of what it runs"
      onClick={onAllow}
    >
      <SafeText text={label} oneLine />
    </button>
  );
}

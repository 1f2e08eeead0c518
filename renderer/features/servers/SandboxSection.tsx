import { useEffect, useRef, useState } from 'react';
import { assertNever } from '../../../shared/assertNever';
import type { SandboxView } from '../../../shared/host/sandboxRules';
import { FULL_RIGHTS, FULL_RIGHTS_DETAIL } from '../../../shared/host/sandboxText';
import type { ServerView } from '../../../shared/host/serverView';
import { CopyText } from '../../components/CopyText';
import { useHost } from '../../components/HostContext';
import { useApp } from '../../state/store';
import { SandboxReach } from './SandboxReach';
import { SandboxViolations } from './SandboxViolations';

/** The header's word on it: a confined server says so beside its status. */
export function SandboxBadge({ sandbox }: { sandbox: SandboxView | undefined }) {
  if (sandbox?.state !== 'confined') return null;
  return (
    <span className="status sandbox-badge" data-sandbox-badge="">
      Sandboxed
    </span>
  );
}

/**
 * A local server's card says plainly what it can touch: confined (where it may write, what it may
 * reach, what is hidden, and what it tried beyond), with the person's full rights (and the offer to
 * confine it), or set to be confined where the sandbox cannot run (what is missing, how to install it).
 * Turning the sandbox on or off is a change of what it runs: the server waits for trust again.
 */
export function SandboxSection({ server }: { server: ServerView }) {
  const host = useHost();
  const run = useApp((s) => s.run);
  const sandbox = server.sandbox;
  if (!sandbox) return null;
  const set = (enabled: boolean) => run(() => host.call('setServerSandbox', server.id, enabled));
  const label = `Sandbox: ${server.id}`;
  switch (sandbox.state) {
    case 'off':
      return (
        <section className="sandbox sandbox-off" aria-label={label} data-sandbox="off">
          <p className="sandbox-text">
            <strong className="full-rights">{FULL_RIGHTS}</strong>: {FULL_RIGHTS_DETAIL}, your keys and
            credentials included.
          </p>
          <div className="actions sandbox-actions">
            <button
              type="button"
              title="Hide your secret places from it, and let it write only its own folder and reach only what you allow"
              onClick={() => set(true)}
            >
              Run sandboxed
            </button>
          </div>
        </section>
      );
    case 'confined':
      return (
        <section className="sandbox" aria-label={label} data-sandbox="confined">
          <SandboxReach writes={sandbox.writes} hosts={sandbox.hosts} hidden={sandbox.hidden} />
          <SandboxViolations server={server.id} violations={sandbox.violations} />
          <TurnOff server={server.id} onConfirm={() => set(false)} />
        </section>
      );
    case 'unavailable': {
      const advice = sandbox.install;
      return (
        <section className="sandbox sandbox-unavailable error" aria-label={label} data-sandbox="unavailable">
          <p className="sandbox-text">
            Set to run sandboxed, but the sandbox cannot run on this computer: {sandbox.missing}. It was not
            started unconfined.
          </p>
          {advice && (
            <div className="install-advice">
              <span>To install what is missing:</span>
              {advice.commands.map((c) => (
                <span key={c.command} className="install-command">
                  {c.label && <span className="muted">{c.label}: </span>}
                  <CopyText
                    text={c.command}
                    label={c.label ? `the ${c.label} command` : 'the install command'}
                  />
                </span>
              ))}
              {advice.note && <span className="muted">({advice.note})</span>}
            </div>
          )}
          <TurnOff server={server.id} onConfirm={() => set(false)} />
        </section>
      );
    }
    default:
      return assertNever(sandbox);
  }
}

/** Turning the sandbox off asks first, saying what that means. */
function TurnOff({ server, onConfirm }: { server: string; onConfirm: () => void }) {
  const [asking, setAsking] = useState(false);
  const keep = useRef<HTMLButtonElement>(null);
  // The button pressed is gone: focus goes to the answer that changes nothing.
  useEffect(() => {
    if (asking) keep.current?.focus();
  }, [asking]);
  // Quieter than the card's actions: confined is how a server should run.
  if (!asking)
    return (
      <p className="sandbox-off-link">
        <button type="button" className="link sandbox-off-button" onClick={() => setAsking(true)}>
          Turn off sandbox…
        </button>
      </p>
    );
  return (
    <fieldset className="sandbox-confirm">
      <legend className="sandbox-confirm-title">Turn off the sandbox of {server}?</legend>
      <p className="sandbox-text">
        Without the sandbox, {server} can read, write and reach everything you can: your keys, credentials,
        browser profiles and any address. It will wait for your trust again.
      </p>
      <div className="actions sandbox-actions">
        <button
          type="button"
          className="danger"
          onClick={() => {
            setAsking(false);
            onConfirm();
          }}
        >
          Run with full rights
        </button>
        <button type="button" ref={keep} onClick={() => setAsking(false)}>
          Keep sandboxed
        </button>
      </div>
    </fieldset>
  );
}

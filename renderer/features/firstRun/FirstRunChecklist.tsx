import { useEffect, useState } from 'react';
import { modelSetup } from '../../../shared/host/usableProviders';
import { useHost } from '../../components/HostContext';
import { useApp } from '../../state/store';
import { gettingStarted, type SetupFacts, setupWorks } from './gettingStarted';
import { rememberSetupWorked, setupWorkedBefore } from './setupMemory';

/**
 * What a new person needs before the first chat works: a model provider new conversations can ask,
 * a server, and their confirmation of what it runs. Shown above the app as a checklist until a
 * provider and a server have worked together; after that, only a one-line chip when something needs
 * doing again (gettingStarted.ts). Each step says where to do it.
 */
export function FirstRunChecklist() {
  const host = useHost();
  const servers = useApp((s) => s.servers);
  const connected = useApp((s) => s.connected);
  const pane = useApp((s) => s.pane);
  const setPane = useApp((s) => s.setPane);
  const setup = useApp((s) => s.modelSetup);
  const [workedBefore, setWorkedBefore] = useState(setupWorkedBefore);
  // Asked once connected; the Settings page keeps it current when a key, a provider or the default changes.
  useEffect(() => {
    if (!connected || setup !== undefined) return;
    host.call('getSettings').then(
      (s) => useApp.setState({ modelSetup: modelSetup(s) }),
      () => {},
    );
  }, [host, connected, setup]);

  const facts: SetupFacts | undefined = setup && {
    model: setup,
    servers: servers.length,
    running: servers.some((s) => s.state.status === 'running'),
    waiting: servers.filter((s) => s.trustRequired).length,
  };
  const works = facts !== undefined && setupWorks(facts);
  useEffect(() => {
    if (!works || workedBefore) return;
    rememberSetupWorked();
    setWorkedBefore(true);
  }, [works, workedBefore]);

  if (!facts) return null;
  const shown = gettingStarted(facts, workedBefore || works);
  if (shown.kind === 'none') return null;
  if (shown.kind === 'chip')
    return (
      <section className="first-run-chip" aria-label="Getting started">
        <span aria-hidden="true">○</span> <span>{shown.text}</span>
        {pane !== shown.where && (
          <button type="button" className="link" onClick={() => setPane(shown.where)}>
            {shown.button}
          </button>
        )}
      </section>
    );
  return (
    <section className="first-run" aria-label="Getting started">
      <h2>Getting started</h2>
      <ol>
        {shown.steps.map((s) => (
          <li key={s.text} data-done={s.done}>
            <span aria-hidden="true">{s.done ? '✓' : '○'}</span> <span>{s.text}</span>
            {s.done ? (
              <span className="sr-only"> (done)</span>
            ) : (
              pane !== s.where && (
                <button type="button" className="link" onClick={() => setPane(s.where)}>
                  {s.button}
                </button>
              )
            )}
          </li>
        ))}
      </ol>
    </section>
  );
}

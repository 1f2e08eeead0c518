import { useEffect } from 'react';
import { type ModelSetup, modelSetup } from '../../../shared/host/usableProviders';
import { useHost } from '../../components/HostContext';
import { revealAsText } from '../../components/revealHidden';
import { useApp } from '../../state/store';

/** The model step as the checklist words it: done only when new conversations will work. */
function modelStepText(setup: ModelSetup): string {
  if (setup.ready) return `New conversations use ${revealAsText(setup.defaultName)}`;
  if (setup.instead)
    return `New conversations use ${revealAsText(setup.defaultName)}, which has no API key: add it, or choose ${revealAsText(setup.instead)} in Settings`;
  return 'Add your Anthropic API key (or another model provider)';
}

/**
 * What a new person needs before the first chat works: a model provider new conversations can ask,
 * a server, and their confirmation of what it runs. Shown above the app until all three are done;
 * each step says where to do it.
 */
export function FirstRunChecklist() {
  const host = useHost();
  const servers = useApp((s) => s.servers);
  const connected = useApp((s) => s.connected);
  const pane = useApp((s) => s.pane);
  const setPane = useApp((s) => s.setPane);
  const setup = useApp((s) => s.modelSetup);
  // Asked once connected; the Settings page keeps it current when a key, a provider or the default changes.
  useEffect(() => {
    if (!connected || setup !== undefined) return;
    host.call('getSettings').then(
      (s) => useApp.setState({ modelSetup: modelSetup(s) }),
      () => {},
    );
  }, [host, connected, setup]);

  const waiting = servers.filter((s) => s.trustRequired).length;
  const steps = [
    {
      done: setup?.ready === true,
      text: setup ? modelStepText(setup) : '',
      where: 'settings',
      button: 'Open Settings',
    },
    {
      done: servers.length > 0,
      text: 'Add an MCP server (or import yours)',
      where: 'servers',
      button: 'Open Servers',
    },
    {
      done: servers.some((s) => s.state.status === 'running') && waiting === 0,
      text:
        waiting > 0
          ? `Confirm what ${waiting === 1 ? 'a server runs' : `${waiting} servers run`} before ${waiting === 1 ? 'it starts' : 'they start'}`
          : 'Start a server (confirm what it runs)',
      where: 'servers',
      button: 'Open Servers',
    },
  ] as const;
  if (setup === undefined || steps.every((s) => s.done)) return null;
  return (
    <section className="first-run" aria-label="Getting started">
      <h2>Getting started</h2>
      <ol>
        {steps.map((s) => (
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

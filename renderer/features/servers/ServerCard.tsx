import type { ServerView } from '../../../shared/host/serverView';
import { useHost } from '../../components/HostContext';
import { StatusBadge } from '../../components/StatusBadge';
import { useApp } from '../../state/store';

export function ServerCard({ server }: { server: ServerView }) {
  const host = useHost();
  const run = useApp((s) => s.run);
  const { state } = server;
  // The person's name for it first; what the server calls itself beneath.
  const serverTitle =
    state.status === 'running' ? (state.serverInfo.title ?? state.serverInfo.name) : undefined;
  return (
    <article className="card" aria-label={`Server ${server.id}`} data-server={server.id}>
      <header className="card-head">
        <h2>{server.id}</h2>
        <StatusBadge state={state} />
      </header>
      {serverTitle && serverTitle !== server.id && <p className="server-title muted">{serverTitle}</p>}
      <p className="target" title={server.target}>
        <span className="muted">{server.kind === 'stdio' ? 'runs' : 'at'}</span> <code>{server.target}</code>
      </p>
      {server.trustRequired && (
        <section className="trust" aria-label="Trust prompt">
          <p>This server has not run before, or its command changed. It will run exactly:</p>
          <pre>{[server.trustRequired.command, ...server.trustRequired.args].join(' ')}</pre>
          {server.trustRequired.cwd && <p>in {server.trustRequired.cwd}</p>}
          <p>
            with environment variables:{' '}
            {server.trustRequired.envNames.length > 0
              ? server.trustRequired.envNames.join(', ')
              : 'none of its own'}
          </p>
          <button
            type="button"
            className="primary"
            onClick={() => run(() => host.call('trustServer', server.id))}
          >
            Trust and start
          </button>
        </section>
      )}
      {state.status === 'running' && (
        <dl className="facts">
          <dt>Version</dt>
          <dd>{state.serverInfo.version}</dd>
          <dt>Protocol</dt>
          <dd>{state.protocolVersion}</dd>
          <dt>Offers</dt>
          <dd>{Object.keys(state.capabilities).join(', ') || 'nothing declared'}</dd>
        </dl>
      )}
      {state.status === 'running' && state.instructions && (
        <details>
          <summary>Instructions from the server</summary>
          <pre className="instructions">{state.instructions}</pre>
        </details>
      )}
      {(state.status === 'error' || state.status === 'restarting') && (
        <section className="error" aria-label="Last error">
          <p>{state.status === 'error' ? state.error.message : state.lastError.message}</p>
          {(state.status === 'error' ? state.error.stderrTail : state.lastError.stderrTail).length > 0 && (
            <pre className="stderr">
              {(state.status === 'error' ? state.error.stderrTail : state.lastError.stderrTail).join('\n')}
            </pre>
          )}
        </section>
      )}
      <footer className="actions">
        {!server.trustRequired && state.status !== 'disabled' && (
          <button type="button" onClick={() => run(() => host.call('restartServer', server.id))}>
            Restart
          </button>
        )}
        {state.status === 'running' && (
          <button type="button" onClick={() => run(() => host.call('stopServer', server.id))}>
            Stop
          </button>
        )}
        <button
          type="button"
          onClick={() => run(() => host.call('setServerEnabled', server.id, state.status === 'disabled'))}
        >
          {state.status === 'disabled' ? 'Enable' : 'Disable'}
        </button>
      </footer>
    </article>
  );
}

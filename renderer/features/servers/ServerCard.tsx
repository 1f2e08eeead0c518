import { LogOut, Pencil, Power, RefreshCw, RotateCw, Square, Trash2 } from 'lucide-react';
import { useState } from 'react';
import type { ServerDraft } from '../../../shared/host/serverDraft';
import { isActive, type ServerView } from '../../../shared/host/serverView';
import { MODERN_PROTOCOL_VERSION } from '../../../shared/mcp/protocol';
import { useHost } from '../../components/HostContext';
import { PolicyRefusal } from '../../components/PolicyRefusal';
import { revealAsText } from '../../components/revealHidden';
import { SafeText } from '../../components/SafeText';
import { ServerIcon } from '../../components/ServerIcon';
import { StatusBadge } from '../../components/StatusBadge';
import { useApp } from '../../state/store';
import { UpdateBadge } from '../install/UpdateBadge';
import { LAUNCH_UPDATE_BADGE, LaunchUpdateNote } from './LaunchUpdateNote';
import { SandboxBadge, SandboxSection } from './SandboxSection';
import { ServerEditor } from './ServerEditor';
import { ServerProblems } from './ServerProblems';
import { ServerTools } from './ServerTools';
import { SignInPanel } from './SignInPanel';
import { StartingProgress } from './StartingProgress';
import { TrustPrompt } from './TrustPrompt';

/** A start refused because the sandbox cannot run: its section says so, with what to install. */
const saidBySandbox = (server: ServerView, message: string) =>
  server.sandbox?.state === 'unavailable' && message.includes(server.sandbox.missing);

export function ServerCard({ server }: { server: ServerView }) {
  const host = useHost();
  const run = useApp((s) => s.run);
  const [editing, setEditing] = useState<ServerDraft>();
  const [confirmRemove, setConfirmRemove] = useState(false);
  const { state } = server;
  const info = state.status === 'running' ? state.serverInfo : undefined;
  // The person's name for it first; what the server calls itself beneath.
  const serverTitle = info ? (info.title ?? info.name) : undefined;
  const lastError =
    state.status === 'error'
      ? state.error
      : state.status === 'restarting' || state.status === 'starting'
        ? state.lastError
        : undefined;
  return (
    <article className="card" aria-label={`Server ${server.id}`} data-server={server.id}>
      <header className="card-head">
        <h2 className="card-title">
          <ServerIcon server={server.id} />
          {server.id}
        </h2>
        <span className="card-badges">
          <SandboxBadge sandbox={server.sandbox} />
          {server.update && (
            <span className={`status status-update status-update-${server.update.status}`}>
              {LAUNCH_UPDATE_BADGE[server.update.status]}
            </span>
          )}
          <StatusBadge
            state={state}
            remote={server.kind === 'remote'}
            refused={server.refused !== undefined}
          />
        </span>
      </header>
      {serverTitle && serverTitle !== server.id && (
        <p className="server-title muted">
          <SafeText text={serverTitle} />
        </p>
      )}
      <p className="target" title={revealAsText(server.target)}>
        <span className="muted">
          {server.update ? 'runs (previous version)' : server.kind === 'stdio' ? 'runs' : 'at'}
        </span>{' '}
        <code>
          <SafeText text={server.target} />
        </code>
      </p>
      {server.refused && <PolicyRefusal server={server.id} refusal={server.refused} />}
      <UpdateBadge server={server} />
      {server.update && (
        <LaunchUpdateNote server={server.id} update={server.update} running={info?.version} />
      )}
      {server.trustRequired && (
        <TrustPrompt
          server={server.id}
          request={server.trustRequired}
          replacing={server.update !== undefined}
        />
      )}
      <SandboxSection server={server} />
      {state.status === 'starting' && <StartingProgress state={state} remote={server.kind === 'remote'} />}
      {state.status === 'running' && (
        <dl className="facts">
          <dt>Version</dt>
          <dd>
            <SafeText text={state.serverInfo.version} />
          </dd>
          <dt>Protocol</dt>
          <dd data-era={state.protocolVersion >= MODERN_PROTOCOL_VERSION ? 'modern' : 'legacy'}>
            <SafeText text={state.protocolVersion} />{' '}
            <span className="muted">
              {state.protocolVersion >= MODERN_PROTOCOL_VERSION
                ? '(modern: no session)'
                : '(legacy: initialize)'}
            </span>
          </dd>
          <dt>Offers</dt>
          <dd>
            <SafeText text={Object.keys(state.capabilities).join(', ') || 'nothing declared'} />
          </dd>
        </dl>
      )}
      {info?.description && (
        <p className="muted">
          <SafeText text={info.description} />
        </p>
      )}
      {state.status === 'running' && state.instructions && (
        <details>
          <summary>Instructions from the server</summary>
          <pre className="instructions">
            <SafeText text={state.instructions} />
          </pre>
        </details>
      )}
      {state.status === 'running' && <ServerProblems problems={state.problems} />}
      {/* A sign-in the server needs is said by the sign-in panel, with what to do. */}
      {lastError && !lastError.signIn && !saidBySandbox(server, lastError.message) && (
        <section className="error" aria-label="Last error">
          <p>
            <SafeText text={lastError.message} />
          </p>
          {lastError.stderrTail.length > 0 && (
            <pre className="stderr">
              <SafeText text={lastError.stderrTail.join('\n')} />
            </pre>
          )}
        </section>
      )}
      {server.kind === 'remote' && <SignInPanel server={server} />}
      {state.status === 'running' && state.capabilities.tools && <ServerTools server={server.id} />}
      <footer className="actions">
        {!server.trustRequired && !server.refused && state.status !== 'disabled' && (
          <button
            type="button"
            title={
              server.update?.status === 'failed'
                ? 'Stop the previous version, then start the new launch alone'
                : undefined
            }
            onClick={() => run(() => host.call('restartServer', server.id))}
          >
            <RotateCw aria-hidden="true" />
            Restart
          </button>
        )}
        {state.status === 'running' && (
          <button
            type="button"
            title="Ask the server for its tools, resources and prompts again"
            onClick={() => run(() => host.call('refreshServerLists', server.id))}
          >
            <RefreshCw aria-hidden="true" />
            Refresh
          </button>
        )}
        {isActive(state) && (
          <button type="button" onClick={() => run(() => host.call('stopServer', server.id))}>
            <Square aria-hidden="true" />
            Stop
          </button>
        )}
        <button
          type="button"
          onClick={() => run(() => host.call('setServerEnabled', server.id, state.status === 'disabled'))}
        >
          <Power aria-hidden="true" />
          {state.status === 'disabled' ? 'Enable' : 'Disable'}
        </button>
        {server.target !== '' && (
          <button
            type="button"
            onClick={() => void run(async () => setEditing(await host.call('getServerDraft', server.id)))}
          >
            <Pencil aria-hidden="true" />
            Edit
          </button>
        )}
        {server.refused && server.kind === 'remote' && (
          <button
            type="button"
            title="Forget the tokens it holds (revoked where the server offers it); it stays refused"
            onClick={() => run(() => host.call('signOut', server.id))}
          >
            <LogOut aria-hidden="true" />
            Forget sign-in
          </button>
        )}
        {confirmRemove ? (
          <>
            <button
              type="button"
              className="danger"
              onClick={() => run(() => host.call('removeServer', server.id))}
            >
              <Trash2 aria-hidden="true" />
              Remove {server.id}
            </button>
            <button type="button" onClick={() => setConfirmRemove(false)}>
              Keep
            </button>
          </>
        ) : (
          <button type="button" onClick={() => setConfirmRemove(true)}>
            <Trash2 aria-hidden="true" />
            Remove…
          </button>
        )}
      </footer>
      {editing && <ServerEditor id={server.id} draft={editing} onClose={() => setEditing(undefined)} />}
    </article>
  );
}

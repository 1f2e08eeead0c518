import { useDeferredValue, useState } from 'react';
import type { ConversationSettings } from '../../../shared/chat/conversation';
import { isLeftOut, type LeaveOut } from '../../../shared/chat/toolBudget';
import { useHost } from '../../components/HostContext';
import { revealAsText } from '../../components/revealHidden';
import { SafeText } from '../../components/SafeText';
import { toolsByServer } from '../../state/slices/catalog';
import { useApp } from '../../state/store';
import { useToolBudget } from './useToolBudget';

/** Servers listed in the click's own frame: about what the sheet shows at first, below its counts and buttons (the rest a frame later). */
const FIRST_SERVERS = 12;

/**
 * Which servers and tools this conversation offers the model: all that are on, unless the person
 * leaves some out — chosen here when they are more than the provider takes (OpenAI: 128) or than
 * the person's token budget, and remembered with the conversation. All, None, and "only" beside each
 * server and tool make any one server's or tool's choice one click. `retry`: the turn that was
 * refused for it is sent again once saved.
 */
export function ConversationToolsForm({
  id,
  settings,
  retry,
  onDone,
}: {
  id: string;
  settings: ConversationSettings;
  retry: boolean;
  onDone: () => void;
}) {
  const host = useHost();
  const run = useApp((s) => s.run);
  const [leaveOut, setLeaveOut] = useState<LeaveOut>(settings.leaveOut ?? { servers: [], tools: [] });
  const { tools, on, tokens, provider, over, searched } = useToolBudget(settings, leaveOut);
  const byServer = toolsByServer(tools, 'conversation tools');
  const servers = [...byServer.keys()].sort();
  const pinned = on.filter((t) => t.alwaysOffer).length;
  // The panel opens with the servers a screen holds; the rest follow in a render right after the
  // click's frame (React's deferred value: every server is listed, fifty rows are not all made,
  // styled and laid out before the panel first shows).
  const listed = useDeferredValue(servers.length, servers.length > FIRST_SERVERS ? FIRST_SERVERS : undefined);
  // A server's tool rows are made once its list is opened: fifty servers' 1,000 rows are not drawn unasked.
  const [opened, setOpened] = useState<ReadonlySet<string>>(() => new Set());
  const toggleServer = (server: string, offer: boolean) =>
    setLeaveOut((l) => ({
      servers: offer ? l.servers.filter((s) => s !== server) : [...l.servers, server],
      tools: l.tools.filter((t) => t.server !== server),
    }));
  const toggleTool = (server: string, tool: string, offer: boolean) =>
    setLeaveOut((l) => ({
      ...l,
      tools: offer
        ? l.tools.filter((t) => !(t.server === server && t.tool === tool))
        : [...l.tools, { server, tool }],
    }));
  const only = (server: string, tool?: string) =>
    setLeaveOut({
      servers: servers.filter((s) => s !== server),
      tools:
        tool === undefined
          ? []
          : tools
              .filter((t) => t.server === server && t.tool !== tool)
              .map((t) => ({ server, tool: t.tool })),
    });
  return (
    <form
      className="card conversation-tools"
      aria-label="Tools for this conversation"
      onSubmit={(e) => {
        e.preventDefault();
        const { leaveOut: _, ...rest } = settings;
        const next: ConversationSettings =
          leaveOut.servers.length > 0 || leaveOut.tools.length > 0 ? { ...rest, leaveOut } : rest;
        void run(async () => {
          await host.call('setConversationSettings', id, next);
          useApp.setState((s) => (s.open?.id === id ? { open: { ...s.open, settings: next } } : {}));
          onDone();
          if (retry) await host.call('retryReply', id);
        });
      }}
    >
      {searched ? (
        <p data-tool-count>
          {on.length} of {tools.length} tools are on in this conversation. The model searches them and is sent
          only those it finds
          {pinned > 0 && ` and the ${pinned === 1 ? 'one' : pinned} you always offer (Servers page)`} (about{' '}
          {tokens.toLocaleString('en-US')} tokens if all were sent; tool search in Settings).
        </p>
      ) : (
        <p data-tool-count>
          {on.length} of {tools.length} tools go to the model in this conversation · about{' '}
          {tokens.toLocaleString('en-US')} tokens
          {provider?.maxTools !== undefined && ` · ${provider.name} takes at most ${provider.maxTools}`}
        </p>
      )}
      {over && (
        <p className="warning" role="alert">
          <SafeText text={over} /> Leave some out below.
        </p>
      )}
      <div className="tool-quick">
        <button type="button" onClick={() => setLeaveOut({ servers: [], tools: [] })}>
          All
        </button>
        <button type="button" onClick={() => setLeaveOut({ servers, tools: [] })}>
          None
        </button>
      </div>
      <ul className="tool-servers">
        {servers.slice(0, listed).map((server) => {
          const own = byServer.get(server) ?? [];
          const serverOn = !leaveOut.servers.includes(server);
          const count = own.filter((t) => !isLeftOut(leaveOut, t.server, t.tool)).length;
          return (
            <li key={server}>
              <span className="tool-only">
                <label>
                  <input
                    type="checkbox"
                    checked={serverOn}
                    onChange={(e) => toggleServer(server, e.target.checked)}
                  />{' '}
                  <SafeText text={server} />{' '}
                  {/* One text node, not five: fifty rows' text is laid out in the click's frame. */}
                  <span className="muted small">{`(${count} of ${own.length} tools)`}</span>
                </label>
                <button
                  type="button"
                  className="only-this"
                  aria-label={`Only ${revealAsText(server)}`}
                  onClick={() => only(server)}
                >
                  only this
                </button>
              </span>
              {serverOn && (
                <details
                  onToggle={(e) => {
                    const open = e.currentTarget.open;
                    setOpened((o) =>
                      open ? new Set(o).add(server) : new Set([...o].filter((x) => x !== server)),
                    );
                  }}
                >
                  <summary className="small">Choose its tools</summary>
                  {opened.has(server) && (
                    <ul className="tool-choices">
                      {own.map((t) => (
                        <li key={t.tool} className="tool-only">
                          <label>
                            <input
                              type="checkbox"
                              checked={!isLeftOut(leaveOut, server, t.tool)}
                              onChange={(e) => toggleTool(server, t.tool, e.target.checked)}
                            />{' '}
                            <SafeText text={t.tool} />
                          </label>
                          <button
                            type="button"
                            className="only-this"
                            aria-label={`Only ${revealAsText(t.tool)} of ${revealAsText(server)}`}
                            onClick={() => only(server, t.tool)}
                          >
                            only this
                          </button>
                        </li>
                      ))}
                    </ul>
                  )}
                </details>
              )}
            </li>
          );
        })}
      </ul>
      <button type="submit" className="primary" disabled={!!over}>
        {retry ? 'Save and send again' : 'Save'}
      </button>
    </form>
  );
}

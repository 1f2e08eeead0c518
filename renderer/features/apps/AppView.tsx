import { CallToolResultSchema, ReadResourceResultSchema } from '@modelcontextprotocol/core';
import { AppBridge, type McpUiDisplayMode } from '@modelcontextprotocol/ext-apps/app-bridge';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { OpenedView } from '../../../shared/host/appView';
import { ErrorText } from '../../components/ErrorText';
import { useHost } from '../../components/HostContext';
import { openExternally } from '../../components/openExternally';
import { SafeText } from '../../components/SafeText';
import { useApp } from '../../state/store';
import { FrameTransport } from './frameTransport';
import { keepLive } from './liveViews';
import { useDisplayMode } from './useDisplayMode';
import { DISPLAY_MODES, MAX_HEIGHT, MIN_HEIGHT, PIP_MAX_HEIGHT, viewHostContext } from './viewHostContext';

const HOST_INFO = { name: 'Switchboard', version: '1.0.0' };
const MODE_LABEL: Record<McpUiDisplayMode, string> = {
  inline: 'Back in the conversation',
  fullscreen: 'Full screen',
  pip: 'Float in the corner',
};
/** How long a View may take to start (its `initialized`) once its sandbox page is asked for. */
const START_WAIT_MS = 20_000;
/** The longest message a View may put into the composer, and the longest draft it may leave there. */
const MAX_MESSAGE_CHARS = 20_000;
/** How long a View may take to answer `ui/resource-teardown` before its frame is removed. */
const TEARDOWN_WAIT_MS = 1000;

type State =
  | { kind: 'loading' }
  | { kind: 'open'; view: OpenedView }
  | { kind: 'failed'; message: string }
  | { kind: 'closed'; why: string };

/**
 * A tool call's View (MCP Apps) in its card: the host opens it (reading the server's `ui://`
 * resource now), it runs in a sandbox frame on an origin of its own, and speaks to the app only
 * through the official AppBridge over a transport that takes that frame's messages alone. What it
 * asks reaches its own server through the host, under its view id: tool calls through consent,
 * resource reads, logs; a message goes into the composer for the person to send; a link is shown in
 * full and opened only on a click.
 */
export default function AppView({
  conversationId,
  toolUseId,
}: {
  conversationId: string;
  toolUseId: string;
}) {
  const host = useHost();
  const [state, setState] = useState<State>({ kind: 'loading' });
  const [height, setHeight] = useState(160);
  const [modes, setModes] = useState<McpUiDisplayMode[]>(['inline']);
  const [link, setLinkState] = useState<string>();
  // The link on screen, for the View's next ask: one at a time, so the person clicks what they read.
  const linkShown = useRef<string>(undefined);
  const setLink = useCallback((url: string | undefined) => {
    linkShown.current = url;
    setLinkState(url);
  }, []);
  const [notice, setNotice] = useState<string>();
  // A notice says what the View just did; it goes after a while.
  useEffect(() => {
    if (!notice) return;
    const timer = setTimeout(() => setNotice(undefined), 8000);
    return () => clearTimeout(timer);
  }, [notice]);
  const [src, setSrc] = useState<string>();
  const frame = useRef<HTMLIFrameElement>(null);
  const section = useRef<HTMLElement>(null);
  const bridgeRef = useRef<AppBridge>(undefined);
  const { mode, display, currentMode } = useDisplayMode(section);

  useEffect(() => {
    let live = true;
    host.call('loadView', conversationId, toolUseId).then(
      (view) => live && setState({ kind: 'open', view }),
      (error: unknown) =>
        live && setState({ kind: 'failed', message: error instanceof Error ? error.message : String(error) }),
    );
    return () => {
      live = false;
    };
  }, [host, conversationId, toolUseId]);

  const view = state.kind === 'open' ? state.view : undefined;
  useEffect(() => {
    if (!view || !frame.current) return;
    const close = (why: string) => setState({ kind: 'closed', why });
    const transport = new FrameTransport(
      () => frame.current?.contentWindow,
      view.sandboxOrigin,
      () => close('The view sent too many messages and was closed.'),
    );
    const context = () => viewHostContext(view, toolUseId, frame.current?.clientWidth);
    const bridge = new AppBridge(
      null,
      HOST_INFO,
      {
        openLinks: {},
        serverTools: {},
        serverResources: {},
        logging: {},
        message: { text: {} },
        updateModelContext: { text: {}, structuredContent: {} },
      },
      { hostContext: context() },
    );
    bridgeRef.current = bridge;
    const id = view.viewId;
    // What goes to the View is checked against the SDK's own schemas (and typed by them).
    bridge.oncalltool = async (params) =>
      CallToolResultSchema.parse(await host.call('viewCallTool', id, params.name, params.arguments ?? {}));
    bridge.onreadresource = async (params) =>
      ReadResourceResultSchema.parse(await host.call('viewReadResource', id, params.uri));
    bridge.addEventListener('loggingmessage', (params) => {
      const text = typeof params.data === 'string' ? params.data : JSON.stringify(params.data);
      void host.call('viewLog', id, params.level, text).catch(() => {});
    });
    bridge.onmessage = async (params) => {
      const text = params.content.flatMap((b) => (b.type === 'text' ? [b.text] : [])).join('\n');
      const { drafts, setDraft } = useApp.getState();
      const before = drafts[conversationId]?.trim();
      const draft = before ? `${before}\n\n${text}` : text;
      // The draft it leaves is within the limit too: message after message (a hundred a second
      // passes the transport) would otherwise grow the composer without end (found by an attack review).
      if (!text || draft.length > MAX_MESSAGE_CHARS) return { isError: true };
      setDraft(conversationId, draft);
      setNotice('The view wrote a message into the box below: read it, then send it if you want to.');
      return {};
    };
    bridge.onupdatemodelcontext = async (params) => {
      await host.call('viewUpdateContext', id, params.content ?? [], params.structuredContent ?? null);
      setNotice('The view added context: it goes with your next message.');
      return {};
    };
    bridge.onopenlink = async ({ url }) => {
      let parsed: URL;
      try {
        parsed = new URL(url);
      } catch {
        return { isError: true };
      }
      if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return { isError: true };
      // Never put in place of one shown: the person may be about to click it (found by an attack review).
      if (linkShown.current !== undefined) return { isError: true };
      setLink(parsed.href);
      return {};
    };
    bridge.onrequestdisplaymode = async ({ mode: asked }) => {
      const offered = bridge.getAppCapabilities()?.availableDisplayModes ?? ['inline'];
      const shown = DISPLAY_MODES.includes(asked) && offered.includes(asked);
      return { mode: shown ? await display(asked) : currentMode() };
    };
    bridge.addEventListener('sizechange', ({ height: h }) => {
      if (typeof h === 'number' && Number.isFinite(h))
        setHeight(Math.min(MAX_HEIGHT, Math.max(MIN_HEIGHT, Math.ceil(h))));
    });
    bridge.addEventListener('sandboxready', () => void bridge.sendSandboxResourceReady({ html: view.html }));
    // Once: the input, then the result (the spec's order; a View that initializes again gets nothing new).
    let initialized = false;
    bridge.addEventListener('initialized', () => {
      if (initialized) return;
      initialized = true;
      clearTimeout(startTimer);
      setModes(
        DISPLAY_MODES.filter((m) =>
          (bridge.getAppCapabilities()?.availableDisplayModes ?? ['inline']).includes(m),
        ),
      );
      void bridge.sendToolInput({ arguments: view.input });
      if (!view.result) return;
      const result = CallToolResultSchema.safeParse(view.result);
      void bridge.sendToolResult(
        result.data ?? {
          content: [{ type: 'text', text: 'The result is not a valid tool result.' }],
          isError: true,
        },
      );
    });
    // A View that never starts is said so, not left as an empty frame.
    let startTimer: ReturnType<typeof setTimeout> | undefined;
    // The spec's teardown: the View is told (and given a moment to answer) before its frame goes.
    const teardown = () =>
      initialized
        ? Promise.race([
            bridge.teardownResource({}).catch(() => {}),
            new Promise((resolve) => setTimeout(resolve, TEARDOWN_WAIT_MS)),
          ])
        : Promise.resolve();
    bridge.addEventListener(
      'requestteardown',
      () => void teardown().then(() => close('The view closed itself.')),
    );
    // Leaving the conversation (or the page) tells it too, before its card goes.
    const unkeep = keepLive(id, teardown);
    const dark = window.matchMedia?.('(prefers-color-scheme: dark)');
    const onTheme = () => initialized && bridge.setHostContext(context());
    dark?.addEventListener('change', onTheme);
    // The frame's page is loaded only once the bridge listens: its first message is not missed.
    void bridge.connect(transport).then(() => {
      setSrc(view.sandboxUrl);
      startTimer = setTimeout(() => close('The view did not start: it never answered.'), START_WAIT_MS);
    });
    return () => {
      clearTimeout(startTimer);
      unkeep();
      dark?.removeEventListener('change', onTheme);
      bridgeRef.current = undefined;
      // Unmounted: whoever took the person away told the View first (`leaveViews`); it ends with its frame.
      void bridge.close().catch(() => {});
      void host.call('closeView', id).catch(() => {});
      setSrc(undefined);
    };
  }, [view, host, conversationId, toolUseId, display, currentMode, setLink]);

  // The View hears of each change of mode.
  useEffect(() => {
    void bridgeRef.current?.sendHostContextChange({
      displayMode: mode,
      containerDimensions:
        mode === 'pip'
          ? { maxHeight: PIP_MAX_HEIGHT, width: frame.current?.clientWidth ?? 360 }
          : { maxHeight: MAX_HEIGHT, width: frame.current?.clientWidth ?? 600 },
    });
  }, [mode]);

  if (state.kind === 'loading') return <p className="muted small view-status">Opening the view…</p>;
  if (state.kind === 'failed')
    return (
      <div className="view-status" data-view-failed>
        <ErrorText>{`The view could not be shown: ${state.message}`}</ErrorText>
        <p className="muted small">The tool's text result is in the card above.</p>
      </div>
    );
  if (state.kind === 'closed')
    return (
      <p className="muted small view-status" data-view-closed>
        {state.why}
      </p>
    );
  const { view: opened } = state;
  return (
    <>
      {mode === 'pip' && (
        <p className="muted small view-status" data-view-floating>
          The view floats in the top corner of the window while this conversation is open.
        </p>
      )}
      <section
        ref={section}
        className={`app-view mode-${mode}${opened.prefersBorder === false ? ' borderless' : ''}`}
        aria-label={`View of ${opened.tool.name} from ${opened.server}`}
      >
        <div className="app-view-bar">
          <span className="muted small">
            View from <strong>{opened.server}</strong> · <SafeText text={opened.resourceUri} />
          </span>
          {modes.length > 1 &&
            modes
              .filter((m) => m !== mode)
              .map((m) => (
                <button key={m} type="button" className="small" onClick={() => void display(m)}>
                  {MODE_LABEL[m]}
                </button>
              ))}
        </div>
        {opened.notes.length > 0 && (
          <ul className="muted small view-notes">
            {opened.notes.map((n) => (
              <li key={n}>
                <SafeText text={n} />
              </li>
            ))}
          </ul>
        )}
        <iframe
          ref={frame}
          title={`View of ${opened.tool.name}`}
          src={src}
          sandbox="allow-scripts allow-same-origin"
          allow={opened.allow}
          referrerPolicy="no-referrer"
          style={
            mode === 'inline'
              ? { height }
              : mode === 'pip'
                ? { height: Math.min(height, PIP_MAX_HEIGHT) }
                : undefined
          }
          data-view-id={opened.viewId}
        />
        {notice && (
          <p className="banner small" role="status">
            {notice}
          </p>
        )}
        {link && (
          <div className="banner warning" role="alert" data-view-link>
            <p>
              The view asks to open this link:
              <br />
              <code className="view-link">
                <SafeText text={link} />
              </code>
            </p>
            <button
              type="button"
              onClick={() => {
                openExternally(link);
                setLink(undefined);
              }}
            >
              Open link
            </button>{' '}
            <button type="button" onClick={() => setLink(undefined)}>
              Dismiss
            </button>
          </div>
        )}
      </section>
    </>
  );
}

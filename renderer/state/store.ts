import { create } from 'zustand';
import { assertNever } from '../../shared/assertNever';
import type { LogEntry } from '../../shared/host/serverView';
import type { CatalogChange, CatalogView } from '../../shared/ipc/catalogContract';
import { openExternally } from '../components/openExternally';
import type { HostConnection } from '../hostClient';
import { syncDrafts } from './draftSync';
import { type ActivitySlice, createActivitySlice } from './slices/activity';
import {
  applyCatalogChange,
  type CatalogSlice,
  changeOf,
  createCatalogSlice,
  resourceKey,
} from './slices/catalog';
import { type ChatSlice, createChatSlice } from './slices/chat';
import { type ConsentsSlice, createConsentsSlice, withdrawnText } from './slices/consents';
import { createFilesSlice, type FilesSlice } from './slices/files';
import { createLogsSlice, type LogsSlice, MAX_LOGS } from './slices/logs';

/** Arriving log entries reach the page's list at most this often. */
const LOG_FLUSH_MS = 200;

import { createRootsSlice, type RootsSlice } from './slices/roots';
import { createRunsSlice, type RunsSlice } from './slices/runs';
import { createServersSlice, type ServersSlice } from './slices/servers';
import { createUiSlice, type UiSlice } from './slices/ui';

export type { Pane } from './slices/ui';

/** One store of domain slices; each slice's selectors live beside it in slices/. */
export type AppState = UiSlice &
  ServersSlice &
  LogsSlice &
  ConsentsSlice &
  CatalogSlice &
  RootsSlice &
  RunsSlice &
  ChatSlice &
  FilesSlice &
  ActivitySlice;

export const useApp = create<AppState>()((...a) => ({
  ...createUiSlice(...a),
  ...createServersSlice(...a),
  ...createLogsSlice(...a),
  ...createConsentsSlice(...a),
  ...createCatalogSlice(...a),
  ...createRootsSlice(...a),
  ...createRunsSlice(...a),
  ...createChatSlice(...a),
  ...createFilesSlice(...a),
  ...createActivitySlice(...a),
}));

/** Keeps the store in step with the host: initial lists on every (re)connect, then its events. */
export function bindStore(host: HostConnection): () => void {
  const drafts = syncDrafts(host, useApp);
  // Catalog changes that come before this connection's whole catalog: kept, then applied over it
  // (a change names whole only what changed since the last one sent, to whichever window).
  let catalogWaiting: CatalogChange[] | undefined;
  const takeCatalog = (whole: CatalogView) => {
    let catalog = applyCatalogChange(useApp.getState().catalog, changeOf(whole));
    for (const change of catalogWaiting ?? []) catalog = applyCatalogChange(catalog, change);
    catalogWaiting = undefined;
    return catalog;
  };
  const refresh = async () => {
    catalogWaiting = [];
    const [
      servers,
      logs,
      storage,
      consents,
      catalog,
      roots,
      conversations,
      saved,
      activityNotice,
      configProblem,
    ] = await Promise.all([
      host.call('listServers'),
      host.call('getLogs', null),
      host.call('secretStorage'),
      host.call('listConsents'),
      host.call('getCatalog').catch((error: unknown) => {
        catalogWaiting = undefined;
        throw error;
      }),
      host.call('getRoots'),
      host.call('listConversations'),
      host.call('listDrafts'),
      host.call('getActivityNotice'),
      host.call('getConfigProblem'),
    ]);
    useApp.setState({
      servers,
      secretsEncrypted: storage.encrypted,
      consents,
      catalog: takeCatalog(catalog),
      roots,
      conversations,
      activityNotice,
      configProblem,
    });
    drafts.loaded(saved);
    // After a reconnect, the open conversation is reloaded: nothing saved meanwhile is missed.
    const open = useApp.getState().open;
    if (open) useApp.setState({ open: await host.call('getConversation', open.id) });
    useApp.getState().clearLogs();
    useApp.getState().appendLogs(logs);
  };
  // Log entries come in bursts: gathered, and applied on a frame at most every LOG_FLUSH_MS — each
  // update re-measures the (up to 100,000-row) list, and nobody reads faster than that.
  let pendingLogs: LogEntry[] = [];
  let scheduled = false;
  let lastFlush = Number.NEGATIVE_INFINITY;
  const onFrame = typeof requestAnimationFrame === 'function' ? requestAnimationFrame : setTimeout;
  const flushLogs = () => {
    scheduled = false;
    lastFlush = performance.now();
    const batch = pendingLogs;
    pendingLogs = [];
    useApp.getState().appendLogs(batch);
  };
  const scheduleLogs = () => {
    if (scheduled) return;
    scheduled = true;
    const wait = lastFlush + LOG_FLUSH_MS - performance.now();
    if (wait <= 0) onFrame(flushLogs);
    else setTimeout(() => onFrame(flushLogs), wait);
  };
  const offStatus = host.onStatus((connected) => {
    useApp.setState({ connected });
    if (connected) void useApp.getState().run(refresh);
  });
  const offEvent = host.onEvent((e) => {
    const state = useApp.getState();
    switch (e.event) {
      case 'serversChanged':
        useApp.setState((s) => ({
          servers: e.payload,
          // A sign-in page is worth showing only while its server still starts.
          signInPages: Object.fromEntries(
            Object.entries(s.signInPages).filter(([id]) =>
              e.payload.some((v) => v.id === id && v.state.status === 'starting'),
            ),
          ),
        }));
        break;
      case 'logEntries':
        for (const entry of e.payload) pendingLogs.push(entry);
        // A hidden tab gets no animation frames: what waits is bounded by what the book would keep.
        if (pendingLogs.length >= 2 * MAX_LOGS) {
          state.logs.evicted += pendingLogs.length - MAX_LOGS;
          pendingLogs = pendingLogs.slice(-MAX_LOGS);
        }
        scheduleLogs();
        break;
      case 'logsDropped':
        useApp.getState().appendLogs([], e.payload.count);
        break;
      case 'consentsChanged':
        useApp.setState({ consents: e.payload });
        break;
      case 'consentWithdrawn':
        state.notify(withdrawnText(e.payload));
        break;
      case 'catalogChanged':
        if (catalogWaiting) catalogWaiting.push(e.payload);
        else useApp.setState((s) => ({ catalog: applyCatalogChange(s.catalog, e.payload) }));
        break;
      case 'rootsChanged':
        useApp.setState({ roots: e.payload });
        break;
      case 'toolRunProgress':
        state.progressRun(e.payload.callId, e.payload.progress);
        break;
      case 'resourceUpdated':
        useApp.setState((s) => ({
          resourceUpdates: {
            ...s.resourceUpdates,
            [resourceKey(e.payload.server, e.payload.uri)]: Date.now(),
          },
        }));
        break;
      case 'chat':
        state.applyChatEvent(e.payload);
        break;
      case 'conversationsChanged':
        useApp.setState({ conversations: e.payload });
        break;
      case 'elicitationComplete':
        state.notify(`${e.payload.server}: the browser step you opened is complete.`);
        break;
      case 'installLinkOpened':
        // The preview opens on Servers; a dialog already waiting (a consent) stays where it is.
        useApp.setState({ pane: 'servers', openedLink: e.payload.link });
        break;
      case 'openSignIn':
        useApp.setState((s) => ({
          signInPages: {
            ...s.signInPages,
            [e.payload.server]: { url: e.payload.url, issuer: e.payload.issuer },
          },
        }));
        openExternally(e.payload.url);
        break;
      case 'activityChanged':
        useApp.setState((s) => ({ activityVersion: s.activityVersion + 1 }));
        break;
      case 'configProblem':
        useApp.setState({ configProblem: e.payload });
        break;
      case 'activityNotice':
        useApp.setState({ activityNotice: e.payload });
        break;
      default:
        assertNever(e, 'host event');
    }
  });
  return () => {
    offStatus();
    offEvent();
    drafts.stop();
  };
}

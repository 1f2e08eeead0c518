import { create } from 'zustand';
import type { LogEntry, ServerView } from '../../shared/host/serverView';
import type { HostConnection } from '../hostClient';

const MAX_LOGS = 2000;

export type Pane = 'chats' | 'servers' | 'logs';

interface AppState {
  connected: boolean;
  pane: Pane;
  servers: ServerView[];
  logs: LogEntry[];
  secretsEncrypted: boolean | undefined;
  error: string | undefined;
  setPane(pane: Pane): void;
  run(action: () => Promise<unknown>): Promise<void>;
}

export const useApp = create<AppState>((set) => ({
  connected: false,
  pane: 'servers',
  servers: [],
  logs: [],
  secretsEncrypted: undefined,
  error: undefined,
  setPane: (pane) => set({ pane }),
  /** Runs a host call; a failure is shown, not swallowed. */
  run: async (action) => {
    try {
      set({ error: undefined });
      await action();
    } catch (error) {
      set({ error: error instanceof Error ? error.message : String(error) });
    }
  },
}));

/** Keeps the store in step with the host: initial lists, then its events. */
export function bindStore(host: HostConnection): void {
  const refresh = async () => {
    const [servers, logs, storage] = await Promise.all([
      host.call('listServers'),
      host.call('getLogs', null),
      host.call('secretStorage'),
    ]);
    useApp.setState({ servers, logs: logs.slice(-MAX_LOGS), secretsEncrypted: storage.encrypted });
  };
  host.onStatus((connected) => {
    useApp.setState({ connected });
    if (connected) void refresh();
  });
  host.onEvent((e) => {
    if (e.event === 'serversChanged') useApp.setState({ servers: e.payload });
    if (e.event === 'logEntry')
      useApp.setState((s) => ({ logs: [...s.logs.slice(-(MAX_LOGS - 1)), e.payload] }));
  });
}

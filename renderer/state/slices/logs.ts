import type { StateCreator } from 'zustand';
import type { LogEntry, LogSource } from '../../../shared/host/serverView';
import type { LoggingLevel } from '../../../shared/mcp/protocol';
import { allLevels, LOG_SOURCES, loggersOf } from '../../features/logs/logFilter';
import type { AppState } from '../store';

/** The viewer keeps this many entries (the host keeps 5,000 per server and writes the rest to files). */
export const MAX_LOGS = 100_000;

/** What the log viewer shows: kept in the store, so leaving the Logs page keeps the person's filters. */
export interface LogView {
  server?: string;
  levels: ReadonlySet<LoggingLevel>;
  sources: ReadonlySet<LogSource>;
  logger?: string;
  text: string;
}

export interface LogsSlice {
  logs: LogEntry[];
  logView: LogView;
  setLogView(change: Partial<LogView>): void;
  /** Every logger name seen, sorted (kept as entries arrive, not recomputed over 100k). */
  loggers: string[];
  /** Appends a batch (events arrive in bursts; one store update per animation frame). */
  appendLogs(batch: LogEntry[]): void;
  clearLogs(): void;
}

export const createLogsSlice: StateCreator<AppState, [], [], LogsSlice> = (set) => ({
  logs: [],
  loggers: [],
  // The wire trace (every JSON-RPC message) is there when asked for, not by default.
  logView: { levels: allLevels(), sources: new Set(LOG_SOURCES.filter((s) => s !== 'wire')), text: '' },
  setLogView: (change) => set((s) => ({ logView: { ...s.logView, ...change } })),
  appendLogs: (batch) =>
    set((s) => {
      const next = s.logs.concat(batch);
      const found = loggersOf(batch).filter((l) => !s.loggers.includes(l));
      return {
        logs: next.length > MAX_LOGS ? next.slice(next.length - MAX_LOGS) : next,
        ...(found.length > 0 ? { loggers: [...s.loggers, ...found].sort() } : {}),
      };
    }),
  clearLogs: () => set({ logs: [], loggers: [] }),
});

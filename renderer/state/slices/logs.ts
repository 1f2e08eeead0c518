import type { StateCreator } from 'zustand';
import type { LogEntry, LogSource } from '../../../shared/host/serverView';
import type { LoggingLevel } from '../../../shared/mcp/protocol';
import { LogBook } from '../../features/logs/logBook';
import { allLevels, LOG_SOURCES, loggersOf } from '../../features/logs/logFilter';
import type { AppState } from '../store';

/** The viewer keeps this many entries (the host keeps 5,000 per server and writes the rest to files). */
export const MAX_LOGS = 100_000;

/** What the log viewer shows: kept in the store, so leaving the Logs page keeps the person's filters. */
interface LogView {
  server?: string;
  levels: ReadonlySet<LoggingLevel>;
  sources: ReadonlySet<LogSource>;
  logger?: string;
  text: string;
}

export interface LogsSlice {
  /** The entries, newest last (one object, changed in place: `logsVersion` says when). */
  logs: LogBook;
  logsVersion: number;
  /** Entries the host could not send while the page fell behind (a flood): never shown live. */
  logsDropped: number;
  logView: LogView;
  setLogView(change: Partial<LogView>): void;
  /** Every logger name seen, sorted (kept as entries arrive, not recomputed over 100k). */
  loggers: string[];
  /** Appends a batch (events arrive in bursts; one store update per animation frame). */
  appendLogs(batch: LogEntry[], dropped?: number): void;
  clearLogs(): void;
}

export const createLogsSlice: StateCreator<AppState, [], [], LogsSlice> = (set) => ({
  logs: new LogBook(MAX_LOGS),
  logsVersion: 0,
  logsDropped: 0,
  loggers: [],
  // The wire trace (every JSON-RPC message) is there when asked for, not by default.
  logView: { levels: allLevels(), sources: new Set(LOG_SOURCES.filter((s) => s !== 'wire')), text: '' },
  setLogView: (change) => set((s) => ({ logView: { ...s.logView, ...change } })),
  appendLogs: (batch, dropped = 0) =>
    set((s) => {
      s.logs.append(batch);
      const found = loggersOf(batch).filter((l) => !s.loggers.includes(l));
      return {
        logsVersion: s.logsVersion + 1,
        ...(dropped > 0 ? { logsDropped: s.logsDropped + dropped } : {}),
        ...(found.length > 0 ? { loggers: [...s.loggers, ...found].sort() } : {}),
      };
    }),
  clearLogs: () =>
    set((s) => {
      s.logs.clear();
      return { logsVersion: s.logsVersion + 1, logsDropped: 0, loggers: [] };
    }),
});

import type { StateCreator } from 'zustand';
import type { LogEntry } from '../../../shared/host/serverView';
import { loggersOf } from '../../features/logs/logFilter';
import type { AppState } from '../store';

/** The viewer keeps this many entries (the host keeps 5,000 per server and writes the rest to files). */
export const MAX_LOGS = 100_000;

export interface LogsSlice {
  logs: LogEntry[];
  /** Every logger name seen, sorted (kept as entries arrive, not recomputed over 100k). */
  loggers: string[];
  /** Appends a batch (events arrive in bursts; one store update per animation frame). */
  appendLogs(batch: LogEntry[]): void;
  clearLogs(): void;
}

export const createLogsSlice: StateCreator<AppState, [], [], LogsSlice> = (set) => ({
  logs: [],
  loggers: [],
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

import type { StateCreator } from 'zustand';
import type { LogEntry } from '../../../shared/host/serverView';
import type { AppState } from '../store';

/** The viewer keeps this many entries (the host keeps 5,000 per server and writes the rest to files). */
export const MAX_LOGS = 100_000;

export interface LogsSlice {
  logs: LogEntry[];
  /** Appends a batch (events arrive in bursts; one store update per animation frame). */
  appendLogs(batch: LogEntry[]): void;
  clearLogs(): void;
}

export const createLogsSlice: StateCreator<AppState, [], [], LogsSlice> = (set) => ({
  logs: [],
  appendLogs: (batch) =>
    set((s) => {
      const next = s.logs.concat(batch);
      return { logs: next.length > MAX_LOGS ? next.slice(next.length - MAX_LOGS) : next };
    }),
  clearLogs: () => set({ logs: [] }),
});

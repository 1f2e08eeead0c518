import type { StateCreator } from 'zustand';
import type { ToolRunOutcome } from '../../../shared/ipc/catalogContract';
import type { Progress } from '../../../shared/mcp/protocol';
import type { AppState } from '../store';

export interface ToolRun {
  callId: string;
  name: string;
  server: string;
  tool: string;
  argumentsJson: string;
  startedAt: number;
  progress?: Progress;
  finishedAt?: number;
  outcome?: ToolRunOutcome;
}

export interface RunsSlice {
  runs: ToolRun[];
  startRun(run: ToolRun): void;
  finishRun(callId: string, outcome: ToolRunOutcome): void;
  progressRun(callId: string, progress: Progress): void;
}

const MAX_RUNS = 50;

export const createRunsSlice: StateCreator<AppState, [], [], RunsSlice> = (set) => ({
  runs: [],
  startRun: (run) => set((s) => ({ runs: [run, ...s.runs].slice(0, MAX_RUNS) })),
  finishRun: (callId, outcome) =>
    set((s) => ({
      runs: s.runs.map((r) => (r.callId === callId ? { ...r, outcome, finishedAt: Date.now() } : r)),
    })),
  progressRun: (callId, progress) =>
    set((s) => ({ runs: s.runs.map((r) => (r.callId === callId && !r.outcome ? { ...r, progress } : r)) })),
});

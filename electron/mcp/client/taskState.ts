/** A task's state, as both eras' tasks report it (2025-11-25 tasks, the 2026-07-28 tasks extension). */
export type TaskStatus = 'working' | 'input_required' | 'completed' | 'failed' | 'cancelled';
export interface TaskState {
  taskId: string;
  status: TaskStatus;
  statusMessage?: string;
  createdAt?: string;
  lastUpdatedAt?: string;
  pollInterval?: number;
}
const STATUSES = new Set<string>(['working', 'input_required', 'completed', 'failed', 'cancelled']);
export const isTerminal = (status: TaskStatus) =>
  status === 'completed' || status === 'failed' || status === 'cancelled';

/** A task state as the server sent it, checked; the problem in words otherwise. */
export function taskStateOf(raw: unknown): TaskState | string {
  const t = raw as Partial<TaskState> | null;
  if (typeof t !== 'object' || t === null) return 'no task object';
  if (typeof t.taskId !== 'string' || t.taskId === '') return 'a task without a taskId';
  if (typeof t.status !== 'string' || !STATUSES.has(t.status))
    return `an unknown task status ${JSON.stringify(t.status)}`;
  return {
    taskId: t.taskId,
    status: t.status,
    ...(typeof t.statusMessage === 'string' ? { statusMessage: t.statusMessage } : {}),
    ...(typeof t.createdAt === 'string' ? { createdAt: t.createdAt } : {}),
    ...(typeof t.lastUpdatedAt === 'string' ? { lastUpdatedAt: t.lastUpdatedAt } : {}),
    ...(typeof t.pollInterval === 'number' && Number.isFinite(t.pollInterval)
      ? { pollInterval: t.pollInterval }
      : {}),
  };
}

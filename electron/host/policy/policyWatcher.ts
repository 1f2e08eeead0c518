import { type FileWatchOptions, watchFile } from '../../store/fileWatch';
import { type PolicyState, readPolicy } from './policyFile';

export interface PolicyWatcher {
  /** What the file held when last read. */
  readonly state: PolicyState;
  /** Hears each new state: only when what the file holds changes, not on every file event. */
  onChange(listener: (state: PolicyState) => void): () => void;
  /** Reads the file again now (and tells listeners if it changed). */
  refresh(): Promise<PolicyState>;
  dispose(): void;
}

export type PolicyWatchOptions = FileWatchOptions;

/**
 * Reads the policy file, then again whenever it may have changed (see watchFile: its folder watched,
 * events debounced, a folder not there yet waited for).
 */
export async function watchPolicy(file: string, options: PolicyWatchOptions = {}): Promise<PolicyWatcher> {
  const listeners = new Set<(state: PolicyState) => void>();
  let state = await readPolicy(file);
  let disposed = false;
  const watch = watchFile(
    file,
    async () => {
      const next = await readPolicy(file);
      if (disposed || JSON.stringify(next) === JSON.stringify(state)) return;
      state = next;
      for (const listener of [...listeners]) listener(state);
    },
    options,
  );

  return {
    get state() {
      return state;
    },
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    refresh: async () => {
      await watch.check();
      return state;
    },
    dispose() {
      disposed = true;
      watch.dispose();
      listeners.clear();
    },
  };
}

/**
 * Whether a provider and a server have worked together in this app before: kept in the page's own
 * storage (nothing secret), so Getting started stays a chip across reloads and launches. Storage that
 * cannot be used (a browser that refuses it) only means the checklist may show once more.
 */
const KEY = 'switchboard.setupWorked';

type Storage = Pick<globalThis.Storage, 'getItem' | 'setItem'>;

const storage = (): Storage | undefined => {
  try {
    return globalThis.localStorage;
  } catch {
    return undefined;
  }
};

export function setupWorkedBefore(store: Storage | undefined = storage()): boolean {
  try {
    return store?.getItem(KEY) === '1';
  } catch {
    return false;
  }
}

export function rememberSetupWorked(store: Storage | undefined = storage()): void {
  try {
    store?.setItem(KEY, '1');
  } catch {
    // Not kept: the checklist may show once more after a reload, nothing worse.
  }
}

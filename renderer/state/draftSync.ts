import type { StoreApi } from 'zustand';
import type { HostConnection } from '../hostClient';
import type { AppState } from './store';

/** A draft is kept this long after the last keystroke (and at once when the page goes). */
export const DRAFT_SAVE_MS = 400;

/** How long a switch of conversation waits for waiting drafts to be kept (a host gone never answers). */
export const KEEP_WAIT_MS = 2000;

const CONVERSATION_ID = /^[0-9a-f-]{36}$/;

/**
 * Keeps what the person types in each conversation with the host, so a reload, a crash or the next
 * launch gives it back: each draft a moment after it changes, every waiting one when the page goes.
 * `loaded` takes the host's drafts after each (re)connect; what was typed here meanwhile wins.
 */
export function syncDrafts(
  host: HostConnection,
  // Given, not imported: the store binds this module, so importing it back would make a circle.
  useApp: StoreApi<AppState>,
): {
  loaded(saved: Record<string, string>): void;
  stop(): void;
} {
  // What the host is known to hold, so drafts read from it are not written back.
  const onHost = new Map<string, string>();
  const waiting = new Map<string, ReturnType<typeof setTimeout>>();
  const inFlight = new Set<Promise<unknown>>();
  const later = (id: string) => {
    clearTimeout(waiting.get(id));
    waiting.set(
      id,
      setTimeout(() => save(id), DRAFT_SAVE_MS),
    );
  };
  const save = (id: string) => {
    clearTimeout(waiting.get(id));
    waiting.delete(id);
    const text = useApp.getState().drafts[id] ?? '';
    if ((onHost.get(id) ?? '') === text) return;
    onHost.set(id, text);
    // Kept on a best-effort basis: the text stays in the box whatever happens (a deleted
    // conversation's draft, a host gone for a moment — the next change tries again).
    const call: Promise<unknown> = host
      .call('saveDraft', id, text)
      .catch(() => onHost.delete(id))
      .finally(() => inFlight.delete(call));
    inFlight.add(call);
  };
  const flush = () => {
    for (const id of [...waiting.keys()]) save(id);
  };
  const off = useApp.subscribe((s, prev) => {
    if (s.drafts === prev.drafts) return;
    for (const id of new Set([...Object.keys(s.drafts), ...Object.keys(prev.drafts)])) {
      if (s.drafts[id] === prev.drafts[id] || !CONVERSATION_ID.test(id)) continue;
      later(id);
    }
  });
  useApp.setState({
    keepDrafts: async () => {
      flush();
      if (inFlight.size === 0) return;
      let timer: ReturnType<typeof setTimeout> | undefined;
      await Promise.race([
        Promise.allSettled([...inFlight]),
        new Promise((resolve) => {
          timer = setTimeout(resolve, KEEP_WAIT_MS);
        }),
      ]);
      clearTimeout(timer);
    },
  });
  const onLeave = () => flush();
  if (typeof window !== 'undefined') window.addEventListener('pagehide', onLeave);
  return {
    loaded(saved) {
      // What the host holds now, and only that: a save lost with the connection (refused, or sent
      // into a socket closing) is not taken as kept.
      onHost.clear();
      for (const [id, text] of Object.entries(saved)) onHost.set(id, text);
      // A draft typed here (or emptied by a send) since is newer than the host's copy.
      useApp.setState((s) => ({ drafts: { ...saved, ...s.drafts } }));
      // …and is kept again, even if it has not changed since the save that was lost.
      for (const [id, text] of Object.entries(useApp.getState().drafts))
        if (CONVERSATION_ID.test(id) && (onHost.get(id) ?? '') !== text && !waiting.has(id)) later(id);
    },
    stop() {
      flush();
      off();
      useApp.setState({ keepDrafts: async () => {} });
      if (typeof window !== 'undefined') window.removeEventListener('pagehide', onLeave);
    },
  };
}

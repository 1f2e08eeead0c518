/**
 * The Views on screen, each with how to tell it that it is about to go (the spec's
 * `ui/resource-teardown`, answered or given up on after a moment). Whatever takes the person away
 * from a conversation — another conversation, a new one, deleting it, another page — calls
 * `leaveViews` first: once the card is gone its frame is gone, and nothing could reach the View.
 */
const live = new Map<string, () => Promise<unknown>>();

/** Keeps `id`'s teardown until the returned function is called (its card went). */
export function keepLive(id: string, teardown: () => Promise<unknown>): () => void {
  live.set(id, teardown);
  return () => {
    if (live.get(id) === teardown) live.delete(id);
  };
}

/** Whether any View is on screen (with none, leaving waits for nothing). */
export const viewsOnScreen = (): boolean => live.size > 0;

/** Tells every View on screen it is about to go, and waits for them (each bounded by its own wait). */
export async function leaveViews(): Promise<void> {
  const all = [...live.values()];
  live.clear();
  await Promise.all(all.map((teardown) => teardown().catch(() => {})));
}

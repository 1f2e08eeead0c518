/**
 * `send`, called for a burst of changes once: `ms` after the first change of the burst, with the
 * state as it is then. Disposing drops what is pending.
 */
export function coalesced(send: () => void, ms: number): { call(): void; dispose(): void } {
  let due: ReturnType<typeof setTimeout> | undefined;
  return {
    call() {
      due ??= setTimeout(() => {
        due = undefined;
        send();
      }, ms);
    },
    dispose() {
      clearTimeout(due);
      due = undefined;
    },
  };
}

/** The promise, or a rejection with the signal's reason as soon as it aborts (the promise goes on). */
export function abortable<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return promise;
  return Promise.race([
    promise,
    new Promise<never>((_, reject) => {
      if (signal.aborted) return reject(signal.reason);
      const onAbort = () => reject(signal.reason);
      signal.addEventListener('abort', onAbort, { once: true });
      void promise.finally(() => signal.removeEventListener('abort', onAbort)).catch(() => {});
    }),
  ]);
}

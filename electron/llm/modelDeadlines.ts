import { ProviderError } from './providerError';

/**
 * How long a turn waits for a provider's model list (asked when a conversation names no model):
 * the SDK's own timeout is ten minutes, and a list that stalls after its headers never ends at all.
 */
const MODEL_LIST_TIMEOUT_MS = 10_000;
/**
 * How long a streamed reply may go without sending anything — its first event included — before it
 * is given up with an error and Retry. Long enough for a model that thinks a while before it writes
 * (extended thinking streams as it goes) or a slow local one; short of the SDK's ten minutes.
 */
export const STREAM_IDLE_TIMEOUT_MS = 120_000;

/** The time limits a chat turn keeps to (tests make them short). */
export interface ModelDeadlines {
  listModelsMs: number;
  streamIdleMs: number;
}
export const DEFAULT_DEADLINES: ModelDeadlines = {
  listModelsMs: MODEL_LIST_TIMEOUT_MS,
  streamIdleMs: STREAM_IDLE_TIMEOUT_MS,
};

/** `parent` (a turn's Stop) and a deadline in one signal; `expired()` says whether the deadline ended it. */
export function withDeadline(
  parent: AbortSignal | undefined,
  ms: number,
): { signal: AbortSignal; expired(): boolean; done(): void } {
  const controller = new AbortController();
  let expired = false;
  const onAbort = () => controller.abort(parent?.reason);
  if (parent?.aborted) onAbort();
  else parent?.addEventListener('abort', onAbort, { once: true });
  const timer = setTimeout(() => {
    expired = true;
    controller.abort(new Error(`no answer within ${durationText(ms)}`));
  }, ms);
  return {
    signal: controller.signal,
    expired: () => expired,
    done: () => {
      clearTimeout(timer);
      parent?.removeEventListener('abort', onAbort);
    },
  };
}

/**
 * A reply's events, given up when none comes for `idleMs` (the first one included): a model API
 * that stalls — before its headers, or mid-stream — ends with a ProviderError naming `provider` and
 * the wait, which the conversation shows with Retry, instead of waiting for Stop. `parent` is the
 * turn's own signal: a Stop stays a Stop.
 */
export async function* streamWithin<T>(
  open: (signal: AbortSignal) => AsyncIterable<T>,
  parent: AbortSignal | undefined,
  idleMs: number,
  provider: string,
): AsyncGenerator<T> {
  const controller = new AbortController();
  let idle = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const arm = () => {
    timer = setTimeout(() => {
      idle = true;
      controller.abort(new Error('idle'));
    }, idleMs);
  };
  const onAbort = () => controller.abort(parent?.reason);
  if (parent?.aborted) onAbort();
  else parent?.addEventListener('abort', onAbort, { once: true });
  const stalled = () =>
    new ProviderError(
      'network',
      `${provider} sent nothing for ${durationText(idleMs)}: the reply was given up. Retry to ask again.`,
    );
  try {
    arm();
    for await (const event of open(controller.signal)) {
      // The wait is the API's: while the consumer holds an event, the clock is stopped.
      clearTimeout(timer);
      if (idle) throw stalled();
      yield event;
      arm();
    }
    if (idle) throw stalled();
  } catch (error) {
    if (idle && !parent?.aborted) throw stalled();
    throw error;
  } finally {
    clearTimeout(timer);
    parent?.removeEventListener('abort', onAbort);
  }
}

/** A limit in words: "10 s", or "500 ms" under a second. */
export const durationText = (ms: number): string => (ms < 1000 ? `${ms} ms` : `${Math.round(ms / 1000)} s`);

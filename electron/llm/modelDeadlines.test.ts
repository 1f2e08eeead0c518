import { describe, expect, it } from 'vitest';
import { streamWithin, withDeadline } from './modelDeadlines';
import { ProviderError } from './providerError';

/** A reply as an SDK streams it: `events`, then silence until its signal aborts (then Stopped). */
function stalling(events: string[]) {
  return async function* (signal: AbortSignal): AsyncGenerator<string> {
    for (const e of events) yield e;
    await new Promise((_, reject) =>
      signal.addEventListener('abort', () => reject(new ProviderError('aborted', 'Stopped.')), {
        once: true,
      }),
    );
  };
}

async function collect(stream: AsyncIterable<string>, hold = 0) {
  const got: string[] = [];
  try {
    for await (const e of stream) {
      got.push(e);
      if (hold) await new Promise((r) => setTimeout(r, hold));
    }
  } catch (error) {
    return { got, error };
  }
  return { got, error: undefined };
}

describe('streamWithin', () => {
  it('a reply that goes silent is given up with a named, retryable error; what came first is kept', async () => {
    const { got, error } = await collect(streamWithin(stalling(['a', 'b']), undefined, 50, 'Local model'));
    expect(got).toEqual(['a', 'b']);
    expect(error).toBeInstanceOf(ProviderError);
    expect(error).toMatchObject({
      kind: 'network',
      retryable: true,
      message: 'Local model sent nothing for 50 ms: the reply was given up. Retry to ask again.',
    });
  });

  it('a Stop stays a Stop', async () => {
    const stop = new AbortController();
    const stream = streamWithin(stalling(['a']), stop.signal, 60_000, 'Anthropic');
    setTimeout(() => stop.abort(new Error('Stopped by the user.')), 20);
    const { error } = await collect(stream);
    expect(error).toMatchObject({ kind: 'aborted' });
  });

  it('the time the consumer holds an event is not the API’s silence', async () => {
    const { got, error } = await collect(
      streamWithin(
        async function* () {
          yield 'a';
          yield 'b';
        },
        undefined,
        30,
        'Anthropic',
      ),
      90,
    );
    expect(error).toBeUndefined();
    expect(got).toEqual(['a', 'b']);
  });
});

describe('withDeadline', () => {
  it('ends with the parent, or at the deadline (saying which)', async () => {
    const parent = new AbortController();
    const first = withDeadline(parent.signal, 60_000);
    parent.abort();
    expect(first.signal.aborted && !first.expired()).toBe(true);
    first.done();
    const second = withDeadline(undefined, 10);
    await new Promise((r) => second.signal.addEventListener('abort', r, { once: true }));
    expect(second.expired()).toBe(true);
    second.done();
  });
});

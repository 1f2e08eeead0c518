import { createParser, type EventSourceMessage } from 'eventsource-parser';

export interface SseHandlers {
  onEvent(event: EventSourceMessage): void;
  onRetry?(ms: number): void;
}

export class SseOversizeError extends Error {}

/**
 * Reads a text/event-stream body to its end, event by event. Resolves when the server ends the
 * stream; rejects on a network error or an event larger than `maxEventBytes` (not resynchronised:
 * the stream is cancelled).
 */
export async function readSse(
  body: AsyncIterable<Uint8Array>,
  handlers: SseHandlers,
  maxEventBytes: number,
): Promise<void> {
  let oversize: SseOversizeError | undefined;
  const parser = createParser({
    // The parser's buffer cap only sees data split across chunks: check whole events too.
    onEvent: (event) => {
      if (event.data.length > maxEventBytes) {
        oversize = new SseOversizeError(`an SSE event over the ${maxEventBytes}-byte limit was refused`);
        return;
      }
      if (!oversize) handlers.onEvent(event);
    },
    onRetry: handlers.onRetry,
    maxBufferSize: maxEventBytes,
    onError: (error) => {
      if (error.type === 'max-buffer-size-exceeded') {
        oversize = new SseOversizeError(`an SSE event over the ${maxEventBytes}-byte limit was refused`);
      }
    },
  });
  const decoder = new TextDecoder();
  for await (const chunk of body) {
    try {
      parser.feed(decoder.decode(chunk, { stream: true }));
    } catch (error) {
      if (!oversize) throw error;
    }
    if (oversize) throw oversize;
  }
}

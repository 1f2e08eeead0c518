/**
 * The most one answer of a model API may send: a whole streamed reply with its SSE framing. The
 * providers cut a reply off by what it holds (electron/llm/openai: 32 MiB); this bounds what the
 * SDK's own reading holds before that — a line that never ends, a body that never stops.
 */
const MAX_RESPONSE_BYTES = 64 * 1024 * 1024;

/**
 * `fetch` for a model SDK whose response bodies end with an error once they pass `limit` bytes,
 * so a hostile or broken server cannot grow the main process without bound.
 */
export function boundedFetch(limit = MAX_RESPONSE_BYTES): typeof fetch {
  return async (input, init) => {
    const response = await fetch(input, init);
    if (!response.body) return response;
    let seen = 0;
    const body = response.body.pipeThrough(
      new TransformStream<Uint8Array, Uint8Array>({
        transform(chunk, controller) {
          seen += chunk.byteLength;
          if (seen <= limit) return controller.enqueue(chunk);
          controller.error(
            new Error(`The model API's answer passed ${Math.round(limit / 2 ** 20)} MiB and was cut off`),
          );
        },
      }),
    );
    return new Response(body, {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    });
  };
}

import type { JsonRpcConnection } from '../../jsonrpc/connection';
import type { McpError } from '../../mcpError';

/** 2026-07-28: what a server may ask for inside a result (or a task): elicitation, sampling, roots. */
const INPUT_METHODS = new Set(['elicitation/create', 'sampling/createMessage', 'roots/list']);
/** The requests a server may answer with `input_required`. */
const MRTR_METHODS = new Set<string>(['tools/call', 'prompts/get', 'resources/read']);
/** A person answers each round; a server that keeps asking is stopped after this many. */
const MAX_MRTR_ROUNDS = 10;
/** The largest requestState sent back to a server (1 Mi characters). */
const MAX_REQUEST_STATE_CHARS = 1024 * 1024;

/** An `input_required` result, as the server sent it (checked by answerInputRequests). */
export interface InputRequired {
  inputRequests?: unknown;
  requestState?: unknown;
}
/** What the next round of a multi round-trip request carries back. */
export interface MrtrRound {
  inputResponses?: Record<string, unknown>;
  requestState?: string;
}

export const isInputMethod = (method: unknown): method is string =>
  typeof method === 'string' && INPUT_METHODS.has(method);

/**
 * A multi round-trip request's `inputRequests` (elicitation, sampling, roots), each answered by the
 * same handler — the same checks, the same consent — as the request a legacy server would have
 * sent; `requestState` echoed back untouched. A refusal (the person said no) ends the request, and
 * so does asking where the spec allows no asking, or past MAX_MRTR_ROUNDS.
 */
export async function answerInputRequests(
  connection: JsonRpcConnection,
  asked: { method: string; round: number; result: InputRequired },
  signal: AbortSignal | undefined,
  fail: (why: string) => McpError,
): Promise<MrtrRound> {
  if (!MRTR_METHODS.has(asked.method))
    throw fail('asked for more input, which only tools/call, prompts/get and resources/read may');
  if (asked.round >= MAX_MRTR_ROUNDS) throw fail(`still asks for more input after ${MAX_MRTR_ROUNDS} rounds`);
  const { inputRequests, requestState } = asked.result;
  if (inputRequests === undefined && requestState === undefined)
    throw fail('asked for more input without saying what (no inputRequests, no requestState)');
  if (requestState !== undefined && typeof requestState !== 'string')
    throw fail('sent a requestState that is not a string');
  // Echoed on every round: a server may not make us carry (and send back) an unbounded blob.
  if (typeof requestState === 'string' && requestState.length > MAX_REQUEST_STATE_CHARS)
    throw fail(
      `sent a requestState of ${requestState.length} characters, more than the ${MAX_REQUEST_STATE_CHARS} a client echoes`,
    );
  if (
    inputRequests !== undefined &&
    (typeof inputRequests !== 'object' || inputRequests === null || Array.isArray(inputRequests))
  )
    throw fail('sent inputRequests that are not a map');
  const responses: Record<string, unknown> = {};
  const never = new AbortController().signal;
  for (const [key, request] of Object.entries(inputRequests ?? {})) {
    signal?.throwIfAborted();
    const asked = request as { method?: unknown; params?: unknown };
    if (!isInputMethod(asked?.method))
      throw fail(
        `asked for input "${key}" with ${JSON.stringify(asked?.method)}, not elicitation, sampling or roots`,
      );
    responses[key] = await connection.handleEmbedded(
      asked.method,
      asked.params,
      signal ?? never,
      `input:${key}`,
    );
  }
  return {
    ...(inputRequests !== undefined ? { inputResponses: responses } : {}),
    ...(requestState !== undefined ? { requestState } : {}),
  };
}

import { isRecord } from '../../../shared/json/isRecord';
import type {
  CreateMessageParams,
  CreateMessageResult,
  ElicitFormParams,
  ElicitResult,
  ElicitUrlParams,
  JsonSchemaObject,
  Root,
  SamplingMessage,
} from '../../../shared/mcp/protocol';
import { samplingContents } from '../../../shared/mcp/samplingContent';
import type { JsonRpcConnection } from '../jsonrpc/connection';
import { ErrorCode } from '../jsonrpc/errorCodes';
import { McpError } from '../mcpError';
import type { ClientHandlers, ServerRequestContext } from './handlers';
import type { SchemaValidator } from './schemaValidator';

const invalidParams = (message: string) => new McpError(ErrorCode.InvalidParams, message);
const internal = (message: string) => new McpError(ErrorCode.InternalError, message);

/** URL-mode elicitation ids we have seen and not yet seen completed. */
export class ElicitationTracker {
  private readonly open = new Set<string>();
  add(id: string): void {
    this.open.add(id);
  }
  /** True once per known id: unknown or already completed ids are ignored, as the spec requires. */
  complete(id: unknown): boolean {
    return typeof id === 'string' && this.open.delete(id);
  }
}

/**
 * Registers a handler for each client feature the host offers, validating what the server sends
 * before the host sees it and what the host answers before the server does.
 */
export function registerServerRequests(
  connection: JsonRpcConnection,
  handlers: ClientHandlers,
  deps: { server: string; validator: SchemaValidator; elicitations: ElicitationTracker },
): void {
  const ctxOf = (signal: AbortSignal): ServerRequestContext => ({ signal, server: deps.server });

  const roots = handlers.roots;
  if (roots) {
    connection.setRequestHandler('roots/list', async (_params, { signal }) => {
      const list: Root[] = await roots.list(ctxOf(signal));
      for (const root of list) {
        // A root is a file:// URI by definition; anything else is a bug on our side, never sent.
        if (typeof root.uri !== 'string' || !root.uri.startsWith('file://')) {
          throw internal(`refusing to send a root that is not a file:// URI: ${String(root.uri)}`);
        }
      }
      return {
        roots: list.map((r) => (r.name === undefined ? { uri: r.uri } : { uri: r.uri, name: r.name })),
      };
    });
  }

  const sampling = handlers.sampling;
  if (sampling) {
    connection.setRequestHandler('sampling/createMessage', async (params, { signal }) => {
      const p = checkSamplingParams(params, sampling);
      const result = await sampling.createMessage(p, ctxOf(signal));
      return checkSamplingResult(result);
    });
  }

  const elicitation = handlers.elicitation;
  if (elicitation?.form || elicitation?.url) {
    connection.setRequestHandler('elicitation/create', async (params, { signal }) => {
      if (typeof params.message !== 'string')
        throw invalidParams('elicitation/create needs a string message');
      const mode = params.mode ?? 'form';
      if (mode === 'form') {
        if (!elicitation.form) throw invalidParams('this client does not support form-mode elicitation');
        if (!isRecord(params.requestedSchema))
          throw invalidParams('form-mode elicitation needs a requestedSchema');
        const form: ElicitFormParams = {
          ...(params.mode === 'form' ? { mode: 'form' } : {}),
          message: params.message,
          requestedSchema: params.requestedSchema as JsonSchemaObject,
          ...metaOf(params),
        };
        const result = await elicitation.form(form, ctxOf(signal));
        return checkElicitResult(result, params.requestedSchema, deps.validator);
      }
      if (mode === 'url') {
        if (!elicitation.url) throw invalidParams('this client does not support URL-mode elicitation');
        if (typeof params.elicitationId !== 'string')
          throw invalidParams('URL-mode elicitation needs an elicitationId');
        if (typeof params.url !== 'string' || !URL.canParse(params.url)) {
          throw invalidParams('URL-mode elicitation needs a valid url');
        }
        deps.elicitations.add(params.elicitationId);
        const url: ElicitUrlParams = {
          mode: 'url',
          message: params.message,
          url: params.url,
          elicitationId: params.elicitationId,
          ...metaOf(params),
        };
        const result = await elicitation.url(url, ctxOf(signal));
        return checkElicitResult(result, undefined, deps.validator);
      }
      throw invalidParams(`unknown elicitation mode ${JSON.stringify(mode)}`);
    });
  }
}

function checkSamplingParams(
  params: Record<string, unknown>,
  sampling: NonNullable<ClientHandlers['sampling']>,
): CreateMessageParams {
  if (!Array.isArray(params.messages)) throw invalidParams('sampling/createMessage needs a messages array');
  if (typeof params.maxTokens !== 'number' || params.maxTokens <= 0) {
    throw invalidParams('sampling/createMessage needs a positive maxTokens');
  }
  if (params.tools !== undefined && !sampling.tools) {
    throw invalidParams('this client did not declare sampling.tools; tool-enabled sampling is not accepted');
  }
  const includeContext = params.includeContext ?? 'none';
  if (includeContext !== 'none' && !sampling.context) {
    throw invalidParams(
      `this client did not declare sampling.context; includeContext "${includeContext}" refused`,
    );
  }
  const messages = params.messages as SamplingMessage[];
  messages.forEach((m, i) => {
    if (!isRecord(m) || (m.role !== 'user' && m.role !== 'assistant') || m.content === undefined) {
      throw invalidParams(`messages[${i}] needs a role (user|assistant) and content`);
    }
    const blocks = samplingContents(m);
    const results = blocks.filter((b) => b?.type === 'tool_result').length;
    if (results > 0 && results < blocks.length) {
      throw invalidParams(`messages[${i}]: tool results mixed with other content`);
    }
  });
  // Every tool_use an assistant message asked for must be answered by the next user message.
  messages.forEach((m, i) => {
    if (m.role !== 'assistant') return;
    const uses = samplingContents(m).filter((b) => b.type === 'tool_use');
    if (uses.length === 0 || i === messages.length - 1) return;
    const answered = new Set(
      samplingContents(messages[i + 1]!)
        .filter((b) => b.type === 'tool_result')
        .map((b) => (b as { toolUseId: string }).toolUseId),
    );
    for (const use of uses) {
      if (!answered.has((use as { id: string }).id)) throw invalidParams('Tool result missing in request');
    }
  });
  if (!isCreateMessageParams(params))
    throw invalidParams(`sampling/createMessage: ${optionalProblem(params)}`);
  return params;
}

/** `_meta` as the request carried it (an object), to pass on with the checked fields. */
function metaOf(params: Record<string, unknown>): { _meta?: Record<string, unknown> } {
  return isRecord(params._meta) ? { _meta: params._meta } : {};
}

const INCLUDE_CONTEXT = new Set(['none', 'thisServer', 'allServers']);

/** Each optional field of a sampling request, with what it must be when present. */
const OPTIONAL: [field: string, what: string, ok: (v: unknown) => boolean][] = [
  ['modelPreferences', 'an object', isRecord],
  ['systemPrompt', 'a string', (v) => typeof v === 'string'],
  [
    'includeContext',
    'none, thisServer or allServers',
    (v) => typeof v === 'string' && INCLUDE_CONTEXT.has(v),
  ],
  ['temperature', 'a number', (v) => typeof v === 'number'],
  ['stopSequences', 'a list of strings', (v) => Array.isArray(v) && v.every((x) => typeof x === 'string')],
  ['metadata', 'an object', isRecord],
  ['tools', 'a list', Array.isArray],
  ['toolChoice', 'an object', isRecord],
];

function optionalProblem(params: Record<string, unknown>): string {
  const bad = OPTIONAL.find(([field, , ok]) => params[field] !== undefined && !ok(params[field]));
  return bad ? `${bad[0]} must be ${bad[1]}` : 'malformed request';
}

/** Everything checkSamplingParams checked, and the optional fields' types: what CreateMessageParams claims. */
function isCreateMessageParams(
  params: Record<string, unknown>,
): params is Record<string, unknown> & CreateMessageParams {
  return (
    Array.isArray(params.messages) &&
    params.messages.every(
      (m) => isRecord(m) && (m.role === 'user' || m.role === 'assistant') && m.content !== undefined,
    ) &&
    typeof params.maxTokens === 'number' &&
    OPTIONAL.every(([field, , ok]) => params[field] === undefined || ok(params[field]))
  );
}

function checkSamplingResult(result: CreateMessageResult): CreateMessageResult {
  if (!isRecord(result) || (result.role !== 'user' && result.role !== 'assistant')) {
    throw internal('sampling handler returned no role');
  }
  if (typeof result.model !== 'string' || result.content === undefined) {
    throw internal('sampling handler must return model and content');
  }
  return result;
}

const ACTIONS = new Set(['accept', 'decline', 'cancel']);

function checkElicitResult(
  result: ElicitResult,
  schema: Record<string, unknown> | undefined,
  validator: SchemaValidator,
): ElicitResult {
  if (!isRecord(result) || !ACTIONS.has(result.action)) {
    throw internal('elicitation handler must return action accept, decline or cancel');
  }
  if (result.action !== 'accept' || !schema) return { action: result.action };
  const content = result.content ?? {};
  const check = validator.check(schema, content);
  if (!check.valid)
    throw internal(`elicitation answer does not match the requested schema: ${check.errors.join('; ')}`);
  return { action: 'accept', content };
}

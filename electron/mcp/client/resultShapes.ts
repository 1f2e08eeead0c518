import { Ajv, type ErrorObject, type SchemaValidateFunction, type ValidateFunction } from 'ajv';
import { isRecord } from '../../../shared/json/isRecord';
import { ErrorCode } from '../jsonrpc/errorCodes';
import { McpError } from '../mcpError';
import type { ClientMethod } from './clientRequests';
import { contentBlockProblem } from './toolResultShape';

/**
 * Every result is checked against the shape the protocol's schema gives its method (both eras agree
 * on these; 2026-07-28's resultType, ttlMs and cacheScope are left to the code that reads them, as
 * absent means complete and uncached). What a field is required to be is enforced, and each optional
 * field this client or the host reads (a title, a description, an annotation's hint) must have its
 * type when present; anything else — unknown fields above all — passes. tools/call is checked by
 * callTool (toolResultProblem), after a task has run; tasks and skills in their own modules.
 *
 * The shapes are JSON Schemas, checked by ajv as servers' own schemas are (schemaValidator.ts): one
 * way to validate what a server sends. Each method's schema is compiled when it is first needed
 * (ajv's compiled code does not allocate on a valid result), and its first error is told the way a
 * person reads a result: `tools[3].inputSchema must be an object, not a string`.
 */
type Schema = Record<string, unknown>;

const string: Schema = { type: 'string' };
const boolean: Schema = { type: 'boolean' };
const number: Schema = { type: 'number' };
const object: Schema = { type: 'object' };
const oneOf = (...values: string[]): Schema => ({ enum: values });
const arrayOf = (items: Schema): Schema => ({ type: 'array', items });

/** An object with these fields required and these checked when present; others pass. */
function shape(required: Record<string, Schema>, optional: Record<string, Schema> = {}): Schema {
  return {
    type: 'object',
    required: Object.keys(required),
    properties: { ...required, _meta: object, ...optional },
  };
}

/**
 * Rules a JSON Schema would say only with a message it cannot word (a content block's fields by its
 * type): ajv runs them through the `problem` keyword, and what they return is the error as told.
 */
const PROBLEMS = {
  contentBlock: contentBlockProblem,
  textOrBlob: (v: unknown) =>
    isRecord(v) && typeof v.text !== 'string' && typeof v.blob !== 'string'
      ? 'has neither a text nor a blob string'
      : undefined,
} satisfies Record<string, (value: unknown) => string | undefined>;
const problem = (name: keyof typeof PROBLEMS): Schema => ({ problem: name });

/** What a list item may carry for a person to see: a title, a description, icons. */
const described = { title: string, description: string, icons: arrayOf(shape({ src: string })) };
const resourceContents: Schema = {
  ...shape({ uri: string }, { mimeType: string }),
  ...problem('textOrBlob'),
};
const tool = shape(
  { name: string, inputSchema: shape({ type: oneOf('object') }) },
  {
    ...described,
    outputSchema: object,
    annotations: shape(
      {},
      {
        title: string,
        readOnlyHint: boolean,
        destructiveHint: boolean,
        idempotentHint: boolean,
        openWorldHint: boolean,
      },
    ),
  },
);
const TOOL_RESULT = shape(
  { content: arrayOf(problem('contentBlock')) },
  { structuredContent: object, isError: boolean },
);
const page = (key: string, item: Schema) => shape({ [key]: arrayOf(item) }, { nextCursor: string });
const empty = shape({});

/** A result checked by the code that reads it, named here so that no method goes unchecked unnoticed. */
interface CheckedElsewhere {
  elsewhere: string;
}

/**
 * Every method the client sends, with its result's check: keyed by the method type, so a method
 * added to ClientRequests without one does not compile.
 */
const RESULT_SHAPES: { readonly [M in ClientMethod]: Schema | CheckedElsewhere } = {
  initialize: { elsewhere: 'the handshake (legacy/handshake.ts), before the session exists' },
  'tools/call': { elsewhere: 'callTool, by toolResultProblem below, after a task has run' },
  'tasks/get': { elsewhere: 'taskState.ts, by the task state it reports' },
  'tasks/update': empty,
  'tasks/cancel': empty,
  'skills/list': { elsewhere: 'skills.ts, entry by entry (a bad entry is left out, not the page)' },
  ping: empty,
  'logging/setLevel': empty,
  'resources/subscribe': empty,
  'resources/unsubscribe': empty,
  'subscriptions/listen': empty,
  'server/discover': shape(
    { supportedVersions: arrayOf(string), capabilities: object },
    { instructions: string },
  ),
  'tools/list': page('tools', tool),
  'resources/list': page(
    'resources',
    shape(
      { uri: string, name: string },
      { ...described, mimeType: string, size: number, annotations: object },
    ),
  ),
  'resources/templates/list': page(
    'resourceTemplates',
    shape({ uriTemplate: string, name: string }, { ...described, mimeType: string, annotations: object }),
  ),
  'resources/read': shape({ contents: arrayOf(resourceContents) }),
  'prompts/list': page(
    'prompts',
    shape(
      { name: string },
      {
        ...described,
        arguments: arrayOf(
          shape({ name: string }, { title: string, description: string, required: boolean }),
        ),
      },
    ),
  ),
  'prompts/get': shape(
    { messages: arrayOf(shape({ role: oneOf('user', 'assistant'), content: problem('contentBlock') })) },
    { description: string },
  ),
  'completion/complete': shape({
    completion: shape({ values: arrayOf(string) }, { total: number, hasMore: boolean }),
  }),
};

const ajv = new Ajv({ allErrors: false, verbose: true, strict: true });
// With a schema (the rule's name): ajv calls it as (name, value), and reads its errors from it.
const byRule: SchemaValidateFunction = (name: keyof typeof PROBLEMS, value: unknown) => {
  const what = PROBLEMS[name](value);
  if (what) byRule.errors = [{ keyword: 'problem', message: what, params: {} }];
  return what === undefined;
};
ajv.addKeyword({ keyword: 'problem', schemaType: 'string', errors: true, validate: byRule });
const compiled = new Map<ClientMethod | 'tools/call result', ValidateFunction>();

/** The first thing wrong with a result, where and what, as a person reads it. */
function told(error: ErrorObject): { path: string; what: string } {
  // From the JSON pointer: /tools/3/inputSchema → .tools[3].inputSchema (no key of these shapes is a number).
  let path = error.instancePath.replace(/\/(\d+)(?=\/|$)/g, '[$1]').replace(/\//g, '.');
  const params = error.params as { missingProperty?: string; type?: string; allowedValues?: unknown[] };
  switch (error.keyword) {
    case 'required':
      path += `.${params.missingProperty}`;
      return { path, what: 'is missing' };
    case 'type':
      return {
        path,
        what: `must be ${TYPE_NAMES[params.type ?? ''] ?? params.type}, not ${describe(error.data)}`,
      };
    case 'enum':
      return {
        path,
        what: `must be ${(params.allowedValues ?? []).map((v) => JSON.stringify(v)).join(' or ')}, not ${describe(error.data)}`,
      };
    default:
      return { path, what: error.message ?? 'is not what its schema says' };
  }
}
const TYPE_NAMES: Record<string, string> = {
  string: 'a string',
  boolean: 'true or false',
  number: 'a number',
  object: 'an object',
  array: 'an array',
};
const describe = (v: unknown) =>
  v === null ? 'null' : Array.isArray(v) ? 'an array' : typeof v === 'object' ? 'an object' : `a ${typeof v}`;

/** What is wrong with `result` by `schema` (compiled at its first use, then kept), in words; else undefined. */
function problemBy(
  key: ClientMethod | 'tools/call result',
  schema: Schema,
  result: unknown,
): string | undefined {
  let validate = compiled.get(key);
  if (!validate) {
    validate = ajv.compile(schema);
    compiled.set(key, validate);
  }
  if (validate(result)) return undefined;
  const problem = told(validate.errors![0]!);
  return problem.path ? `${problem.path.slice(1)} ${problem.what}` : problem.what;
}

/**
 * The result, when it has the shape its method's result must have; else an InvalidResult McpError
 * naming the method, the server and the first wrong place (the result kept in its data).
 */
export function checkedResult<T>(method: ClientMethod, result: T, server: string): T {
  const schema = RESULT_SHAPES[method];
  if (!('type' in schema)) return result;
  const problem = problemBy(method, schema, result);
  if (problem === undefined) return result;
  throw new McpError(
    ErrorCode.InvalidResult,
    `The server's ${method} result does not follow the MCP schema: ${problem} — a fault in the server, for its author to fix`,
    { server, method, data: { result } },
  );
}

/**
 * What is wrong with a tools/call result, in words, or undefined: checked by callTool once the call
 * (and any task it became) has a result, as a robust client must before anything uses it (the official
 * SDK checks the same with its schema). Block types this client does not know (a later revision's)
 * pass with their `type`; nothing else about them is assumed.
 */
export function toolResultProblem(result: unknown): string | undefined {
  return problemBy('tools/call result', TOOL_RESULT, result);
}

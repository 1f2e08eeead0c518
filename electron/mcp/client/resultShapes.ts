import { ErrorCode } from '../jsonrpc/errorCodes';
import { McpError } from '../mcpError';
import type { ClientMethod } from './clientRequests';
import { contentBlockProblem } from './toolResultShape';

/**
 * Every result is checked against the shape the protocol's schema gives its method (both eras agree
 * on these; 2026-07-28's resultType, ttlMs and cacheScope are left to the code that reads them, as
 * absent means complete and uncached). What a field is required to be is enforced, and each optional
 * field this client or the host reads (a title, a description, an annotation's hint) must have its
 * type when present; anything else — unknown fields above all — passes. tools/call is checked in
 * callTool (toolResultShape.ts), after a task has run; tasks and skills in their own modules.
 *
 * The checks are closures built once, walked without allocating on a valid result (a path is put
 * together only on the way back from a failure): they run on every result.
 */
interface Problem {
  /** Where, from the result down: `.tools[3].inputSchema`. */
  path: string;
  what: string;
}
type Check = (value: unknown) => Problem | undefined;

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const describe = (v: unknown) =>
  v === null ? 'null' : Array.isArray(v) ? 'an array' : typeof v === 'object' ? 'an object' : `a ${typeof v}`;
const wrong = (kind: string, v: unknown): Problem => ({
  path: '',
  what: `must be ${kind}, not ${describe(v)}`,
});

const string: Check = (v) => (typeof v === 'string' ? undefined : wrong('a string', v));
const boolean: Check = (v) => (typeof v === 'boolean' ? undefined : wrong('true or false', v));
const number: Check = (v) => (typeof v === 'number' ? undefined : wrong('a number', v));
const object: Check = (v) => (isObject(v) ? undefined : wrong('an object', v));
const oneOf =
  (...values: string[]): Check =>
  (v) =>
    typeof v === 'string' && values.includes(v)
      ? undefined
      : wrong(values.map((x) => JSON.stringify(x)).join(' or '), v);

function arrayOf(item: Check): Check {
  return (v) => {
    if (!Array.isArray(v)) return wrong('an array', v);
    for (let i = 0; i < v.length; i++) {
      const p = item(v[i]);
      if (p) return { path: `[${i}]${p.path}`, what: p.what };
    }
    return undefined;
  };
}

/** An object with these fields required and these checked when present; others pass. */
function shape(required: Record<string, Check>, optional: Record<string, Check> = {}): Check {
  const must = Object.entries(required);
  const may = Object.entries({ _meta: object, ...optional });
  return (v) => {
    if (!isObject(v)) return wrong('an object', v);
    for (const [key, check] of must) {
      if (!(key in v) || v[key] === undefined) return { path: `.${key}`, what: 'is missing' };
      const p = check(v[key]);
      if (p) return { path: `.${key}${p.path}`, what: p.what };
    }
    for (const [key, check] of may) {
      if (v[key] === undefined) continue;
      const p = check(v[key]);
      if (p) return { path: `.${key}${p.path}`, what: p.what };
    }
    return undefined;
  };
}

/** What a list item may carry for a person to see: a title, a description, icons. */
const described = { title: string, description: string, icons: arrayOf(shape({ src: string })) };
const contentBlock: Check = (v) => {
  const what = contentBlockProblem(v);
  return what ? { path: '', what } : undefined;
};
const resourceContents: Check = (v) => {
  const p = shape({ uri: string }, { mimeType: string })(v);
  if (p) return p;
  const c = v as Record<string, unknown>;
  if (typeof c.text === 'string' || typeof c.blob === 'string') return undefined;
  return { path: '', what: 'has neither a text nor a blob string' };
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
const page = (key: string, item: Check) => shape({ [key]: arrayOf(item) }, { nextCursor: string });
const empty = shape({});

/** A result checked by the code that reads it, named here so that no method goes unchecked unnoticed. */
interface CheckedElsewhere {
  elsewhere: string;
}

/**
 * Every method the client sends, with its result's check: keyed by the method type, so a method
 * added to ClientRequests without one does not compile.
 */
const RESULT_SHAPES: { readonly [M in ClientMethod]: Check | CheckedElsewhere } = {
  initialize: { elsewhere: 'the handshake (legacy/handshake.ts), before the session exists' },
  'tools/call': { elsewhere: 'callTool (toolResultShape.ts), after a task has run' },
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
    { messages: arrayOf(shape({ role: oneOf('user', 'assistant'), content: contentBlock })) },
    { description: string },
  ),
  'completion/complete': shape({
    completion: shape({ values: arrayOf(string) }, { total: number, hasMore: boolean }),
  }),
};

/**
 * The result, when it has the shape its method's result must have; else an InvalidResult McpError
 * naming the method, the server and the first wrong place (the result kept in its data).
 */
export function checkedResult<T>(method: ClientMethod, result: T, server: string): T {
  const check = RESULT_SHAPES[method];
  const problem = typeof check === 'function' ? check(result) : undefined;
  if (!problem) return result;
  const where = problem.path ? `${problem.path.slice(1)} ` : '';
  throw new McpError(
    ErrorCode.InvalidResult,
    `The server's ${method} result does not follow the MCP schema: ${where}${problem.what} — a fault in the server, for its author to fix`,
    { server, method, data: { result } },
  );
}

import type { Tool } from '../../../../shared/mcp/protocol';
import { headerValue } from '../../transport/mcpHeaders';
import type { ParamHeaders } from '../../transport/transport';

/** One parameter a tool mirrors into a header: where it is in the arguments, and the header's name. */
export interface HeaderParam {
  path: string[];
  header: string;
}

const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
const PRIMITIVE = new Set(['string', 'integer', 'boolean']);
/** Where subschemas sit in a JSON Schema (2020-12 and draft-07), other than `properties`. */
const SCHEMA_MAPS = ['patternProperties', '$defs', 'definitions', 'dependentSchemas'];
const SCHEMA_LISTS = ['allOf', 'anyOf', 'oneOf', 'prefixItems'];
const SCHEMA_ONES = [
  'additionalProperties',
  'items',
  'contains',
  'not',
  'if',
  'then',
  'else',
  'propertyNames',
  'unevaluatedProperties',
  'unevaluatedItems',
];

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The parameters a tool mirrors into `Mcp-Param-*` headers (2026-07-28, Custom Headers from Tool
 * Parameters), or why its annotations make the tool invalid: a name that is not an HTTP token or
 * repeats another (case-insensitively), a type other than string, integer or boolean, or an
 * annotation not reachable from the root through `properties` alone.
 */
export function headerParamsOf(tool: Tool): { params: HeaderParam[] } | { invalid: string } {
  const params: HeaderParam[] = [];
  const problems: string[] = [];
  const visit = (schema: unknown, path: string[], reachable: boolean) => {
    if (!isObject(schema)) return;
    const annotation = schema['x-mcp-header'];
    if (annotation !== undefined) {
      const where = path.length > 0 ? path.join('.') : '(the root)';
      if (!reachable) problems.push(`x-mcp-header on ${where} is not reachable through properties alone`);
      else if (path.length === 0) problems.push('x-mcp-header on the schema root');
      else if (typeof annotation !== 'string' || !TOKEN.test(annotation))
        problems.push(`x-mcp-header ${JSON.stringify(annotation)} on ${where} is not an HTTP header token`);
      else if (typeof schema.type !== 'string' || !PRIMITIVE.has(schema.type))
        problems.push(
          `x-mcp-header on ${where} is on a ${JSON.stringify(schema.type ?? 'untyped')} parameter (only string, integer, boolean)`,
        );
      else if (params.some((p) => p.header.toLowerCase() === annotation.toLowerCase()))
        problems.push(`x-mcp-header "${annotation}" is used twice`);
      else params.push({ path, header: annotation });
    }
    if (isObject(schema.properties))
      for (const [name, sub] of Object.entries(schema.properties)) visit(sub, [...path, name], reachable);
    for (const key of SCHEMA_MAPS)
      if (isObject(schema[key])) for (const sub of Object.values(schema[key])) visit(sub, path, false);
    for (const key of SCHEMA_LISTS)
      if (Array.isArray(schema[key])) for (const sub of schema[key]) visit(sub, path, false);
    for (const key of SCHEMA_ONES) {
      const sub = schema[key];
      if (Array.isArray(sub)) for (const s of sub) visit(s, path, false);
      else visit(sub, path, false);
    }
  };
  visit(tool.inputSchema, [], true);
  return problems.length > 0 ? { invalid: problems.join('; ') } : { params };
}

/**
 * The `Mcp-Param-*` headers of one call: each annotated parameter present in the arguments, encoded
 * per Value Encoding; absent or null parameters send none. An integer outside JavaScript's safe range
 * cannot be mirrored faithfully: it is an error, not a silently different header.
 */
export function paramHeaders(params: HeaderParam[], args: Record<string, unknown>): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const { path, header } of params) {
    let value: unknown = args;
    for (const key of path) value = isObject(value) ? value[key] : undefined;
    if (value === undefined || value === null) continue;
    if (typeof value === 'number' && !Number.isSafeInteger(value))
      throw new Error(
        `the value of ${path.join('.')} (${value}) cannot be sent in the Mcp-Param-${header} header`,
      );
    if (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'boolean') continue;
    headers[`mcp-param-${header.toLowerCase()}`] = headerValue(value);
  }
  return headers;
}

/**
 * What the last tools/list of a modern HTTP server said about headers: each tool's x-mcp-header
 * parameters (mirrored into each call's headers), and the tools left out for breaking the rules.
 */
export class ToolHeaders {
  private readonly params = new Map<string, HeaderParam[]>();
  private readonly refused = new Map<string, string>();

  /** A new listing: a tool whose annotations break the rules is left out (the others stay usable). */
  accept(tools: Tool[], warn: (message: string) => void): Tool[] {
    this.params.clear();
    this.refused.clear();
    return tools.filter((tool) => {
      const found = headerParamsOf(tool);
      if ('params' in found) {
        this.params.set(tool.name, found.params);
        return true;
      }
      this.refused.set(tool.name, found.invalid);
      warn(`tool "${tool.name}" left out: ${found.invalid}`);
      return false;
    });
  }

  /** Why `tool` was left out of the last listing; undefined when it was not. */
  refusal(tool: string): string | undefined {
    return this.refused.get(tool);
  }

  /** The `Mcp-Param-*` headers of one call, for the transport to send. */
  readonly headersOf: ParamHeaders = (tool, args) => paramHeaders(this.params.get(tool) ?? [], args);
}

import type { CallToolResult, Tool } from '../../../shared/mcp/protocol';
import type { SchemaValidator } from './schemaValidator';

/**
 * The shape of a tools/call result, checked as a robust client must before anything uses it (the
 * official SDK checks the same with its schema): a `content` array whose blocks carry what their type
 * needs, `structuredContent` an object, `isError` a boolean. Block types this client does not know
 * (a later revision's) pass with their `type`; nothing else about them is assumed. A hand-written walk:
 * it runs on every call, so it allocates nothing on the way through a valid result.
 * Returns what is wrong, in words, or undefined.
 */
export function toolResultProblem(result: unknown): string | undefined {
  if (!isObject(result)) return 'a result that is not an object';
  const content = result.content;
  if (!Array.isArray(content)) return 'no content array';
  for (let i = 0; i < content.length; i++) {
    const problem = contentBlockProblem(content[i]);
    if (problem) return `content[${i}] ${problem}`;
  }
  if (result.structuredContent !== undefined && !isObject(result.structuredContent))
    return 'structuredContent that is not an object';
  if (result.isError !== undefined && typeof result.isError !== 'boolean')
    return 'an isError that is not true or false';
  if (result._meta !== undefined && !isObject(result._meta)) return '_meta that is not an object';
  return undefined;
}

/**
 * What is wrong with the structuredContent of a tool that declares an outputSchema (checked unless
 * the result is an error), in words; undefined when nothing is.
 */
export function structuredContentProblem(
  tool: Tool,
  result: CallToolResult,
  validator: SchemaValidator,
): string | undefined {
  if (!tool.outputSchema || result.isError) return undefined;
  if (result.structuredContent === undefined)
    return 'no structuredContent although it declares an outputSchema';
  // Compiled once per tool definition (a new listing brings new objects, compiled again).
  const check = validator.checkWith(tool.outputSchema, result.structuredContent);
  if (check.valid) return undefined;
  return `structuredContent that does not match its outputSchema: ${check.errors.join('; ')}`;
}

/** What is wrong with one content block (a tool result's, a prompt message's), or undefined. */
export function contentBlockProblem(block: unknown): string | undefined {
  if (!isObject(block)) return 'is not an object';
  const type = block.type;
  if (typeof type !== 'string') return 'has no type';
  if (block.annotations !== undefined && !isObject(block.annotations))
    return `(${type}) has annotations that are not an object`;
  if (block._meta !== undefined && !isObject(block._meta)) return `(${type}) has _meta that is not an object`;
  switch (type) {
    case 'text':
      return typeof block.text === 'string' ? undefined : '(text) has no text string';
    case 'image':
    case 'audio':
      if (typeof block.data !== 'string') return `(${type}) has no base64 data string`;
      return typeof block.mimeType === 'string' ? undefined : `(${type}) has no mimeType`;
    case 'resource_link':
      if (typeof block.uri !== 'string') return '(resource_link) has no uri';
      return typeof block.name === 'string' ? undefined : '(resource_link) has no name';
    case 'resource': {
      const resource = block.resource;
      if (!isObject(resource) || typeof resource.uri !== 'string')
        return '(resource) has no resource with a uri';
      if (typeof resource.text !== 'string' && typeof resource.blob !== 'string')
        return '(resource) has neither text nor blob';
      return undefined;
    }
    default:
      return undefined;
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

import type { CallToolResult, Tool } from '../../../shared/mcp/protocol';
import type { SchemaValidator } from './schemaValidator';

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

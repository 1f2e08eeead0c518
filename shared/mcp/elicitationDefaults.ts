import type { ElicitValue, JsonSchemaObject } from './protocol';

/**
 * Fills in the `default` of every requestedSchema property the answer leaves out (SEP-1034: clients
 * SHOULD pre-populate fields with their defaults). Values the person gave are never replaced.
 */
export function applyElicitationDefaults(
  schema: JsonSchemaObject,
  content: Record<string, ElicitValue> = {},
): Record<string, ElicitValue> {
  const filled: Record<string, ElicitValue> = { ...content };
  for (const [name, property] of Object.entries(schema.properties ?? {})) {
    if (name in filled || typeof property !== 'object' || property === null) continue;
    const value = (property as { default?: unknown }).default;
    if (isElicitValue(value)) filled[name] = value;
  }
  return filled;
}

function isElicitValue(value: unknown): value is ElicitValue {
  return (
    typeof value === 'string' ||
    typeof value === 'number' ||
    typeof value === 'boolean' ||
    (Array.isArray(value) && value.every((v) => typeof v === 'string'))
  );
}

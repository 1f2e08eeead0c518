/** Whether `v` is a JSON object (not null, not an array): what a parsed document's fields are checked with. */
export const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

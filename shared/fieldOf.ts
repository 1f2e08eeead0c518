/** One field of a value not yet checked (parsed JSON, an error's data): undefined unless it is an object. */
export const fieldOf = (value: unknown, name: string): unknown =>
  typeof value === 'object' && value !== null ? Reflect.get(value, name) : undefined;

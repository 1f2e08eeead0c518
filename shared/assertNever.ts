/**
 * The default of a switch that covers every case of a union: a case added to the union and not
 * handled does not compile, and a value from outside the types (a bug) throws, naming itself.
 */
export function assertNever(value: never, what = 'value'): never {
  throw new Error(`Unexpected ${what}: ${JSON.stringify(value)}`);
}

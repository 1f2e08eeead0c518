/**
 * A base class whose instances carry the given values as their own fields: the host's parts become
 * its fields without each being written out as one (a new part is then a field by itself).
 */
export function carrying<Values extends object>(): new (values: Values) => Readonly<Values> {
  return class {
    constructor(values: Values) {
      Object.assign(this, values);
    }
  } as new (
    values: Values,
  ) => Readonly<Values>;
}

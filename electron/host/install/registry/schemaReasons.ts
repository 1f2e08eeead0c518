import type { ErrorObject } from 'ajv';

/** At most this many reasons per entry: the first few say what is wrong; the rest is noise. */
const MAX_REASONS = 6;

/** `packages[0].packageArguments[1]` for `/packages/0/packageArguments/1`; `(the entry)` for the root. */
function pathText(pointer: string): string {
  if (pointer === '') return '(the entry)';
  return pointer
    .split('/')
    .slice(1)
    .map((raw) => raw.replace(/~1/g, '/').replace(/~0/g, '~'))
    .map((part, i) => (/^\d+$/.test(part) ? `[${part}]` : i === 0 ? part : `.${part}`))
    .join('');
}

function valueAt(document: unknown, pointer: string): unknown {
  let at: unknown = document;
  for (const raw of pointer.split('/').slice(1)) {
    const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (typeof at !== 'object' || at === null) return undefined;
    at = Reflect.get(at, key);
  }
  return at;
}

/**
 * Ajv's errors for one document as sentences a person can act on. The schema's two `anyOf`s with a
 * `type` discriminator (an argument is positional or named; a transport is stdio, streamable-http or
 * sse) report every branch's complaint; only the branch the document chose is kept, and a missing
 * one of several properties reads as "needs valueHint or value".
 */
export function schemaReasons(errors: readonly ErrorObject[], document: unknown): string[] {
  const chosen = (path: string) => {
    const type = valueAt(document, `${path}/type`);
    return typeof type === 'string' ? type : undefined;
  };
  const kept: ErrorObject[] = [];
  const enums = new Map<string, Set<string>>();
  const alternatives = new Map<string, string[]>();
  for (const e of errors) {
    const isArgument = /Arguments\/\d+$/.test(e.instancePath);
    const type = chosen(e.instancePath);
    if (e.keyword === 'enum' && e.instancePath.endsWith('/type')) {
      const allowed = enums.get(e.instancePath) ?? new Set<string>();
      for (const v of (e.params as { allowedValues?: unknown[] }).allowedValues ?? []) allowed.add(String(v));
      enums.set(e.instancePath, allowed);
      continue;
    }
    if (isArgument && type === 'positional' && e.keyword === 'required' && missing(e) === 'name') continue;
    if (isArgument && type === 'named' && /\/anyOf\/\d+\/required$/.test(e.schemaPath)) continue;
    if (e.keyword === 'required' && /\/anyOf\/\d+\/required$/.test(e.schemaPath)) {
      const list = alternatives.get(e.instancePath) ?? [];
      list.push(missing(e));
      alternatives.set(e.instancePath, list);
      continue;
    }
    kept.push(e);
  }
  const reasons: string[] = [];
  const add = (reason: string) => {
    if (!reasons.includes(reason)) reasons.push(reason);
  };
  for (const [path, allowed] of enums) {
    // Each branch for another type complains about the type; when one branch takes it, none matters.
    const types = TYPES.find(([pattern]) => pattern.test(path))?.[1] ?? [...allowed];
    const actual = chosen(path.slice(0, -'/type'.length));
    if (actual === undefined || !types.includes(actual))
      add(`${pathText(path)} must be one of ${types.join(', ')}`);
  }
  for (const [path, names] of alternatives) add(`${pathText(path)} needs ${names.join(' or ')}`);
  const isUnion = (e: ErrorObject) => e.keyword === 'anyOf' || e.keyword === 'oneOf';
  for (const e of kept) if (!isUnion(e)) add(sentence(e));
  // "must match a schema in anyOf" adds nothing when a more precise reason covers the same place.
  for (const e of kept) if (isUnion(e) && !covered(e.instancePath, reasons)) add(sentence(e));
  if (reasons.length > MAX_REASONS) {
    const more = reasons.length - MAX_REASONS;
    return [...reasons.slice(0, MAX_REASONS), `and ${more} more problem${more === 1 ? '' : 's'}`];
  }
  return reasons;
}

/** The types each discriminated place in the schema takes. */
const TYPES: readonly [RegExp, readonly string[]][] = [
  [/Arguments\/\d+\/type$/, ['positional', 'named']],
  [/^\/remotes\/\d+\/type$/, ['streamable-http', 'sse']],
  [/\/transport\/type$/, ['stdio', 'streamable-http', 'sse']],
];

const missing = (e: ErrorObject) => String((e.params as { missingProperty?: unknown }).missingProperty);

const covered = (pointer: string, reasons: string[]) => {
  const at = pathText(pointer);
  return reasons.some((r) => r.startsWith(at === '(the entry)' ? '' : at));
};

function sentence(e: ErrorObject): string {
  const at = pathText(e.instancePath);
  switch (e.keyword) {
    case 'required':
      return `${at} needs ${missing(e)}`;
    case 'not':
      return `${at} must not be ${JSON.stringify(valueOfNot(e))}`;
    case 'anyOf':
    case 'oneOf':
      return `${at} is none of the forms the schema allows`;
    default:
      return `${at} ${e.message ?? 'is not allowed'}`;
  }
}

/** The schema's only `not` is `{const: "latest"}` on a package's version. */
const valueOfNot = (e: ErrorObject): unknown => {
  const schema = e.parentSchema as { not?: { const?: unknown } } | undefined;
  return schema?.not?.const ?? 'that';
};

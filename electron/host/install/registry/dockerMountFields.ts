// `docker run --mount`'s value read exactly as Docker's CLI reads it (docker/cli opts/mount.go): one
// record of Go's encoding/csv — fields split on ",", a field that starts with `"` is quoted (its
// commas kept, `""` one quote, the quotes removed) — then each field cut at its first "=" into a key
// (any case) and a value, the last of a key given twice winning. Judging the value any other way
// lets `"type=bind"` or `type=volume,type=bind` pass as a volume and reach the daemon as a bind
// mount of the whole disk. So whatever Docker could read otherwise, or not at all, is refused: a
// quote Go's reader rejects, a line break (its reader starts a new record, or skips a blank line), a
// field Docker does not know, and any field given twice (in any of its spellings: src and source).

export type MountFields =
  /** By canonical key (`source` for src, `target` for dst and destination, `readonly` for ro). */
  { ok: true; fields: ReadonlyMap<string, string | true> } | { ok: false; problem: string };

/** Every key Docker's CLI knows, spelled as it is canonically: other spellings map here. */
const SPELLINGS: Readonly<Record<string, string>> = {
  type: 'type',
  source: 'source',
  src: 'source',
  target: 'target',
  dst: 'target',
  destination: 'target',
  readonly: 'readonly',
  ro: 'readonly',
  consistency: 'consistency',
  'bind-propagation': 'bind-propagation',
  'bind-nonrecursive': 'bind-nonrecursive',
  'bind-recursive': 'bind-recursive',
  'bind-create-src': 'bind-create-src',
  'volume-subpath': 'volume-subpath',
  'volume-nocopy': 'volume-nocopy',
  'volume-label': 'volume-label',
  'volume-driver': 'volume-driver',
  'volume-opt': 'volume-opt',
  'image-subpath': 'image-subpath',
  'tmpfs-size': 'tmpfs-size',
  'tmpfs-mode': 'tmpfs-mode',
};
/** Keys Docker reads as "true" when they come without a value. */
const SWITCHES = new Set(['readonly', 'volume-nocopy', 'bind-nonrecursive', 'bind-create-src']);

const unreadable = (why: string): MountFields => ({
  ok: false,
  problem: `cannot be read as Docker reads it: it has ${why}`,
});

/** The CSV fields of `value` (Go's encoding/csv, one record, no lazy quotes). */
function csvFields(value: string): string[] | MountFields {
  const fields: string[] = [];
  let i = 0;
  for (;;) {
    let field = '';
    if (value[i] === '"') {
      i++;
      for (;;) {
        const close = value.indexOf('"', i);
        if (close < 0) return unreadable('a quote it never closes');
        field += value.slice(i, close);
        i = close + 1;
        if (value[i] !== '"') break;
        field += '"';
        i++;
      }
      if (i < value.length && value[i] !== ',') return unreadable('text after the closing quote of a field');
    } else {
      const comma = value.indexOf(',', i);
      const end = comma < 0 ? value.length : comma;
      field = value.slice(i, end);
      if (field.includes('"'))
        return unreadable('a quote inside an unquoted field (a field with a quote is quoted whole)');
      i = end;
    }
    fields.push(field);
    if (i >= value.length) return fields;
    i++;
  }
}

export function dockerMountFields(value: string): MountFields {
  if (value === '') return { ok: false, problem: 'is empty: a mount names at least its target (dst=/path)' };
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused
  if (/[\u0000-\u001f\u007f]/.test(value))
    return unreadable('a line break or another control character, which Docker reads as another record');
  const read = csvFields(value);
  if (!Array.isArray(read)) return read;
  const fields = new Map<string, string | true>();
  for (const field of read) {
    if (field === '')
      return { ok: false, problem: 'has an empty field (two commas together, or one at an end)' };
    const eq = field.indexOf('=');
    const written = eq < 0 ? field : field.slice(0, eq);
    const key = Object.hasOwn(SPELLINGS, written.toLowerCase())
      ? SPELLINGS[written.toLowerCase()]
      : undefined;
    if (key === undefined)
      return {
        ok: false,
        problem: `names ${JSON.stringify(written)}, which is not a field of a mount that Switchboard knows`,
      };
    if (fields.has(key))
      return {
        ok: false,
        problem: `gives ${JSON.stringify(key)} twice (Docker would use the last): a mount names each of its fields once`,
      };
    if (eq < 0 && !SWITCHES.has(key))
      return { ok: false, problem: `gives ${JSON.stringify(written)} without a value (${written}=…)` };
    fields.set(key, eq < 0 ? true : field.slice(eq + 1));
  }
  return { ok: true, fields };
}

import type { DraftValue } from '../../../shared/host/serverDraft';

export interface KeyValueRow {
  name: string;
  value: DraftValue;
}

/**
 * Env variables or headers: name, value, and a secret toggle. A stored secret is never sent to the
 * window: it shows as "stored" and can be kept or replaced, not read.
 */
export function KeyValueEditor({
  legend,
  rows,
  onChange,
  namePlaceholder,
}: {
  legend: string;
  rows: KeyValueRow[];
  onChange: (rows: KeyValueRow[]) => void;
  namePlaceholder: string;
}) {
  const update = (i: number, row: KeyValueRow) => onChange(rows.map((r, j) => (j === i ? row : r)));
  return (
    <fieldset className="kv">
      <legend>{legend}</legend>
      {rows.map((row, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: rows are edited in place by position
        <div className="kv-row" key={i}>
          <input
            aria-label={`${legend} ${i + 1} name`}
            placeholder={namePlaceholder}
            value={row.name}
            onChange={(e) => update(i, { ...row, name: e.target.value })}
          />
          {'keep' in row.value ? (
            <span className="stored">
              secret stored{' '}
              <button type="button" onClick={() => update(i, { ...row, value: { value: '', secret: true } })}>
                Replace
              </button>
            </span>
          ) : (
            <input
              aria-label={`${legend} ${i + 1} value`}
              type={row.value.secret ? 'password' : 'text'}
              autoComplete="off"
              value={row.value.value}
              onChange={(e) =>
                update(i, {
                  ...row,
                  value: row.value.secret
                    ? { value: e.target.value, secret: true }
                    : { value: e.target.value },
                })
              }
            />
          )}
          <label className="check">
            <input
              type="checkbox"
              checked={row.value.secret === true}
              disabled={'keep' in row.value}
              onChange={(e) =>
                update(i, {
                  ...row,
                  value: e.target.checked
                    ? { value: 'value' in row.value ? row.value.value : '', secret: true }
                    : { value: 'value' in row.value ? row.value.value : '' },
                })
              }
            />
            secret
          </label>
          <button
            type="button"
            aria-label={`Remove ${row.name || `row ${i + 1}`}`}
            onClick={() => onChange(rows.filter((_, j) => j !== i))}
          >
            ✕
          </button>
        </div>
      ))}
      <button type="button" onClick={() => onChange([...rows, { name: '', value: { value: '' } }])}>
        Add
      </button>
    </fieldset>
  );
}

export const rowsOf = (record: Record<string, DraftValue>): KeyValueRow[] =>
  Object.entries(record).map(([name, value]) => ({ name, value }));

/** Rows back to a record; names must be present and unique. */
export function recordOf(rows: KeyValueRow[], what: string): Record<string, DraftValue> {
  const out: Record<string, DraftValue> = {};
  for (const row of rows) {
    const name = row.name.trim();
    if (!name) throw new Error(`${what}: every row needs a name`);
    if (name in out) throw new Error(`${what}: ${name} appears twice`);
    out[name] = row.value;
  }
  return out;
}

import { Fragment } from 'react';
import type { Settings } from '../../../shared/host/settings';

const number = (v: string) => (v.trim() === '' ? Number.NaN : Number(v));
const shown = (n: number) => (Number.isNaN(n) ? '' : n);
const KEEP = [
  ['keepDays', 'Keep older entries for (days)'],
  ['keepMegabytes', 'Keep at most (MB)'],
] as const;

/** Settings' activity record: how long older files are kept, how much of them, and whole results or digests. */
export function ActivitySetting({
  draft,
  onChange,
}: {
  draft: Settings;
  onChange: (next: Settings) => void;
}) {
  const set = (part: Partial<Settings['activity']>) =>
    onChange({ ...draft, activity: { ...draft.activity, ...part } });
  return (
    <>
      <h2>Activity record</h2>
      <div className="row">
        {KEEP.map(([key, label]) => (
          <Fragment key={key}>
            <label htmlFor={`activity-${key}`}>{label}</label>
            <input
              id={`activity-${key}`}
              type="number"
              min={0}
              aria-describedby="activity-keep-desc"
              value={shown(draft.activity[key])}
              onChange={(e) => set({ [key]: number(e.target.value) })}
            />
          </Fragment>
        ))}
      </div>
      <p id="activity-keep-desc" className="field-desc muted">
        The record moves to a new file every 20 MB. Older files are removed once everything in them is older
        than this many days, or, oldest first, once they take more room than this. 0: never. A removal is
        itself recorded.
      </p>
      <label className="check">
        <input
          type="checkbox"
          checked={draft.activity.keepResultsWhole}
          onChange={(e) => set({ keepResultsWhole: e.target.checked })}
        />
        Keep whole results (secrets hidden) — not only their size and SHA-256
      </label>
    </>
  );
}

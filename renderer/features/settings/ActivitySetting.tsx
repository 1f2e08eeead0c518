import type { Settings } from '../../../shared/host/settings';

const number = (v: string) => (v.trim() === '' ? Number.NaN : Number(v));
const shown = (n: number) => (Number.isNaN(n) ? '' : n);

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
        <label htmlFor="activity-keep-days">Keep older entries for (days)</label>
        <input
          id="activity-keep-days"
          type="number"
          min={0}
          aria-describedby="activity-keep-desc"
          value={shown(draft.activity.keepDays)}
          onChange={(e) => set({ keepDays: number(e.target.value) })}
        />
        <label htmlFor="activity-keep-megabytes">Keep at most (MB)</label>
        <input
          id="activity-keep-megabytes"
          type="number"
          min={0}
          aria-describedby="activity-keep-desc"
          value={shown(draft.activity.keepMegabytes)}
          onChange={(e) => set({ keepMegabytes: number(e.target.value) })}
        />
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

import { progressCount } from '../../components/progressCount';
import { revealAsText } from '../../components/revealHidden';
import { SafeText } from '../../components/SafeText';
import type { ToolRun } from '../../state/slices/runs';

/** A running tool call: progress against total when the server gives one, its message, and a cancel. */
export function RunProgress({ run, onCancel }: { run: ToolRun; onCancel: () => void }) {
  const p = run.progress;
  return (
    <div className="run-progress" aria-live="polite">
      <progress
        aria-label={`Progress of ${revealAsText(run.tool)}`}
        {...(p?.total ? { value: p.progress, max: p.total } : {})}
      />
      <span className="muted" {...(p?.task ? { 'data-task-status': p.task.status } : {})}>
        {p?.task ? `task ${p.task.status.replace('_', ' ')}` : p ? progressCount(p) : 'running…'}
        {p?.message && (
          <>
            {' '}
            · <SafeText text={p.message} />
          </>
        )}
      </span>
      <button type="button" onClick={onCancel}>
        Cancel
      </button>
    </div>
  );
}

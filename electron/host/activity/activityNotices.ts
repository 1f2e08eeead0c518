import type { ActivityNotice, ActivityProblem } from '../../../shared/host/activity';
import { Emitter } from '../../mcp';

/**
 * What the window says about the record itself: writing failed (said once, with what was missed
 * counted when it works again), or the chain did not hold at start. Kept until it changes, so a
 * window that connects later is told too.
 */
export class ActivityNotices {
  private notice: ActivityNotice = {};
  private readonly changeEmitter = new Emitter<ActivityNotice>();
  readonly onChange = this.changeEmitter.event;

  current(): ActivityNotice {
    return this.notice;
  }

  /** Writing failed (`error`) with `missed` entries lost so far; or, with no error, works again. */
  writing(error: string | undefined, missed: number): void {
    const { failing: _, missed: __, ...rest } = this.notice;
    this.set({
      ...rest,
      ...(error !== undefined ? { failing: error } : {}),
      ...(missed > 0 ? { missed } : {}),
    });
  }

  /** The chain checked at start: where it does not hold. */
  checked(problems: readonly ActivityProblem[]): void {
    const { broken: _, ...rest } = this.notice;
    this.set(
      problems.length > 0 ? { ...rest, broken: { places: problems.length, first: problems[0]! } } : rest,
    );
  }

  private set(notice: ActivityNotice): void {
    this.notice = notice;
    this.changeEmitter.fire(notice);
  }
}

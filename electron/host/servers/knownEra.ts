import type { Era } from '../../../shared/mcp/protocol';
import type { EraMemory } from './eraStore';

/**
 * The era one server answered in, as its session knows it (2026-07-28 basic/versioning: kept for
 * the life of this configuration, across app restarts for a local one; a legacy server is not probed
 * again unless its initialize fails). What answered before may not be what is there after a failed
 * start: it is found out again.
 */
export class KnownEra {
  private era: Era | undefined;
  /** Whether the era kept from an earlier launch was read (once: after that, `era` is the truth). */
  private recalled = false;

  constructor(
    private readonly memory: EraMemory | undefined,
    /** Kept across app restarts (a local server's; a remote one is found out at each launch). */
    private readonly kept: boolean,
  ) {}

  /** The era to speak at the next start, if known. */
  async known(): Promise<Era | undefined> {
    if (!this.recalled && this.kept) {
      this.recalled = true;
      this.era ??= await this.memory?.recall().catch(() => undefined);
    }
    return this.era;
  }

  /** The server answered in `era`. */
  answered(era: Era): void {
    if (era !== this.era && this.kept) void this.memory?.remember(era).catch(() => {});
    this.era = era;
  }

  /** A start failed: whatever answered before is found out again at the next. */
  forget(): void {
    if (this.era) void this.memory?.remember(undefined).catch(() => {});
    this.era = undefined;
  }
}

import { describe, expect, it } from 'vitest';
import { DEFAULT_RESTART_POLICY, REMOTE_QUICK_TRIES, restartDelay } from './restartPolicy';

describe('restartDelay', () => {
  it('doubles from the base delay and gives a local server up after its tries', () => {
    const delays = [1, 2, 3, 4, 5, 6].map((tries) => restartDelay(DEFAULT_RESTART_POLICY, tries, false));
    expect(delays).toEqual([1000, 2000, 4000, 8000, 16_000, undefined]);
  });

  it('tries a remote server again every second at first (a restart is found at once), then backs off to 30 s apart, for as long as it is configured', () => {
    const first = Array.from({ length: REMOTE_QUICK_TRIES }, (_, i) =>
      restartDelay(DEFAULT_RESTART_POLICY, i + 1, true),
    );
    expect(new Set(first)).toEqual(new Set([1000]));
    expect(
      [1, 2, 3, 4, 5, 6].map((n) => restartDelay(DEFAULT_RESTART_POLICY, REMOTE_QUICK_TRIES + n, true)),
    ).toEqual([2000, 4000, 8000, 16_000, 30_000, 30_000]);
    expect(restartDelay(DEFAULT_RESTART_POLICY, 500, true)).toBe(30_000);
  });

  it('a crash after a stable run (its tries counted afresh) waits the first delay, not half of it', () => {
    expect(restartDelay(DEFAULT_RESTART_POLICY, 0, false)).toBe(1000);
    expect(restartDelay(DEFAULT_RESTART_POLICY, 0, true)).toBe(1000);
  });
});

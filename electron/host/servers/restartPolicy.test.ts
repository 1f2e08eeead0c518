import { describe, expect, it } from 'vitest';
import { DEFAULT_RESTART_POLICY, restartDelay } from './restartPolicy';

describe('restartDelay', () => {
  it('doubles from the base delay and gives a local server up after its tries', () => {
    const delays = [1, 2, 3, 4, 5, 6].map((tries) => restartDelay(DEFAULT_RESTART_POLICY, tries, false));
    expect(delays).toEqual([1000, 2000, 4000, 8000, 16_000, undefined]);
  });

  it('tries a remote server again for as long as it is configured, at most 30 s apart', () => {
    expect(restartDelay(DEFAULT_RESTART_POLICY, 6, true)).toBe(30_000);
    expect(restartDelay(DEFAULT_RESTART_POLICY, 500, true)).toBe(30_000);
    expect(restartDelay(DEFAULT_RESTART_POLICY, 2, true)).toBe(2000);
  });
});

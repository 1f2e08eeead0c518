import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RateLimit } from './rateLimit';

describe('RateLimit', () => {
  it('lets through at most the limit in any sliding window', () => {
    let now = 0;
    const limit = new RateLimit(2, 60_000, () => now);
    expect([limit.take(), limit.take(), limit.take()]).toEqual([true, true, false]);
    now = 30_000;
    expect(limit.take()).toBe(false);
    now = 59_999;
    expect(limit.take()).toBe(false);
    now = 60_000;
    expect([limit.take(), limit.take(), limit.take()]).toEqual([true, true, false]);
    expect(new RateLimit(0, 60_000).take()).toBe(false);
  });

  it('is no token bucket: a burst is not refilled at the average rate within its window', () => {
    // Three at once, one a second on average: a bucket would let a fourth through at 1 s.
    let now = 0;
    const limit = new RateLimit(3, 3_000, () => now);
    expect([limit.take(), limit.take(), limit.take()]).toEqual([true, true, true]);
    for (now = 1_000; now < 3_000; now += 500) expect(limit.take(), `at ${now} ms`).toBe(false);
    now = 3_000;
    expect(limit.take()).toBe(true);
  });

  it('weighs each take by its cost; a cost over the limit never passes', () => {
    let now = 0;
    const limit = new RateLimit(10, 1_000, () => now);
    expect(limit.take(6)).toBe(true);
    expect(limit.take(5)).toBe(false);
    expect(limit.take(4)).toBe(true);
    now = 999;
    expect(limit.take(1)).toBe(false);
    now = 1_000;
    expect(limit.take(10)).toBe(true);
    now = 10_000;
    expect(limit.take(11)).toBe(false);
    expect(limit.take(10)).toBe(true);
  });

  it('judges the window by the limit given with a take (a setting changed meanwhile)', () => {
    let now = 0;
    const limit = new RateLimit(5, 60_000, () => now);
    expect(limit.take(1, 1)).toBe(true);
    expect(limit.take(1, 1)).toBe(false);
    expect(limit.take(1, 2)).toBe(true);
    expect(limit.take()).toBe(true);
    expect(limit.take(1, 0)).toBe(false);
    now = 60_000;
    expect(limit.take(1, 1)).toBe(true);
  });

  it('stays exact over a long flood, while what left the window is dropped', () => {
    let now = 0;
    const limit = new RateLimit(300, 700, () => now);
    let inWindow: { at: number; cost: number }[] = [];
    for (let i = 0; i < 20_000; i++) {
      now += i % 7 === 0 ? 0 : 1;
      const cost = i % 5;
      inWindow = inWindow.filter((t) => now - t.at < 700);
      const expected = inWindow.reduce((sum, t) => sum + t.cost, 0) + cost <= 300;
      if (expected) inWindow.push({ at: now, cost });
      expect(limit.take(cost), `take ${i}`).toBe(expected);
    }
  });

  it('answers as a plain list of every take in the window would, through floods and pauses', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 50 }),
        fc.integer({ min: 1, max: 5_000 }),
        // Steps in time (mostly none: floods within one millisecond) and costs.
        fc.array(
          fc.tuple(
            fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 3_000 })),
            fc.integer({ min: 0, max: 8 }),
          ),
          {
            maxLength: 3_000,
          },
        ),
        (max, windowMs, steps) => {
          let now = 0;
          const limit = new RateLimit(max, windowMs, () => now);
          const taken: { at: number; cost: number }[] = [];
          for (const [step, cost] of steps) {
            now += step;
            const inWindow = taken.filter((t) => now - t.at < windowMs).reduce((sum, t) => sum + t.cost, 0);
            const expected = inWindow + cost <= max;
            if (expected) taken.push({ at: now, cost });
            expect(limit.take(cost)).toBe(expected);
          }
        },
      ),
      { numRuns: 200 },
    );
  });
});

import { describe, expect, it } from 'vitest';
import { RateLimiter } from './rateLimiter';

describe('RateLimiter', () => {
  it('allows the limit per key per sliding minute', async () => {
    let now = 0;
    const limiter = new RateLimiter(
      () => 2,
      60_000,
      () => now,
    );
    expect([await limiter.take('a'), await limiter.take('a'), await limiter.take('a')]).toEqual([
      true,
      true,
      false,
    ]);
    expect(await limiter.take('b')).toBe(true);
    now = 59_999;
    expect(await limiter.take('a')).toBe(false);
    now = 60_000;
    expect(await limiter.take('a')).toBe(true);
    const off = new RateLimiter(() => 0);
    expect(await off.take('a')).toBe(false);
  });
});

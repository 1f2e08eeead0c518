import { describe, expect, it } from 'vitest';
import { PerServerPerMinute } from './perServerPerMinute';

describe('PerServerPerMinute', () => {
  it('allows the limit per server per sliding minute, read at each request', async () => {
    let now = 0;
    let setting = 2;
    const limit = new PerServerPerMinute(
      async () => setting,
      () => now,
    );
    const allowed = async (server: string) => (await limit.take(server)).allowed;
    expect([await allowed('a'), await allowed('a'), await allowed('a')]).toEqual([true, true, false]);
    expect(await limit.take('a')).toEqual({ allowed: false, perMinute: 2 });
    expect(await allowed('b')).toBe(true);
    now = 59_999;
    expect(await allowed('a')).toBe(false);
    now = 60_000;
    expect(await allowed('a')).toBe(true);
    // Lowered in Settings: what the minute already holds counts against the new limit.
    setting = 1;
    expect(await limit.take('a')).toEqual({ allowed: false, perMinute: 1 });
    setting = 3;
    expect(await allowed('a')).toBe(true);
    setting = 0;
    expect(await allowed('c')).toBe(false);
  });
});

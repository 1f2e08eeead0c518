import { describe, expect, it } from 'vitest';
import { approveAtOnce, json, protectedServer } from '../../../e2e/fixtures/oauth/loopbackAuthServer';
import { issueSoon, refreshesAt } from '../../../e2e/fixtures/oauth/rotatingAuthServer';
import { MemoryAuthStore } from './authStore';
import { authorizerOn, challenge401, nowhere } from './challenge401.testkit';

/** An authorization server whose tokens live `seconds`, rotating its refresh token at each refresh. */
async function shortLived(seconds: number) {
  let issued = 0;
  const f = await protectedServer({
    more: (url, res) => {
      if (url.pathname === '/register') json(res, { client_id: 'c' }, 201);
      else if (url.pathname === '/authorize') approveAtOnce(url, res);
      else if (url.pathname === '/token') issueSoon(res, ++issued, seconds);
      else return false;
      return true;
    },
  });
  const auth = authorizerOn(f.base, new MemoryAuthStore());
  await auth.challenged(challenge401());
  return { auth, refreshes: () => refreshesAt(f.requests) };
}

describe('refreshing short-lived tokens', () => {
  it('a token that lives less than the refresh margin is used, not refreshed before every request', async () => {
    // Found by the OAuth e2e (6-second tokens): every request refreshed first, each spending the
    // rotating refresh token, and a host killed mid-refresh came back signed out.
    const { auth, refreshes } = await shortLived(6);
    for (let i = 0; i < 5; i++)
      expect((await auth.authorization('POST', nowhere))?.authorization).toBe('Bearer t1');
    expect(refreshes()).toBe(0);
  });

  it('once due, requests that come together refresh it once and all go with the new token', async () => {
    const { auth, refreshes } = await shortLived(1);
    // Due a quarter of its life before it expires.
    await new Promise((r) => setTimeout(r, 800));
    const sent = await Promise.all([1, 2, 3].map(() => auth.authorization('POST', nowhere)));
    expect(sent.map((h) => h?.authorization)).toEqual(['Bearer t2', 'Bearer t2', 'Bearer t2']);
    expect(refreshes()).toBe(1);
  });
});

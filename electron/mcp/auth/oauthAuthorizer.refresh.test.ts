import { describe, expect, it } from 'vitest';
import { approveAtOnce, json, protectedServer } from '../../../e2e/fixtures/oauth/loopbackAuthServer';
import { MemoryAuthStore } from './authStore';
import { OAuthAuthorizer } from './oauthAuthorizer';

const nowhere = new URL('http://127.0.0.1/mcp');

/** An authorization server whose tokens live `seconds`, rotating its refresh token at each refresh. */
async function shortLived(seconds: number) {
  let issued = 0;
  const f = await protectedServer({
    more: (url, res) => {
      if (url.pathname === '/register') json(res, { client_id: 'c' }, 201);
      else if (url.pathname === '/authorize') approveAtOnce(url, res);
      else if (url.pathname === '/token') {
        const n = ++issued;
        // Answered a moment later, as a real token endpoint: concurrent requests overlap.
        setTimeout(
          () =>
            json(res, {
              access_token: `t${n}`,
              refresh_token: `r${n}`,
              token_type: 'Bearer',
              expires_in: seconds,
            }),
          20,
        );
      } else return false;
      return true;
    },
  });
  const auth = new OAuthAuthorizer({
    serverUrl: `${f.base}/mcp`,
    store: new MemoryAuthStore(),
    interactive: () => true,
    signIn: async ({ url }) => void (await (await fetch(url)).text()),
  });
  await auth.challenged({
    status: 401,
    header: 'Bearer',
    sentAuthorization: undefined,
    url: nowhere,
    dpopNonce: null,
  });
  const refreshes = () =>
    f.requests.filter((r) => r.url === '/token' && r.body.includes('grant_type=refresh_token')).length;
  return { auth, refreshes };
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

import type { ServerResponse } from 'node:http';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  approveAtOnce,
  json,
  protectedServer,
  type Recorded,
} from '../../../e2e/fixtures/oauth/loopbackAuthServer';
import { tempDirPerTest } from '../../../e2e/fixtures/tempDir';
import { type AuthStore, MemoryAuthStore } from './authStore';
import { challenge401, nowhere } from './challenge401.testkit';
import { FileAuthStore } from './fileAuthStore';
import { OAuthAuthorizer } from './oauthAuthorizer';

/** Issues tokens t<n> and r<n> living `seconds`, a moment later, as a real token endpoint: concurrent requests overlap. */
const issueSoon = (res: ServerResponse, n: number, seconds: number) =>
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

/** How many refresh grants the authorization server received. */
const refreshesAt = (requests: Recorded[]) =>
  requests.filter((r) => r.url === '/token' && r.body.includes('grant_type=refresh_token')).length;

const authorizerOn = (base: string, store: AuthStore) =>
  new OAuthAuthorizer({
    serverUrl: `${base}/mcp`,
    store,
    interactive: () => true,
    signIn: async ({ url }) => void (await (await fetch(url)).text()),
  });

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

/**
 * A rotating authorization server that, like oidc-provider, takes a spent refresh token as stolen:
 * the refresh is refused and every token of that sign-in revoked.
 */
async function rotatingWithReuseDetection(seconds: number) {
  let issued = 0;
  const live = new Set<string>();
  let revoked = false;
  const f = await protectedServer({
    more: (url, res, body) => {
      if (url.pathname === '/register') json(res, { client_id: 'c' }, 201);
      else if (url.pathname === '/authorize') approveAtOnce(url, res);
      else if (url.pathname === '/token') {
        const form = new URLSearchParams(body);
        if (form.get('grant_type') === 'refresh_token') {
          const spent = form.get('refresh_token') ?? '';
          if (revoked || !live.delete(spent)) {
            revoked = true;
            live.clear();
            json(res, { error: 'invalid_grant', error_description: 'refresh token already used' }, 400);
            return true;
          }
        }
        const n = ++issued;
        live.add(`r${n}`);
        issueSoon(res, n, seconds);
      } else return false;
      return true;
    },
  });
  return { f, refreshes: () => refreshesAt(f.requests), revoked: () => revoked };
}

describe('refreshing when another process uses the same store (the app and mcp chat, CLI runs)', () => {
  let dir: string;
  tempDirPerTest('sb-refresh-', (d) => {
    dir = d;
  });

  it('a refresh token another process rotated is taken from the store, never spent again (which would revoke the sign-in)', async () => {
    // Found by the attack run on issue 29's fixes: the app kept the refresh token it read at start;
    // after `mcp chat` refreshed (rotating it), the app's next refresh sent the spent one, a
    // rotating server revoked the whole sign-in, and the app erased the chat's new tokens.
    const as = await rotatingWithReuseDetection(1);
    const file = path.join(dir, 'credentials.json');
    const app = authorizerOn(as.f.base, new FileAuthStore(file));
    await app.challenged(challenge401());
    expect((await app.authorization('POST', nowhere))?.authorization).toBe('Bearer t1');
    await new Promise((r) => setTimeout(r, 800)); // due
    const chat = authorizerOn(as.f.base, new FileAuthStore(file));
    expect((await chat.authorization('POST', nowhere))?.authorization).toBe('Bearer t2');
    expect((await app.authorization('POST', nowhere))?.authorization).toBe('Bearer t2');
    expect(as.refreshes()).toBe(1);
    expect(as.revoked()).toBe(false);
    // The same on the 401 path: the app sent t1, the server refused it; the stored t2 is tried next.
    const app2 = authorizerOn(as.f.base, new FileAuthStore(file));
    await app2.authorization('POST', nowhere);
    expect(as.revoked()).toBe(false);
  });

  it('processes whose token is due at once refresh it once between them', async () => {
    const as = await rotatingWithReuseDetection(1);
    const file = path.join(dir, 'credentials.json');
    const first = authorizerOn(as.f.base, new FileAuthStore(file));
    await first.challenged(challenge401());
    const others = [1, 2, 3].map(() => authorizerOn(as.f.base, new FileAuthStore(file)));
    for (const o of others) await o.authorization('POST', nowhere); // each has read t1/r1
    await new Promise((r) => setTimeout(r, 800)); // due
    const sent = await Promise.all(
      [first, ...others].map(async (a) => (await a.authorization('POST', nowhere))?.authorization),
    );
    expect(sent).toEqual(['Bearer t2', 'Bearer t2', 'Bearer t2', 'Bearer t2']);
    expect(as.refreshes()).toBe(1);
    expect(as.revoked()).toBe(false);
  });

  it('a refresh the server refuses forgets only the tokens it spent, not newer ones another process stored', async () => {
    const as = await rotatingWithReuseDetection(1);
    const file = path.join(dir, 'credentials.json');
    let storeDuringRefresh: (() => Promise<void>) | undefined;
    const app = new OAuthAuthorizer({
      serverUrl: `${as.f.base}/mcp`,
      store: new FileAuthStore(file),
      interactive: () => true,
      signIn: async ({ url }) => void (await (await fetch(url)).text()),
      fetch: async (input, init) => {
        const response = await fetch(input, init);
        await storeDuringRefresh?.();
        return response;
      },
    });
    await app.challenged(challenge401());
    const binding = await new FileAuthStore(file).binding(`${as.f.base}/mcp`);
    // The server takes r1 as spent (say, revoked): the app's refresh will be refused.
    await (
      await fetch(`${as.f.base}/token`, { method: 'POST', body: 'grant_type=refresh_token&refresh_token=r1' })
    ).text();
    await new Promise((r) => setTimeout(r, 800)); // due
    // While that refresh is on its way, another process signs in anew and stores its tokens.
    const elsewhere = {
      accessToken: 'elsewhere',
      refreshToken: 'elsewhere-r',
      expiresAt: Date.now() + 600_000,
    };
    storeDuringRefresh = async () => {
      storeDuringRefresh = undefined;
      await new FileAuthStore(file).setTokens(binding!, elsewhere);
    };
    const sent = await app.authorization('POST', nowhere);
    expect(await new FileAuthStore(file).tokens(binding!)).toEqual(elsewhere);
    // The refused refresh said nothing yet; the next request (or the 401 it gets) takes the stored ones.
    expect(sent?.authorization ?? (await app.authorization('POST', nowhere))?.authorization).toBe(
      'Bearer elsewhere',
    );
  });
});

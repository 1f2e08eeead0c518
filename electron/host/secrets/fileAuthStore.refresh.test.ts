import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { rotatingWithReuseDetection } from '../../../e2e/fixtures/oauth/rotatingAuthServer';
import { tempDirPerTest } from '../../../e2e/fixtures/tempDir';
import { OAuthAuthorizer } from '../../mcp';
import { authorizerOn, challenge401, nowhere } from '../../mcp/auth/challenge401.testkit';
import { FileAuthStore } from './fileAuthStore';

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

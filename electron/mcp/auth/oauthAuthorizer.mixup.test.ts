import { describe, expect, it } from 'vitest';
import { errorOf } from '../../../e2e/fixtures/errorOf';
import { approveAtOnce, json, protectedServer } from '../../../e2e/fixtures/oauth/loopbackAuthServer';
import { ErrorCode } from '../jsonrpc/errorCodes';
import { MemoryAuthStore } from './authStore';
import { challenge401, nowhere } from './challenge401.testkit';
import { OAuthAuthorizer } from './oauthAuthorizer';

/** Paths of a 2025-03-26 server: it publishes no protected resource metadata. */
const noResourceMetadata = (url: URL, res: Parameters<typeof json>[0]) => {
  if (!url.pathname.startsWith('/.well-known/oauth-protected-resource')) return false;
  res.writeHead(404).end();
  return true;
};

const signInBy = (asked: string[]) => async (request: { url: URL }) => {
  asked.push(request.url.href);
  await (await fetch(request.url)).text();
};

describe('authorization-server mix-up: metadata is believed only for the issuer it was fetched from', () => {
  it("a server without resource metadata whose document names another service's issuer is refused before anything is sent", async () => {
    // The honest authorization server the person already uses, with our client registered there.
    const honest = await protectedServer({});
    const store = new MemoryAuthStore();
    await store.setClient(honest.base, {
      clientId: 'ours-at-honest',
      authMethod: 'none',
      redirectUris: ['http://127.0.0.1:1/callback'],
    });
    const attacker = await protectedServer({
      as: (base) => ({
        issuer: honest.base,
        authorization_endpoint: `${honest.base}/authorize`,
        token_endpoint: `${base}/token`,
        registration_endpoint: `${base}/register`,
        code_challenge_methods_supported: ['S256'],
      }),
      more: noResourceMetadata,
    });
    const asked: string[] = [];
    const auth = new OAuthAuthorizer({
      serverUrl: `${attacker.base}/mcp`,
      store,
      label: 'attacker',
      signIn: signInBy(asked),
    });
    const error = await errorOf(auth.challenged(challenge401()));
    expect(error?.code).toBe(ErrorCode.AuthFailed);
    expect(error?.message).toContain(
      `names the issuer "${honest.base}", which is not on this server's own origin ${attacker.base}`,
    );
    expect(error?.message).toContain('RFC 8414');
    expect(asked).toEqual([]);
    expect(attacker.requests.map((r) => r.url)).not.toContain('/token');
    expect(attacker.requests.map((r) => r.url)).not.toContain('/register');
    expect(honest.requests).toEqual([]);
    // Nothing was stored under the honest issuer's name.
    expect(await store.client(honest.base)).toMatchObject({ clientId: 'ours-at-honest' });
    expect(await store.binding(`${attacker.base}/mcp`)).toBeUndefined();
  });

  it('a server without resource metadata that is its own authorization server signs in as before ("/" or not)', async () => {
    for (const slash of ['', '/']) {
      const own = await protectedServer({
        as: (base) => ({
          issuer: `${base}${slash}`,
          authorization_endpoint: `${base}/authorize`,
          token_endpoint: `${base}/token`,
          registration_endpoint: `${base}/register`,
          code_challenge_methods_supported: ['S256'],
        }),
        more: (url, res) => {
          if (noResourceMetadata(url, res)) return true;
          if (url.pathname === '/register') json(res, { client_id: 'c' }, 201);
          else if (url.pathname === '/authorize') approveAtOnce(url, res);
          else if (url.pathname === '/token') json(res, { access_token: 'own-token', token_type: 'Bearer' });
          else return false;
          return true;
        },
      });
      const store = new MemoryAuthStore();
      const auth = new OAuthAuthorizer({ serverUrl: `${own.base}/mcp`, store, signIn: signInBy([]) });
      await auth.challenged(challenge401());
      expect((await auth.authorization('POST', nowhere))?.authorization).toBe('Bearer own-token');
      expect(auth.signedIn?.issuer).toBe(`${own.base}${slash}`);
      expect(await store.client(`${own.base}${slash}`)).toMatchObject({ clientId: 'c' });
    }
  });

  it('a server without resource metadata whose document names an issuer at a path of its own origin is believed (it names nobody else)', async () => {
    const f = await protectedServer({
      as: (base) => ({
        issuer: `${base}/oauth`,
        authorization_endpoint: `${base}/oauth/authorize`,
        token_endpoint: `${base}/oauth/token`,
        code_challenge_methods_supported: ['S256'],
      }),
      more: noResourceMetadata,
    });
    const auth = new OAuthAuthorizer({ serverUrl: `${f.base}/mcp`, store: new MemoryAuthStore() });
    const error = await errorOf(auth.challenged(challenge401()));
    expect(error?.code).toBe(ErrorCode.SignInRequired);
    expect(error?.message).toContain(`sign in with ${new URL(f.base).host}`);
  });

  it('after a restart, a token from such a server (issuer at a path of its origin) is refreshed at its own token endpoint', async () => {
    const tokenPaths: string[] = [];
    let issued = 0;
    const f = await protectedServer({
      as: (base) => ({
        issuer: `${base}/oauth`,
        authorization_endpoint: `${base}/oauth/authorize`,
        token_endpoint: `${base}/oauth/token`,
        registration_endpoint: `${base}/oauth/register`,
        code_challenge_methods_supported: ['S256'],
      }),
      more: (url, res) => {
        if (noResourceMetadata(url, res)) return true;
        if (url.pathname === '/oauth/register') json(res, { client_id: 'c' }, 201);
        else if (url.pathname === '/oauth/authorize') approveAtOnce(url, res);
        else if (url.pathname.endsWith('/token')) {
          tokenPaths.push(url.pathname);
          json(res, {
            access_token: `t${++issued}`,
            refresh_token: `r${issued}`,
            token_type: 'Bearer',
            expires_in: 1,
          });
        } else return false;
        return true;
      },
    });
    const store = new MemoryAuthStore();
    const first = new OAuthAuthorizer({ serverUrl: `${f.base}/mcp`, store, signIn: signInBy([]) });
    await first.challenged(challenge401());
    // A new process: only the issuer is kept; the one-second token is due.
    await new Promise((r) => setTimeout(r, 1100));
    const restarted = new OAuthAuthorizer({ serverUrl: `${f.base}/mcp`, store });
    expect((await restarted.authorization('POST', nowhere))?.authorization).toBe('Bearer t2');
    expect(tokenPaths).toEqual(['/oauth/token', '/oauth/token']);
  });
});

/**
 * A public MCP server and its authorization server, answered by `routes` through the authorizer's
 * own fetch (no DNS here); every URL asked for is recorded.
 */
function publicServers(routes: Record<string, unknown>) {
  const fetched: string[] = [];
  const fakeFetch = (async (input: string | URL | Request) => {
    const url = input instanceof Request ? input.url : String(input);
    fetched.push(url);
    const body = routes[url];
    if (body === undefined) return new Response('not here', { status: 404 });
    return new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
  }) as typeof fetch;
  return { fetched, fakeFetch };
}

const SERVER = 'https://mcp.example.com/mcp';
const ISSUER = 'https://login.example.com';
const metadata = (endpoints: Record<string, unknown>) => ({
  [`${new URL(SERVER).origin}/.well-known/oauth-protected-resource/mcp`]: {
    resource: SERVER,
    authorization_servers: [ISSUER],
  },
  [`${ISSUER}/.well-known/oauth-authorization-server`]: {
    issuer: ISSUER,
    authorization_endpoint: `${ISSUER}/authorize`,
    token_endpoint: `${ISSUER}/token`,
    code_challenge_methods_supported: ['S256'],
    ...endpoints,
  },
});

describe("every endpoint a public server's metadata names is address-checked, in one place", () => {
  const toMachine = (f: string[]) =>
    f.filter((u) => /\/\/(127\.|10\.|192\.168\.|169\.254\.|\[|localhost)/.test(u));

  for (const [field, value] of [
    ['token_endpoint', 'http://127.0.0.1:9/token'],
    ['revocation_endpoint', 'https://10.0.0.5/revoke'],
    ['registration_endpoint', 'https://192.168.1.1/register'],
    ['introspection_endpoint', 'https://169.254.169.254/introspect'],
    ['jwks_uri', 'https://[fd00::1]/jwks'],
    ['userinfo_endpoint', 'http://localhost:8080/userinfo'],
    ['device_authorization_endpoint', 'https://10.1.1.1/device'],
    ['pushed_authorization_request_endpoint', 'https://10.1.1.1/par'],
  ] as const) {
    it(`${field} on this machine or its network: the sign-in is refused, naming it, and nothing goes there`, async () => {
      const { fetched, fakeFetch } = publicServers(metadata({ [field]: value }));
      const asked: string[] = [];
      const auth = new OAuthAuthorizer({
        serverUrl: SERVER,
        store: new MemoryAuthStore(),
        fetch: fakeFetch,
        signIn: async (r) => void asked.push(r.url.href),
      });
      const error = await errorOf(auth.challenged(challenge401()));
      expect(error?.code).toBe(ErrorCode.AuthFailed);
      expect(error?.message).toContain(`${field}: `);
      expect(asked).toEqual([]);
      expect(toMachine(fetched)).toEqual([]);
    });
  }

  it('an endpoint that is not a URL, or mTLS aliases pointing inward, are refused too', async () => {
    for (const [endpoints, named] of [
      [{ revocation_endpoint: 42 }, 'revocation_endpoint 42 is not a URL'],
      [
        { mtls_endpoint_aliases: { token_endpoint: 'https://10.0.0.1/token' } },
        'mtls_endpoint_aliases.token_endpoint',
      ],
    ] as const) {
      const { fakeFetch } = publicServers(metadata(endpoints));
      const auth = new OAuthAuthorizer({ serverUrl: SERVER, store: new MemoryAuthStore(), fetch: fakeFetch });
      expect((await errorOf(auth.challenged(challenge401())))?.message).toContain(named);
    }
  });

  it('a refresh after a restart, and a sign-out, never reach an inward token or revocation endpoint', async () => {
    const store = new MemoryAuthStore();
    const binding = { issuer: ISSUER, resource: SERVER };
    await store.setBinding(SERVER, binding);
    await store.setClient(ISSUER, { clientId: 'c', authMethod: 'none', redirectUris: [] });
    await store.setTokens(binding, { accessToken: 'old', refreshToken: 'r', expiresAt: Date.now() - 1000 });
    const { fetched, fakeFetch } = publicServers(
      metadata({
        token_endpoint: 'http://127.0.0.1:9/token',
        revocation_endpoint: 'https://10.0.0.5/revoke',
      }),
    );
    const auth = new OAuthAuthorizer({ serverUrl: SERVER, store, fetch: fakeFetch });
    // The refresh is refused (no token is sent rather than a request into the machine).
    expect(await auth.authorization('POST', new URL(SERVER))).toBeUndefined();
    await store.setTokens(binding, { accessToken: 'a', refreshToken: 'r2' });
    const again = new OAuthAuthorizer({ serverUrl: SERVER, store, fetch: fakeFetch });
    await again.signOut();
    expect(toMachine(fetched)).toEqual([]);
    expect(fetched).toContain(`${ISSUER}/.well-known/oauth-authorization-server`);
    expect(await store.tokens(binding)).toBeUndefined();
  });

  it('a public authorization server whose endpoints are public is used as before', async () => {
    const { fetched, fakeFetch } = publicServers(
      metadata({ revocation_endpoint: `${ISSUER}/revoke`, jwks_uri: 'https://keys.example.net/jwks' }),
    );
    const auth = new OAuthAuthorizer({ serverUrl: SERVER, store: new MemoryAuthStore(), fetch: fakeFetch });
    // No way to ask a person here: the sign-in is needed, which means discovery passed every check.
    const error = await errorOf(auth.challenged(challenge401()));
    expect(error?.code).toBe(ErrorCode.SignInRequired);
    expect(fetched).toContain(`${ISSUER}/.well-known/oauth-authorization-server`);
  });
});

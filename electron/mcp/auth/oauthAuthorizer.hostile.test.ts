import { describe, expect, it } from 'vitest';
import { errorOf } from '../../../e2e/fixtures/errorOf';
import {
  approveAtOnce,
  fixture,
  json,
  protectedServer,
} from '../../../e2e/fixtures/oauth/loopbackAuthServer';
import { ErrorCode } from '../jsonrpc/errorCodes';
import { McpError } from '../mcpError';
import { authorized } from '../transport/authorized';
import type { HttpResponse } from '../transport/httpClient';
import { StreamableHttpTransport } from '../transport/streamableHttpTransport';
import { refusalOf } from './addresses';
import { MemoryAuthStore } from './authStore';
import { challenge401, nowhere } from './challenge401.testkit';
import { OAuthAuthorizer } from './oauthAuthorizer';

function authorizer(base: string, signIn = async () => {}) {
  const calls: string[] = [];
  const auth = new OAuthAuthorizer({
    serverUrl: `${base}/mcp`,
    store: new MemoryAuthStore(),
    label: 'hostile',
    signIn: async (request) => {
      calls.push(request.url.href);
      await signIn();
    },
  });
  return { auth, calls };
}

/** The error a plain 401 from `base`'s server ends in, having started no sign-in. */
async function refusalBeforeSignIn(base: string) {
  const { auth, calls } = authorizer(base);
  const error = await errorOf(auth.challenged(challenge401()));
  expect(calls).toEqual([]);
  return error;
}

describe('OAuth against hostile servers: refused, with what did not match, before any sign-in', () => {
  it('metadata for another resource', async () => {
    const f = await protectedServer({
      prm: () => ({
        resource: 'https://elsewhere.example/mcp',
        authorization_servers: ['https://as.example'],
      }),
    });
    const error = await refusalBeforeSignIn(f.base);
    expect(error).toBeInstanceOf(McpError);
    expect(error?.code).toBe(ErrorCode.AuthFailed);
    expect(error?.message).toContain('"https://elsewhere.example/mcp", not this server');
  });

  it('an authorization server whose metadata names another issuer', async () => {
    const f = await protectedServer({
      as: (base) => ({
        issuer: 'https://honest.example',
        authorization_endpoint: `${base}/authorize`,
        token_endpoint: `${base}/token`,
        code_challenge_methods_supported: ['S256'],
      }),
    });
    const error = await refusalBeforeSignIn(f.base);
    expect(error?.message).toContain(`for the issuer "https://honest.example", not "${f.base}"`);
  });

  it('an authorization server without PKCE S256 (only plain, or none said)', async () => {
    for (const methods of [['plain'], undefined]) {
      const f = await protectedServer({
        as: (base) => ({
          issuer: base,
          authorization_endpoint: `${base}/authorize`,
          token_endpoint: `${base}/token`,
          ...(methods ? { code_challenge_methods_supported: methods } : {}),
        }),
      });
      const error = await refusalBeforeSignIn(f.base);
      expect(error?.message).toContain('does not offer PKCE with S256');
      expect(f.requests.some((r) => r.url.startsWith('/register'))).toBe(false);
    }
  });

  it('an endpoint over plain HTTP to another host', async () => {
    const f = await protectedServer({
      as: (base) => ({
        issuer: base,
        authorization_endpoint: 'http://login.example/authorize',
        token_endpoint: `${base}/token`,
        registration_endpoint: `${base}/register`,
        code_challenge_methods_supported: ['S256'],
      }),
    });
    const error = await refusalBeforeSignIn(f.base);
    expect(error?.message).toContain('authorization_endpoint: http://login.example/authorize is plain HTTP');
  });

  it('a 403 that is not about scope is a refusal, not a reason to sign in again', async () => {
    const f = await protectedServer({});
    const { auth, calls } = authorizer(f.base);
    const error = await errorOf(
      auth.challenged({
        status: 403,
        header: 'Bearer error="invalid_token"',
        sentAuthorization: 'Bearer x',
        url: nowhere,
        dpopNonce: null,
      }),
    );
    expect(error?.message).toContain('HTTP 403 invalid_token');
    expect(calls).toEqual([]);
    expect(f.requests).toEqual([]);
  });

  it('a token endpoint that no longer knows our registration: it is forgotten, so the next sign-in registers again', async () => {
    const f = await protectedServer({
      more: (url, res) => {
        if (url.pathname === '/register') json(res, { client_id: 'forgetful-client' }, 201);
        else if (url.pathname === '/authorize') approveAtOnce(url, res);
        else if (url.pathname === '/token') json(res, { error: 'invalid_client' }, 401);
        else return false;
        return true;
      },
    });
    const store = new MemoryAuthStore();
    const auth = new OAuthAuthorizer({
      serverUrl: `${f.base}/mcp`,
      store,
      label: 'forgetful',
      signIn: async ({ url }) => void (await (await fetch(url)).text()),
    });
    const error = await errorOf(auth.challenged(challenge401()));
    expect(error?.message).toContain('invalid_client');
    expect(error?.message).toContain('the next sign-in registers again');
    expect(await store.client(f.base)).toBeUndefined();
    expect(f.requests.filter((r) => r.url === '/register')).toHaveLength(1);
  });

  it('a step-up no one could answer is remembered: the next sign-in asks for the scopes the server wanted', async () => {
    let issued = 0;
    const asked: string[] = [];
    const f = await protectedServer({
      more: (url, res) => {
        if (url.pathname === '/register') json(res, { client_id: 'c' }, 201);
        else if (url.pathname === '/authorize') {
          asked.push(url.searchParams.get('scope') ?? '');
          approveAtOnce(url, res);
        } else if (url.pathname === '/token')
          json(res, { access_token: `t${++issued}`, token_type: 'Bearer', expires_in: 3600 });
        else return false;
        return true;
      },
    });
    let person = true;
    const needed: string[][] = [];
    const auth = new OAuthAuthorizer({
      serverUrl: `${f.base}/mcp`,
      store: new MemoryAuthStore(),
      interactive: () => person,
      onSignInNeeded: (n) => needed.push(n.scopes),
      signIn: async ({ url }) => void (await (await fetch(url)).text()),
    });
    await auth.challenged(challenge401('Bearer scope="read"'));
    expect((await auth.authorization('POST', nowhere))?.authorization).toBe('Bearer t1');
    person = false;
    const stepUp = 'Bearer error="insufficient_scope", scope="read write"';
    const error = await errorOf(
      auth.challenged({
        status: 403,
        header: stepUp,
        sentAuthorization: 'Bearer t1',
        url: nowhere,
        dpopNonce: null,
      }),
    );
    expect(error?.code).toBe(ErrorCode.SignInRequired);
    expect(needed).toEqual([['read', 'write']]);
    // The person agrees: the token in hand goes, and the new sign-in asks for what the 403 wanted.
    person = true;
    await auth.forgetTokens();
    await auth.challenged(challenge401('Bearer scope="read"'));
    expect(asked).toEqual(['read', 'read write']);
    expect((await auth.authorization('POST', nowhere))?.authorization).toBe('Bearer t2');
  });

  it('with no way to ask a person, a sign-in is SignInRequired naming the authorization server', async () => {
    const f = await protectedServer({});
    const auth = new OAuthAuthorizer({
      serverUrl: `${f.base}/mcp`,
      store: new MemoryAuthStore(),
      label: 'x',
    });
    const error = await errorOf(auth.challenged(challenge401()));
    expect(error?.code).toBe(ErrorCode.SignInRequired);
    expect(error?.message).toContain(`x needs you to sign in with ${new URL(f.base).host}`);
  });
});

describe('where a bearer may go', () => {
  const tokenAuth = {
    authorization: async () => ({ authorization: 'Bearer secret-token' }),
    challenged: async () => {},
  };

  it('never over plain HTTP to a host that is not this machine', async () => {
    let sent = 0;
    const send = async () => {
      sent++;
      return { status: 200 } as HttpResponse;
    };
    const error = await errorOf(
      authorized(tokenAuth, 'POST', new URL('http://mcp.example/mcp'), 'x', {}, send),
    );
    expect(error?.message).toContain('never sent over plain HTTP to mcp.example');
    expect(sent).toBe(0);
  });

  it('never along a redirect to another origin: the request is not followed', async () => {
    const elsewhere = await fixture((_req, res) => json(res, {}));
    const server = await fixture((_req, res) =>
      res.writeHead(307, { location: `${elsewhere.base}/mcp` }).end(),
    );
    const transport = new StreamableHttpTransport({ url: `${server.base}/mcp`, auth: tokenAuth });
    const error = await errorOf(transport.send({ jsonrpc: '2.0', id: 1, method: 'initialize', params: {} }));
    expect(error?.message).toContain('HTTP 307');
    expect(server.requests[0]?.authorization).toBe('Bearer secret-token');
    expect(elsewhere.requests).toEqual([]);
    await transport.close();
  });

  it('metadata URLs: private or link-local addresses named by a public server are refused', () => {
    const server = new URL('https://mcp.example.com/mcp');
    expect(refusalOf(new URL('https://169.254.169.254/latest/meta-data'), server)).toContain(
      'private or local',
    );
    expect(refusalOf(new URL('https://10.1.2.3/.well-known/x'), server)).toContain('private or local');
    expect(refusalOf(new URL('https://[fd00::1]/x'), server)).toContain('private or local');
    expect(refusalOf(new URL('http://127.0.0.1:8080/x'), server)).toContain('private or local');
    // Carrier-grade NAT (a tailnet's machines) and link-local written as IPv4-mapped IPv6, too.
    expect(refusalOf(new URL('https://100.100.100.100/x'), server)).toContain('private or local');
    expect(refusalOf(new URL('https://[::ffff:169.254.169.254]/x'), server)).toContain('private or local');
    expect(refusalOf(new URL('https://auth.example.com/x'), server)).toBeUndefined();
    expect(refusalOf(new URL('https://[::ffff:8.8.8.8]/x'), server)).toBeUndefined();
    // A server on this machine or the local network may name its neighbours.
    expect(refusalOf(new URL('http://127.0.0.1:9/x'), new URL('http://localhost:8/mcp'))).toBeUndefined();
    expect(refusalOf(new URL('https://user:pw@auth.example.com/x'), server)).toContain('credentials');
  });
});

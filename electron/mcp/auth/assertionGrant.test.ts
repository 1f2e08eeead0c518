import { describe, expect, it } from 'vitest';
import { errorOf } from '../../../e2e/fixtures/errorOf';
import { json, protectedServer } from '../../../e2e/fixtures/oauth/loopbackAuthServer';
import { ErrorCode } from '../jsonrpc/errorCodes';
import { idJagFrom, JWT_BEARER } from './assertionGrant';
import { MemoryAuthStore } from './authStore';
import { challenge401 } from './challenge401.testkit';
import { OAuthAuthorizer } from './oauthAuthorizer';

const challenge = (url: string) => challenge401('Bearer', new URL(url));

/** An authorization server for JWT-bearer grants whose token endpoint answers as `token` says. */
async function jwtBearerServer(token: (body: URLSearchParams) => { status: number; body: object }) {
  return protectedServer({
    as: (base) => ({
      issuer: base,
      token_endpoint: `${base}/token`,
      grant_types_supported: [JWT_BEARER],
      code_challenge_methods_supported: ['S256'],
    }),
    more: (url, res, body) => {
      if (url.pathname !== '/token') return false;
      const answer = token(new URLSearchParams(body));
      json(res, answer.body, answer.status);
      return true;
    },
  });
}

describe('JWT-bearer grants (RFC 7523): workload identity and enterprise-managed authorization', () => {
  it('presents the assertion for this server and resource, and uses the token it is given', async () => {
    const targets: unknown[] = [];
    const f = await jwtBearerServer(() => ({
      status: 200,
      body: { access_token: 'wif-token', token_type: 'Bearer' },
    }));
    const auth = new OAuthAuthorizer({
      serverUrl: `${f.base}/mcp`,
      store: new MemoryAuthStore(),
      assertionGrant: {
        clientId: 'workload',
        assertion: async (target) => {
          targets.push(target);
          return 'workload.jwt.here';
        },
      },
    });
    await auth.challenged(challenge(`${f.base}/mcp`));
    expect(targets).toEqual([{ issuer: f.base, resource: `${f.base}/mcp` }]);
    const sent = new URLSearchParams(f.requests.find((r) => r.url === '/token')?.body);
    expect(Object.fromEntries(sent)).toMatchObject({
      grant_type: JWT_BEARER,
      assertion: 'workload.jwt.here',
      resource: `${f.base}/mcp`,
      client_id: 'workload',
    });
    expect((await auth.authorization('POST', new URL(`${f.base}/mcp`)))?.authorization).toBe(
      'Bearer wif-token',
    );
  });

  it('a refused grant is an error naming what the server said, asked once: no retry, no other grant', async () => {
    const f = await jwtBearerServer(() => ({
      status: 400,
      body: { error: 'invalid_grant', error_description: 'JWT assertion is expired' },
    }));
    const signIns: string[] = [];
    const auth = new OAuthAuthorizer({
      serverUrl: `${f.base}/mcp`,
      store: new MemoryAuthStore(),
      label: 'workload',
      assertionGrant: { clientId: 'workload', assertion: async () => 'expired.jwt' },
      signIn: async (r) => void signIns.push(r.url.href),
    });
    const error = await errorOf(auth.challenged(challenge(`${f.base}/mcp`)));
    expect(error?.code).toBe(ErrorCode.AuthFailed);
    expect(error?.message).toContain('invalid_grant: JWT assertion is expired');
    expect(f.requests.filter((r) => r.url === '/token')).toHaveLength(1);
    expect(signIns).toEqual([]);
  });

  it("an identity provider that will not exchange the person's ID token is named, and no grant is sent", async () => {
    const idp = await protectedServer({
      more: (url, res, body) => {
        if (url.pathname !== '/token') return false;
        const sent = new URLSearchParams(body);
        expect(sent.get('grant_type')).toBe('urn:ietf:params:oauth:grant-type:token-exchange');
        expect(sent.get('requested_token_type')).toBe('urn:ietf:params:oauth:token-type:id-jag');
        json(res, { error: 'access_denied', error_description: 'not for this app' }, 400);
        return true;
      },
    });
    const f = await jwtBearerServer(() => ({ status: 500, body: {} }));
    const log = () => {};
    const auth = new OAuthAuthorizer({
      serverUrl: `${f.base}/mcp`,
      store: new MemoryAuthStore(),
      assertionGrant: {
        clientId: 'mcp-client',
        clientSecret: 's',
        assertion: idJagFrom(
          {
            issuer: idp.base,
            tokenEndpoint: `${idp.base}/token`,
            clientId: 'idp-client',
            idToken: async () => 'id.token',
          },
          { fetch, log, label: 'enterprise' },
        ),
      },
    });
    const error = await errorOf(auth.challenged(challenge(`${f.base}/mcp`)));
    expect(error?.message).toContain(
      `the identity provider ${idp.base} did not grant access to ${f.base}/mcp`,
    );
    expect(error?.message).toContain('access_denied: not for this app');
    expect(f.requests.filter((r) => r.url === '/token')).toEqual([]);
  });
});

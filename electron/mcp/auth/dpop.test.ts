import type http from 'node:http';
import {
  calculateJwkThumbprint,
  decodeJwt,
  decodeProtectedHeader,
  importJWK,
  type JWK,
  jwtVerify,
} from 'jose';
import { describe, expect, it } from 'vitest';
import { json, protectedServer } from '../../../e2e/fixtures/oauth/loopbackAuthServer';
import { MemoryAuthStore } from './authStore';
import { challenge401 } from './challenge401.testkit';
import { canonicalResource } from './discovery';
import { DpopKey } from './dpop';
import { OAuthAuthorizer } from './oauthAuthorizer';

/** The proof's claims, after checking its signature with the key its header carries. */
async function verified(proof: string) {
  const header = decodeProtectedHeader(proof);
  const key = await importJWK(header.jwk as JWK, 'ES256');
  const { payload } = await jwtVerify(proof, key, { typ: 'dpop+jwt', algorithms: ['ES256'] });
  return { header, payload };
}

describe('DPoP proofs (RFC 9449)', () => {
  it('are signed by the key they carry (its public half only), for this method, URL and token', async () => {
    const key = await DpopKey.generate();
    const url = new URL('https://mcp.example.com/mcp?session=1#x');
    const { header, payload } = await verified(await key.proof('POST', url, 'the-token'));
    expect(header.jwk).not.toHaveProperty('d');
    expect(payload).toMatchObject({
      htm: 'POST',
      htu: 'https://mcp.example.com/mcp', // no query, no fragment (§4.2)
      // base64url(SHA-256("the-token"))
      ath: 'wqc_z2HfvcrceaELozCy7162b8Cmc17Wm3lrs8l7l64',
    });
    expect(Math.abs((payload.iat ?? 0) - Date.now() / 1000)).toBeLessThan(5);
    // A fresh proof each time: a new jti.
    const again = await verified(await key.proof('POST', url, 'the-token'));
    expect(again.payload.jti).not.toBe(payload.jti);
  });

  it("carry a server's nonce only to that server", async () => {
    const key = await DpopKey.generate();
    const a = new URL('https://a.example/mcp');
    key.rememberNonce(a, 'n-1');
    expect((await verified(await key.proof('GET', a, 't'))).payload.nonce).toBe('n-1');
    expect(decodeJwt(await key.proof('GET', new URL('https://b.example/mcp'), 't'))).not.toHaveProperty(
      'nonce',
    );
  });

  it('a stored key that is not an EC P-256 private key is not used', async () => {
    const key = await DpopKey.generate();
    const { d: _, ...publicOnly } = key.jwk;
    expect(await DpopKey.fromJwk(publicOnly)).toBeUndefined();
    expect(await DpopKey.fromJwk({ ...key.jwk, crv: 'P-384' })).toBeUndefined();
    expect(await DpopKey.fromJwk({ ...key.jwk, x: 'garbage' })).toBeUndefined();
    expect(await DpopKey.fromJwk(key.jwk)).toBeInstanceOf(DpopKey);
  });

  it('a DPoP-bound token read back from the store goes out as DPoP, proven with the key it was bound to', async () => {
    const store = new MemoryAuthStore();
    const server = new URL('https://mcp.example.com/mcp');
    const key = await DpopKey.generate();
    const binding = { issuer: 'https://as.example.com', resource: canonicalResource(server) };
    await store.setBinding(canonicalResource(server), binding);
    await store.setTokens(binding, { accessToken: 'bound-token', dpopKey: { ...key.jwk } });
    // A new authorizer, as after a restart.
    const auth = new OAuthAuthorizer({ serverUrl: server.href, store });
    const given = await auth.authorization('POST', server);
    expect(given?.authorization).toBe('DPoP bound-token');
    const { header } = await verified(given?.dpop ?? '');
    expect(await calculateJwkThumbprint(header.jwk as JWK)).toBe(await calculateJwkThumbprint(key.jwk));
    // Bearer tokens stay bearer tokens, with no proof.
    await store.setTokens(binding, { accessToken: 'plain-token' });
    const plain = await new OAuthAuthorizer({ serverUrl: server.href, store }).authorization('POST', server);
    expect(plain).toEqual({ authorization: 'Bearer plain-token' });
  });
});

describe('when tokens are bound to a DPoP key', () => {
  /** An authorization server that binds tokens to DPoP keys, in front of a server that challenges as told. */
  async function servers(challenge: string) {
    const proofs: (string | undefined)[] = [];
    const f = await protectedServer({
      as: (base) => ({
        issuer: base,
        token_endpoint: `${base}/token`,
        dpop_signing_alg_values_supported: ['ES256'],
        code_challenge_methods_supported: ['S256'],
      }),
      more: (url, res: http.ServerResponse) => {
        if (url.pathname !== '/token') return false;
        proofs.push(res.req.headers.dpop as string | undefined);
        const bound = res.req.headers.dpop !== undefined;
        json(res, { access_token: 'at', token_type: bound ? 'DPoP' : 'Bearer' });
        return true;
      },
    });
    const url = new URL(`${f.base}/mcp`);
    const auth = new OAuthAuthorizer({
      serverUrl: url.href,
      store: new MemoryAuthStore(),
      clientCredentials: { clientId: 'c', clientSecret: 's' },
    });
    await auth.challenged(challenge401(challenge, url));
    return { proofs, given: await auth.authorization('POST', url) };
  }

  it('only where the MCP server takes them too: a Bearer-only server gets a bearer token', async () => {
    const { proofs, given } = await servers('Bearer');
    expect(proofs).toEqual([undefined]);
    expect(given).toEqual({ authorization: 'Bearer at' });
  });

  it('a server that challenges with DPoP gets a DPoP-bound token and a proof with each request', async () => {
    const { proofs, given } = await servers('DPoP algs="ES256"');
    expect(proofs).toHaveLength(1);
    expect(decodeProtectedHeader(proofs[0] ?? '').typ).toBe('dpop+jwt');
    expect(given?.authorization).toBe('DPoP at');
    expect(decodeProtectedHeader(given?.dpop ?? '').typ).toBe('dpop+jwt');
  });
});

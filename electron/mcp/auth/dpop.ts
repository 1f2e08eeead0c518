import { createHash, randomUUID } from 'node:crypto';
import { exportJWK, generateKeyPair, importJWK, type JWK, SignJWT } from 'jose';
import * as oauth from 'oauth4webapi';

/** The one signing algorithm we prove possession with: widely supported, small keys. */
const DPOP_ALGORITHM = 'ES256';

/**
 * Whether to ask for DPoP-bound tokens: only where both sides take them — the authorization server
 * binds tokens to a key we can sign with (RFC 9449 §5.1), and the MCP server said it takes DPoP (a
 * DPoP challenge, or its resource metadata). A server that knows only Bearer would refuse a DPoP token.
 */
export const dpopWantedFor = (as: oauth.AuthorizationServer, resourceTakesDpop: boolean): boolean =>
  resourceTakesDpop && as.dpop_signing_alg_values_supported?.includes(DPOP_ALGORITHM) === true;

/**
 * One DPoP key (RFC 9449) and the proofs signed with it: for the token endpoint through
 * oauth4webapi's handle, which follows the authorization server's nonces, and for each request to
 * the MCP server, whose nonces are kept here by origin. The private key is kept with the tokens
 * bound to it (a new sign-in makes a new key; a refresh keeps it) and is as secret as they are.
 */
export class DpopKey {
  private readonly nonces = new Map<string, string>();

  private constructor(
    private readonly keys: CryptoKeyPair,
    private readonly publicJwk: JWK,
    /** The private key as stored with its tokens. */
    readonly jwk: JWK,
  ) {}

  static async generate(): Promise<DpopKey> {
    const { privateKey, publicKey } = await generateKeyPair(DPOP_ALGORITHM, { extractable: true });
    return DpopKey.of({ privateKey, publicKey }, await exportJWK(privateKey));
  }

  /** The stored key; undefined when it is not an EC P-256 private key. */
  static async fromJwk(jwk: JWK): Promise<DpopKey | undefined> {
    if (jwk.kty !== 'EC' || jwk.crv !== 'P-256' || typeof jwk.d !== 'string') return undefined;
    try {
      const { d: _private, ...pub } = jwk;
      const privateKey = (await importJWK(jwk, DPOP_ALGORITHM)) as CryptoKey;
      const publicKey = (await importJWK({ ...pub, ext: true }, DPOP_ALGORITHM)) as CryptoKey;
      return DpopKey.of({ privateKey, publicKey }, jwk);
    } catch {
      return undefined;
    }
  }

  private static async of(keys: CryptoKeyPair, jwk: JWK): Promise<DpopKey> {
    const { kty, crv, x, y } = jwk;
    return new DpopKey(keys, { kty, crv, x, y }, jwk);
  }

  /** oauth4webapi's handle for token requests with this key. */
  handle(client: oauth.Client): oauth.DPoPHandle {
    return oauth.DPoP(client, this.keys);
  }

  /** The `DPoP` header for one request to the MCP server with `accessToken` (RFC 9449 §4.2, §7). */
  async proof(method: string, url: URL, accessToken: string): Promise<string> {
    const nonce = this.nonces.get(url.origin);
    return new SignJWT({
      htm: method,
      htu: `${url.origin}${url.pathname}`,
      ath: createHash('sha256').update(accessToken, 'ascii').digest('base64url'),
      jti: randomUUID(),
      ...(nonce ? { nonce } : {}),
    })
      .setProtectedHeader({ typ: 'dpop+jwt', alg: DPOP_ALGORITHM, jwk: this.publicJwk })
      .setIssuedAt()
      .sign(this.keys.privateKey);
  }

  /** The MCP server asked for proofs with this nonce (RFC 9449 §9). */
  rememberNonce(url: URL, nonce: string): void {
    this.nonces.set(url.origin, nonce);
  }
}

/**
 * A token request with DPoP, sent again once when the authorization server answers
 * `use_dpop_nonce` (the handle has learnt the nonce from that answer; RFC 9449 §8).
 */
export async function withNonceRetry<T>(
  dpop: oauth.DPoPHandle | undefined,
  exchange: () => Promise<T>,
): Promise<T> {
  try {
    return await exchange();
  } catch (error) {
    if (!dpop || !oauth.isDPoPNonceError(error)) throw error;
    return exchange();
  }
}

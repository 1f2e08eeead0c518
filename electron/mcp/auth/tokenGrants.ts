import * as oauth from 'oauth4webapi';
import { jwtBearerClient, jwtBearerGrant } from './assertionGrant';
import { authFailed, signInRequired } from './authError';
import type { AuthBinding, StoredTokens } from './authStore';
import { type AuthHttp, describe, rediscover, requirePkce } from './discovery';
import { DpopKey, withNonceRetry } from './dpop';
import { listenForRedirect } from './loopbackRedirect';
import {
  checkedEndpoint,
  clientFor,
  credentialsClient,
  type Registration,
  requestOptions,
} from './oauthClient';
import type { OAuthOptions } from './oauthOptions';
import { splitScopes } from './scopes';

/** The tokens a server is signed in with, and where they came from. */
export interface Current {
  binding: AuthBinding;
  as: oauth.AuthorizationServer;
  tokens: StoredTokens | undefined;
  /** The key a DPoP-bound token is bound to (read from the tokens once). */
  dpop?: DpopKey;
}

/** A token endpoint's answer, with the DPoP key its proofs were signed with (when they were). */
export interface Minted {
  response: oauth.TokenEndpointResponse;
  key: DpopKey | undefined;
}

/** What a new grant asks for beyond its scopes. */
export interface GrantWish {
  /** DPoP-bound tokens (see dpopWantedFor). */
  dpop: boolean;
  /** Scopes a 403 asked for that no sign-in has granted yet, and the scope of the tokens in hand. */
  stepUpScopes: string[];
  grantedScope: string | undefined;
}

/** The Authorization header a token is sent with: `DPoP …` for a DPoP-bound token, else `Bearer …`. */
export const authorizationOf = (tokens: StoredTokens) =>
  `${tokens.dpopKey ? 'DPoP' : 'Bearer'} ${tokens.accessToken}`;

/**
 * Refresh this long before the access token expires — or, for a token that lives only minutes, a
 * quarter of its life before: a margin longer than the token's life would refresh before every
 * request (with rotating refresh tokens, each one spent, and a crash mid-refresh signs the person out).
 */
const REFRESH_MARGIN_MS = 60_000;
const refreshMargin = (lifetimeMs: number) => Math.min(REFRESH_MARGIN_MS, lifetimeMs / 4);
/** When `tokens` are due for a refresh; undefined when they do not expire. */
const refreshDue = (tokens: StoredTokens) =>
  tokens.refreshAt ?? (tokens.expiresAt !== undefined ? tokens.expiresAt - REFRESH_MARGIN_MS : undefined);
export const isDue = (tokens: StoredTokens) => {
  const due = refreshDue(tokens);
  return due !== undefined && due < Date.now();
};
const sameTokens = (a: StoredTokens | undefined, b: StoredTokens | undefined) =>
  a?.accessToken === b?.accessToken && a?.refreshToken === b?.refreshToken;

/** The tokens kept from a token endpoint's answer (`keptRefresh`: when it sent no new refresh token). */
export function tokensOf(minted: Minted, keptRefresh?: string): StoredTokens {
  const { response, key } = minted;
  const refreshToken = response.refresh_token ?? keptRefresh;
  return {
    accessToken: response.access_token,
    ...(refreshToken ? { refreshToken } : {}),
    ...(typeof response.expires_in === 'number'
      ? {
          expiresAt: Date.now() + response.expires_in * 1000,
          refreshAt: Date.now() + response.expires_in * 1000 - refreshMargin(response.expires_in * 1000),
        }
      : {}),
    ...(response.scope ? { scope: response.scope } : {}),
    // Bound only when the server says so: a bearer token from a server that ignored the proof is a bearer token.
    ...(key && response.token_type.toLowerCase() === 'dpop' ? { dpopKey: { ...key.jwk } } : {}),
  };
}

/**
 * Tokens from the token endpoint, for one MCP server: a new grant (authorization code with PKCE
 * S256, state, the resource indicator and RFC 9207's `iss` check; client credentials; a JWT
 * assertion), or a refresh of the tokens in hand — with DPoP proofs where wanted.
 */
export class TokenGrants {
  constructor(
    private readonly http: AuthHttp,
    private readonly server: URL,
    private readonly registration: Registration,
    private readonly options: OAuthOptions,
  ) {}

  /** New tokens by the grant the client is configured for. */
  grant(
    as: oauth.AuthorizationServer,
    binding: AuthBinding,
    scopes: string[],
    wish: GrantWish,
  ): Promise<Minted> {
    if (this.options.clientCredentials) return this.clientCredentialsGrant(as, binding, scopes, wish);
    if (this.options.assertionGrant) return this.assertionGrant(as, binding, scopes, wish);
    return this.authorizationCodeGrant(as, binding, scopes, wish);
  }

  /**
   * Renews `current`'s tokens, kept with `save` before any other process may refresh; `refused`:
   * the Authorization a 401 just refused, when that is why.
   */
  async refresh(
    current: Current,
    refused: string | undefined,
    save: (binding: AuthBinding, minted: Minted, keptRefresh: string) => Promise<void>,
  ): Promise<void> {
    if (!current.tokens?.refreshToken) throw authFailed(this.http.label, 'no refresh token');
    // After a restart only the issuer is known (a failure to find it again keeps the tokens).
    if (!current.as.token_endpoint)
      current.as = await rediscover(current.binding.issuer, this.server, this.http);
    const store = this.options.store;
    // Other processes on this store (the app, `mcp chat`, CLI runs) refresh in turn with this one.
    const held = () => this.refreshHeld(current, refused, save);
    await (store.exclusive ? store.exclusive(held) : held());
  }

  private async refreshHeld(
    current: Current,
    refused: string | undefined,
    save: (binding: AuthBinding, minted: Minted, keptRefresh: string) => Promise<void>,
  ): Promise<void> {
    const store = this.options.store;
    // Another process may have refreshed since these tokens were read: a rotating server has spent
    // the refresh token held here, and takes a second use of it as theft (revoking the sign-in).
    // What the store holds now is what counts.
    const stored = await store.tokens(current.binding);
    if (!sameTokens(stored, current.tokens)) {
      current.tokens = stored;
      delete current.dpop;
      if (!stored) throw authFailed(this.http.label, 'signed out (by another process on this store)');
      // Fresh ones, or not the token just refused: they are tried before anything is refreshed.
      if (!isDue(stored) || (refused !== undefined && refused !== authorizationOf(stored))) return;
    }
    const refreshToken = current.tokens?.refreshToken;
    if (!refreshToken) throw authFailed(this.http.label, 'no refresh token');
    const as = current.as;
    try {
      const { client, auth } = await clientFor(this.registration, as, current.binding.issuer, undefined);
      // A DPoP-bound refresh token is renewed with proofs of the same key (RFC 9449 §5).
      const key = current.tokens?.dpopKey;
      if (key && !current.dpop) current.dpop = await DpopKey.fromJwk(key);
      const dpopKey = key ? current.dpop : undefined;
      if (key && !dpopKey) throw authFailed(this.http.label, 'the stored DPoP key cannot be read');
      const minted = await this.mint(as, client, dpopKey, async (dpop) =>
        oauth.processRefreshTokenResponse(
          as,
          client,
          await oauth.refreshTokenGrantRequest(as, client, auth, refreshToken, {
            ...requestOptions(this.http, as.token_endpoint),
            additionalParameters: { resource: current.binding.resource },
            ...dpop,
          }),
        ),
      );
      // A server that rotates refresh tokens sends a new one; one that does not keeps the old valid.
      await save(current.binding, minted, refreshToken);
      this.http.log('access token refreshed');
    } catch (error) {
      this.http.log(`refreshing the token failed: ${error instanceof Error ? error.message : String(error)}`);
      // Only the tokens this refresh spent are forgotten: others stored meanwhile (a sign-in) stay.
      const now = await store.tokens(current.binding);
      if (now?.refreshToken === refreshToken) await store.setTokens(current.binding, undefined);
      current.tokens = now?.refreshToken === refreshToken ? undefined : now;
      delete current.dpop;
      throw error;
    }
  }

  private async authorizationCodeGrant(
    as: oauth.AuthorizationServer,
    binding: AuthBinding,
    scopes: string[],
    wish: GrantWish,
  ): Promise<Minted> {
    requirePkce(as, this.http);
    const signIn = this.options.signIn;
    if (!signIn || this.options.interactive?.() === false) {
      const granted = splitScopes(wish.grantedScope ?? '');
      const newScopes = wish.stepUpScopes.filter((scope) => !granted.includes(scope));
      const needed = { issuer: as.issuer, scopes, ...(newScopes.length > 0 ? { newScopes } : {}) };
      this.options.onSignInNeeded?.(needed);
      throw signInRequired(
        this.http.label,
        newScopes.length > 0
          ? `${this.http.label} asks for more access (${newScopes.join(' ')}): sign in with ${new URL(as.issuer).host} again to grant it`
          : `${this.http.label} needs you to sign in with ${new URL(as.issuer).host}`,
        needed,
      );
    }
    const endpoint = checkedEndpoint(
      this.http,
      this.server,
      as.authorization_endpoint,
      'authorization_endpoint',
    );
    const stored = await this.options.store.client(as.issuer);
    const preferredPort = stored?.redirectUris.map((u) => Number(new URL(u).port)).find((p) => p > 0);
    const redirect = await listenForRedirect(preferredPort ? { preferredPort } : {});
    try {
      const { client, auth } = await clientFor(this.registration, as, as.issuer, redirect.redirectUri);
      const verifier = oauth.generateRandomCodeVerifier();
      const state = oauth.generateRandomState();
      const url = new URL(endpoint);
      url.searchParams.set('response_type', 'code');
      url.searchParams.set('client_id', client.client_id);
      url.searchParams.set('redirect_uri', redirect.redirectUri);
      url.searchParams.set('code_challenge', await oauth.calculatePKCECodeChallenge(verifier));
      url.searchParams.set('code_challenge_method', 'S256');
      url.searchParams.set('state', state);
      url.searchParams.set('resource', binding.resource);
      if (scopes.length > 0) url.searchParams.set('scope', scopes.join(' '));
      this.http.log(`signing in with ${as.issuer} (scopes: ${scopes.join(' ') || 'none named'})`);
      await signIn({ url, issuer: as.issuer, scopes });
      const back = await redirect.result;
      let params: URLSearchParams;
      try {
        params = oauth.validateAuthResponse(as, client, back, state);
      } catch (error) {
        throw authFailed(this.http.label, `the sign-in answer was refused: ${describe(error)}`, error);
      }
      return await this.mint(as, client, await newKey(wish), async (dpop) =>
        oauth.processAuthorizationCodeResponse(
          as,
          client,
          await oauth.authorizationCodeGrantRequest(
            as,
            client,
            auth,
            params,
            redirect.redirectUri,
            verifier,
            {
              ...requestOptions(this.http, as.token_endpoint),
              additionalParameters: { resource: binding.resource },
              ...dpop,
            },
          ),
        ),
      );
    } finally {
      redirect.close();
    }
  }

  private async clientCredentialsGrant(
    as: oauth.AuthorizationServer,
    binding: AuthBinding,
    scopes: string[],
    wish: GrantWish,
  ): Promise<Minted> {
    const cc = this.options.clientCredentials;
    if (!cc) throw new Error('no client credentials configured');
    checkedEndpoint(this.http, this.server, as.token_endpoint, 'token_endpoint');
    const { client, auth } = await credentialsClient(cc, this.http);
    const parameters: Record<string, string> = { resource: binding.resource };
    if (scopes.length > 0) parameters.scope = scopes.join(' ');
    return this.mint(as, client, await newKey(wish), async (dpop) =>
      oauth.processClientCredentialsResponse(
        as,
        client,
        await oauth.clientCredentialsGrantRequest(as, client, auth, parameters, {
          ...requestOptions(this.http, as.token_endpoint),
          ...dpop,
        }),
      ),
    );
  }

  /** Tokens for a JWT the client presents (workload identity, enterprise-managed); RFC 7523. */
  private async assertionGrant(
    as: oauth.AuthorizationServer,
    binding: AuthBinding,
    scopes: string[],
    wish: GrantWish,
  ): Promise<Minted> {
    const grant = this.options.assertionGrant;
    if (!grant) throw new Error('no assertion grant configured');
    checkedEndpoint(this.http, this.server, as.token_endpoint, 'token_endpoint');
    const target = { issuer: as.issuer, resource: binding.resource };
    const { client, auth } = jwtBearerClient(grant);
    return this.mint(as, client, await newKey(wish), async (dpop) =>
      oauth.processGenericTokenEndpointResponse(
        as,
        client,
        await jwtBearerGrant(grant, { as, client, auth }, target, scopes, this.http, dpop),
      ),
    );
  }

  /**
   * One exchange at the token endpoint: with proofs of `key` when there is one (the authorization
   * server's DPoP nonce followed once), its answer checked by `exchange` and named when refused.
   * `invalid_client` for a client we registered means the server no longer knows it: the
   * registration is forgotten, so the next sign-in registers again.
   */
  private async mint(
    as: oauth.AuthorizationServer,
    client: oauth.Client,
    key: DpopKey | undefined,
    exchange: (dpop: { DPoP?: oauth.DPoPHandle }) => Promise<oauth.TokenEndpointResponse>,
  ): Promise<Minted> {
    const DPoP = key?.handle(client);
    try {
      const response = await withNonceRetry(DPoP, () => exchange(DPoP ? { DPoP } : {}));
      return { response, key };
    } catch (error) {
      let forgotten = '';
      if (error instanceof oauth.ResponseBodyError && error.error === 'invalid_client') {
        const stored = await this.options.store.client(as.issuer);
        if (stored?.clientId === client.client_id) {
          await this.options.store.setClient(as.issuer, undefined);
          forgotten = ' (the server no longer knows our registration: the next sign-in registers again)';
        }
      }
      throw authFailed(this.http.label, `the token endpoint refused: ${describe(error)}${forgotten}`, error);
    }
  }
}

/** A new DPoP key for a new grant, where DPoP is wanted. */
function newKey(wish: GrantWish): Promise<DpopKey | undefined> {
  return wish.dpop ? DpopKey.generate() : Promise.resolve(undefined);
}

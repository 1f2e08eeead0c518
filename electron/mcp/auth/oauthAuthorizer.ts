import * as oauth from 'oauth4webapi';
import { jwtBearerClient, jwtBearerGrant } from './assertionGrant';
import { authFailed, signInRequired } from './authError';
import { type AuthBinding, type StoredTokens, tokensKey } from './authStore';
import {
  type AuthHttp,
  canonicalResource,
  describe,
  discoverAuthorizationServer,
  discoverProtectedResource,
  fallbackMetadata,
  type ProtectedResource,
  rediscover,
  requirePkce,
} from './discovery';
import { DpopKey, dpopWantedFor, withNonceRetry } from './dpop';
import type { AuthChallenge, HttpAuth } from './httpAuth';
import { listenForRedirect } from './loopbackRedirect';
import {
  checkedEndpoint,
  clientFor,
  credentialsClient,
  type PreRegisteredClient,
  type Registration,
  requestOptions,
  revokeToken,
} from './oauthClient';
import type { ClientCredentials, OAuthOptions, SignInRequest } from './oauthOptions';
import { chooseScopes, splitScopes } from './scopes';
import { type BearerChallenge, offersDpopScheme, parseBearerChallenge } from './wwwAuthenticate';

interface Current {
  binding: AuthBinding;
  as: oauth.AuthorizationServer;
  tokens: StoredTokens | undefined;
  /** The key a DPoP-bound token is bound to (read from the tokens once). */
  dpop?: DpopKey;
}

/** The Authorization header a token is sent with: `DPoP …` for a DPoP-bound token, else `Bearer …`. */
const authorizationOf = (tokens: StoredTokens) =>
  `${tokens.dpopKey ? 'DPoP' : 'Bearer'} ${tokens.accessToken}`;

/** A token endpoint's answer, with the DPoP key its proofs were signed with (when they were). */
interface Minted {
  response: oauth.TokenEndpointResponse;
  key: DpopKey | undefined;
}

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
const isDue = (tokens: StoredTokens) => {
  const due = refreshDue(tokens);
  return due !== undefined && due < Date.now();
};
const sameTokens = (a: StoredTokens | undefined, b: StoredTokens | undefined) =>
  a?.accessToken === b?.accessToken && a?.refreshToken === b?.refreshToken;

/**
 * OAuth 2.1 for one remote MCP server, as the spec's authorization page describes: discovery from a
 * 401's challenge, client registration (pre-registered → Client ID Metadata Document → dynamic),
 * authorization code with PKCE S256, state, the resource indicator and RFC 9207's `iss` check, or the
 * client credentials grant; tokens refreshed before they expire and on a 401; step-up on a 403
 * `insufficient_scope`, a bounded number of times. Credentials are kept by issuer and resource.
 */
export class OAuthAuthorizer implements HttpAuth {
  private readonly server: URL;
  private readonly http: AuthHttp;
  private current: Current | undefined;
  private loaded = false;
  private stepUps = 0;
  /** Scopes a 403 asked for that no sign-in has granted yet: asked for again at the next one. */
  private stepUpScopes: string[] = [];
  /** Whether the grant under way asks for DPoP-bound tokens (see dpopWantedFor). */
  private dpopWanted = false;
  /** One flow at a time: concurrent requests that hit a 401 share it. */
  private flow: Promise<void> | undefined;
  private readonly registration: Registration;
  /** The configured client tokens are minted to (see AuthBinding.client); undefined for our own. */
  private readonly client: string | undefined;
  /** Where the store keeps which issuer this server (with this client) signed in with. */
  private readonly bindingKey: string;

  constructor(private readonly options: OAuthOptions) {
    this.server = new URL(options.serverUrl);
    this.http = {
      fetch: options.fetch ?? fetch,
      log: options.log ?? (() => {}),
      label: options.label ?? this.server.host,
    };
    this.client = options.clientCredentials
      ? `client_credentials ${options.clientCredentials.clientId}`
      : options.assertionGrant
        ? `jwt-bearer ${options.assertionGrant.clientId}`
        : options.preRegistered
          ? `pre-registered ${options.preRegistered.clientId}`
          : undefined;
    this.bindingKey = canonicalResource(this.server) + (this.client ? ` ${this.client}` : '');
    this.registration = {
      http: this.http,
      server: this.server,
      store: options.store,
      ...(options.clientName ? { clientName: options.clientName } : {}),
      ...(options.clientMetadataUrl ? { clientMetadataUrl: options.clientMetadataUrl } : {}),
      ...(options.preRegistered ? { preRegistered: options.preRegistered } : {}),
    };
  }

  /** The issuer and scope the server is signed in with, and until when; undefined when not. */
  get signedIn(): { issuer: string; scope?: string; expiresAt?: number } | undefined {
    const c = this.current;
    if (!c?.tokens) return undefined;
    return {
      issuer: c.binding.issuer,
      ...(c.tokens.scope ? { scope: c.tokens.scope } : {}),
      ...(c.tokens.expiresAt ? { expiresAt: c.tokens.expiresAt } : {}),
    };
  }

  async authorization(method: string, url: URL): Promise<Record<string, string> | undefined> {
    await this.load();
    const c = this.current;
    if (!c?.tokens) return undefined;
    if (isDue(c.tokens)) {
      // A refresh that fails leaves no token: the request goes without, and its 401 says what now.
      if (!c.tokens.refreshToken) return undefined;
      // Requests that found the token due together refresh it once: the first; the rest take its token.
      const renewed = await this.exclusive(async () => {
        if (c.tokens && isDue(c.tokens)) await this.refresh(c);
      }).then(
        () => true,
        () => false,
      );
      if (!renewed) return undefined;
    }
    const now = this.current;
    const tokens = now?.tokens;
    if (!now || !tokens) return undefined;
    if (!tokens.dpopKey) return { authorization: authorizationOf(tokens) };
    // A DPoP-bound token goes only with a fresh proof of its key (RFC 9449 §7.1).
    now.dpop ??= await DpopKey.fromJwk(tokens.dpopKey);
    if (!now.dpop) return undefined; // a key that cannot be read: as if there were no token
    return {
      authorization: authorizationOf(tokens),
      dpop: await now.dpop.proof(method, url, tokens.accessToken),
    };
  }

  challenged(challenge: AuthChallenge): Promise<void> {
    return this.exclusive(() => this.answer(challenge));
  }

  /** Forgets this server's tokens, revoking them first where the server offers it (RFC 7009). */
  async signOut(): Promise<void> {
    await this.load();
    const c = this.current;
    const token = c?.tokens?.refreshToken ?? c?.tokens?.accessToken;
    if (c && token) {
      // After a restart only the issuer is known: its metadata says where to revoke.
      const as = c.as.token_endpoint
        ? c.as
        : await rediscover(c.binding.issuer, this.server, this.http).catch(() => undefined);
      if (as?.revocation_endpoint) await revokeToken(this.registration, as, c.binding.issuer, token);
    }
    await this.forgetTokens();
  }

  // ---- the flow -------------------------------------------------------------------------------

  private async exclusive(work: () => Promise<void>): Promise<void> {
    while (this.flow) await this.flow.catch(() => {});
    const flow = work();
    this.flow = flow;
    try {
      await flow;
    } finally {
      if (this.flow === flow) this.flow = undefined;
    }
  }

  private async load(): Promise<void> {
    if (this.loaded) return;
    this.loaded = true;
    const binding = await this.options.store.binding(this.bindingKey);
    if (!binding) return;
    const tokens = await this.options.store.tokens(binding);
    // Metadata is found again on the next challenge; until then the token is all that is needed.
    this.current = { binding, as: { issuer: binding.issuer }, tokens };
  }

  private async answer(challenge: AuthChallenge): Promise<void> {
    await this.load();
    const bearer = parseBearerChallenge(challenge.header);
    // The server wants our DPoP proofs to carry its nonce (RFC 9449 §9): the same token again, with it.
    const dpop = this.current?.dpop;
    if (bearer?.error === 'use_dpop_nonce' && challenge.dpopNonce && dpop) {
      dpop.rememberNonce(challenge.url, challenge.dpopNonce);
      return;
    }
    if (challenge.status === 403 && bearer?.error !== 'insufficient_scope') {
      throw authFailed(
        this.http.label,
        `the server refused the request (HTTP 403${bearer?.error ? ` ${bearer.error}` : ''})`,
      );
    }
    // Another request already got a new token while this one waited: just retry.
    const held = this.current?.tokens;
    if (
      held &&
      challenge.sentAuthorization !== undefined &&
      challenge.sentAuthorization !== authorizationOf(held)
    ) {
      return;
    }
    const prm = await discoverProtectedResource(this.server, bearer, this.http);
    const issuer = prm?.authorizationServers[0] ?? this.server.origin;
    const as = await this.metadata(issuer, prm);
    const binding: AuthBinding = {
      issuer: as.issuer,
      resource: prm?.resource ?? canonicalResource(this.server),
      ...(this.client ? { client: this.client } : {}),
    };
    const previous = this.current;
    const same = previous !== undefined && tokensKey(previous.binding) === tokensKey(binding);
    let tokens = same ? previous.tokens : await this.options.store.tokens(binding);
    this.current = {
      binding,
      as,
      tokens,
      ...(same && previous.dpop && tokens === previous.tokens ? { dpop: previous.dpop } : {}),
    };
    await this.options.store.setBinding(this.bindingKey, binding);

    if (challenge.status === 403) {
      if (++this.stepUps > (this.options.maxStepUps ?? 2)) {
        throw authFailed(
          this.http.label,
          `the server still asks for more scope (${bearer?.scope ?? 'unnamed'}) after ${this.options.maxStepUps ?? 2} new sign-ins`,
        );
      }
    } else if (tokens?.refreshToken && challenge.sentAuthorization === authorizationOf(tokens)) {
      // The token we sent was refused: a refresh may be all it takes (or tokens another process stored).
      const refreshed = await this.refresh(this.current, challenge.sentAuthorization).then(
        () => true,
        () => false,
      );
      const held = this.current.tokens;
      if (refreshed || (held && authorizationOf(held) !== challenge.sentAuthorization)) return;
      tokens = undefined;
    } else if (tokens && challenge.sentAuthorization !== authorizationOf(tokens)) {
      return; // a stored token the request did not carry yet
    }
    const scopes = this.scopesFor(challenge, bearer, prm, as);
    this.dpopWanted = dpopWantedFor(as, offersDpopScheme(challenge.header) || prm?.dpop === true);
    const fresh = this.options.clientCredentials
      ? await this.clientCredentialsGrant(as, binding, scopes)
      : this.options.assertionGrant
        ? await this.assertionGrant(as, binding, scopes)
        : await this.authorizationCodeGrant(as, binding, scopes);
    await this.save(binding, fresh);
  }

  private async metadata(
    issuer: string,
    prm: ProtectedResource | undefined,
  ): Promise<oauth.AuthorizationServer> {
    // Without resource metadata (a 2025-03-26 server) no issuer was named to us: the server's origin
    // is the issuer, and a document there naming another is refused (see discoverAuthorizationServer).
    const found = await discoverAuthorizationServer(issuer, this.server, this.http, {
      named: prm !== undefined,
    });
    if (found) return found;
    if (!prm) {
      // A 2025-03-26 server with no metadata at all: its origin is the authorization server.
      this.http.log(
        `no authorization server metadata at ${issuer}: using /authorize, /token and /register there`,
      );
      return fallbackMetadata(this.server.origin);
    }
    throw authFailed(this.http.label, `the authorization server ${issuer} publishes no metadata`);
  }

  /** The scopes to ask for; a 403's are remembered until a sign-in grants them. */
  private scopesFor(
    challenge: AuthChallenge,
    bearer: BearerChallenge | undefined,
    prm: ProtectedResource | undefined,
    as: oauth.AuthorizationServer,
  ): string[] {
    if (challenge.status === 403 && bearer?.scope) this.stepUpScopes = splitScopes(bearer.scope);
    return chooseScopes({
      named: bearer?.scope ?? (challenge.status === 401 ? prm?.scopesSupported?.join(' ') : undefined),
      stepUp: this.stepUpScopes,
      offlineAccess:
        !this.options.clientCredentials &&
        !this.options.assertionGrant &&
        as.scopes_supported?.includes('offline_access') === true,
    });
  }

  private async authorizationCodeGrant(
    as: oauth.AuthorizationServer,
    binding: AuthBinding,
    scopes: string[],
  ): Promise<Minted> {
    requirePkce(as, this.http);
    const signIn = this.options.signIn;
    if (!signIn || this.options.interactive?.() === false) {
      const granted = splitScopes(this.current?.tokens?.scope ?? '');
      const newScopes = this.stepUpScopes.filter((scope) => !granted.includes(scope));
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
      return await this.mint(as, client, await this.newKey(), async (dpop) =>
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
  ): Promise<Minted> {
    const cc = this.options.clientCredentials;
    if (!cc) throw new Error('no client credentials configured');
    checkedEndpoint(this.http, this.server, as.token_endpoint, 'token_endpoint');
    const { client, auth } = await credentialsClient(cc, this.http);
    const parameters: Record<string, string> = { resource: binding.resource };
    if (scopes.length > 0) parameters.scope = scopes.join(' ');
    return this.mint(as, client, await this.newKey(), async (dpop) =>
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
  ): Promise<Minted> {
    const grant = this.options.assertionGrant;
    if (!grant) throw new Error('no assertion grant configured');
    checkedEndpoint(this.http, this.server, as.token_endpoint, 'token_endpoint');
    const target = { issuer: as.issuer, resource: binding.resource };
    const { client, auth } = jwtBearerClient(grant);
    return this.mint(as, client, await this.newKey(), async (dpop) =>
      oauth.processGenericTokenEndpointResponse(
        as,
        client,
        await jwtBearerGrant(grant, { as, client, auth }, target, scopes, this.http, dpop),
      ),
    );
  }

  /** A new DPoP key for a new grant, where DPoP is wanted (see dpopWantedFor). */
  private newKey(): Promise<DpopKey | undefined> {
    return this.dpopWanted ? DpopKey.generate() : Promise.resolve(undefined);
  }

  /**
   * One exchange at the token endpoint: with proofs of `key` when there is one (the authorization
   * server's DPoP nonce followed once), its answer checked by `exchange` and named when refused.
   */
  private async mint(
    as: oauth.AuthorizationServer,
    client: oauth.Client,
    key: DpopKey | undefined,
    exchange: (dpop: { DPoP?: oauth.DPoPHandle }) => Promise<oauth.TokenEndpointResponse>,
  ): Promise<Minted> {
    const DPoP = key?.handle(client);
    const response = await this.tokenResponse(as, client, () =>
      withNonceRetry(DPoP, () => exchange(DPoP ? { DPoP } : {})),
    );
    return { response, key };
  }

  /** Renews `current`'s tokens; `refused`: the Authorization a 401 just refused, when that is why. */
  private async refresh(current: Current, refused?: string): Promise<void> {
    if (!current.tokens?.refreshToken) throw authFailed(this.http.label, 'no refresh token');
    // After a restart only the issuer is known (a failure to find it again keeps the tokens).
    if (!current.as.token_endpoint)
      current.as = await rediscover(current.binding.issuer, this.server, this.http);
    const store = this.options.store;
    // Other processes on this store (the app, `mcp chat`, CLI runs) refresh in turn with this one.
    const held = () => this.refreshHeld(current, refused);
    await (store.exclusive ? store.exclusive(held) : held());
  }

  private async refreshHeld(current: Current, refused: string | undefined): Promise<void> {
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
      await this.save(current.binding, minted, refreshToken);
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

  /**
   * Forgets the tokens in hand (not the registration), so the next request signs in anew: for a
   * step-up the person agreed to, which asks for the scopes the server wanted.
   */
  async forgetTokens(): Promise<void> {
    await this.load();
    if (!this.current) return;
    await this.options.store.setTokens(this.current.binding, undefined);
    this.current.tokens = undefined;
  }

  private async save(binding: AuthBinding, minted: Minted, keptRefresh?: string) {
    const { response, key } = minted;
    this.stepUpScopes = [];
    const refreshToken = response.refresh_token ?? keptRefresh;
    const tokens: StoredTokens = {
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
    await this.options.store.setTokens(binding, tokens);
    if (this.current && this.current.binding === binding) {
      this.current.tokens = tokens;
      if (tokens.dpopKey) this.current.dpop = key;
      else delete this.current.dpop;
    }
  }

  /**
   * The token endpoint's answer. `invalid_client` for a client we registered means the server no
   * longer knows it: the registration is forgotten, so the next sign-in registers again.
   */
  private async tokenResponse(
    as: oauth.AuthorizationServer,
    client: oauth.Client,
    process: () => Promise<oauth.TokenEndpointResponse>,
  ): Promise<oauth.TokenEndpointResponse> {
    try {
      return await process();
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

export type { ClientCredentials, OAuthOptions, PreRegisteredClient, SignInRequest };

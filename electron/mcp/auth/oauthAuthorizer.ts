import type * as oauth from 'oauth4webapi';
import { authFailed } from './authError';
import { type AuthBinding, tokensKey } from './authStore';
import {
  type AuthHttp,
  canonicalResource,
  discoverAuthorizationServer,
  discoverProtectedResource,
  fallbackMetadata,
  type ProtectedResource,
  rediscover,
} from './discovery';
import { DpopKey, dpopWantedFor } from './dpop';
import type { AuthChallenge, HttpAuth } from './httpAuth';
import { type Registration, revokeToken } from './oauthClient';
import type { OAuthOptions } from './oauthOptions';
import { chooseScopes, splitScopes } from './scopes';
import { authorizationOf, type Current, isDue, type Minted, TokenGrants, tokensOf } from './tokenGrants';
import { type BearerChallenge, offersDpopScheme, parseBearerChallenge } from './wwwAuthenticate';

/**
 * OAuth 2.1 for one remote MCP server, as the spec's authorization page describes: each request's
 * Authorization (tokens refreshed before they expire), and the answer to a 401 or 403 — discovery
 * from its challenge, client registration (pre-registered → Client ID Metadata Document → dynamic),
 * a refresh or a new grant (auth/tokenGrants.ts), step-up on a 403 `insufficient_scope`, a bounded
 * number of times. Credentials are kept by issuer and resource.
 */
export class OAuthAuthorizer implements HttpAuth {
  private readonly server: URL;
  private readonly http: AuthHttp;
  private current: Current | undefined;
  private loaded = false;
  private stepUps = 0;
  /** Scopes a 403 asked for that no sign-in has granted yet: asked for again at the next one. */
  private stepUpScopes: string[] = [];
  /** One flow at a time: concurrent requests that hit a 401 share it. */
  private flow: Promise<void> | undefined;
  private readonly registration: Registration;
  /** The token endpoint: new grants, refreshes. */
  private readonly grants: TokenGrants;
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
    this.grants = new TokenGrants(this.http, this.server, this.registration, options);
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
    const fresh = await this.grants.grant(as, binding, scopes, {
      dpop: dpopWantedFor(as, offersDpopScheme(challenge.header) || prm?.dpop === true),
      stepUpScopes: this.stepUpScopes,
      grantedScope: this.current.tokens?.scope,
    });
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

  /** Renews `current`'s tokens; `refused`: the Authorization a 401 just refused, when that is why. */
  private refresh(current: Current, refused?: string): Promise<void> {
    return this.grants.refresh(current, refused, (binding, minted, kept) => this.save(binding, minted, kept));
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
    this.stepUpScopes = [];
    const tokens = tokensOf(minted, keptRefresh);
    await this.options.store.setTokens(binding, tokens);
    if (this.current && this.current.binding === binding) {
      this.current.tokens = tokens;
      if (tokens.dpopKey) this.current.dpop = minted.key;
      else delete this.current.dpop;
    }
  }
}

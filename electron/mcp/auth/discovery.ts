import * as oauth from 'oauth4webapi';
import { fieldOf } from '../../../shared/fieldOf';
import { refusalOf } from './addresses';
import { authFailed } from './authError';
import { checkEndpoints } from './endpoints';
import type { BearerChallenge } from './wwwAuthenticate';

/** What the auth code needs from HTTP: fetch, and somewhere to say what it did. */
export interface AuthHttp {
  fetch: typeof fetch;
  log: (text: string) => void;
  /** The server these requests are for, for errors. */
  label: string;
}

/** A protected resource's metadata (RFC 9728), checked. */
export interface ProtectedResource {
  /** The resource identifier: the MCP server, or an origin/path prefix of it. */
  resource: string;
  authorizationServers: string[];
  scopesSupported?: string[];
  /** The resource takes DPoP-bound tokens (RFC 9728 §2: DPoP algorithms listed, or DPoP required). */
  dpop?: true;
}

const TIMEOUT_MS = 15_000;

/** GET a JSON document; undefined for a 4xx (not here), an error for anything else unusable. */
async function getJson(url: URL, server: URL, http: AuthHttp, what: string): Promise<Response | undefined> {
  const refused = refusalOf(url, server);
  if (refused) throw authFailed(http.label, `${what}: ${refused}`);
  let response: Response;
  try {
    response = await http.fetch(url, {
      headers: { accept: 'application/json' },
      redirect: 'manual',
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (error) {
    throw authFailed(http.label, `${what} at ${url.href} could not be fetched: ${String(error)}`, error);
  }
  if (response.status >= 400 && response.status < 500) {
    http.log(`${what}: ${url.href} answered ${response.status}`);
    return undefined;
  }
  if (response.status !== 200) {
    throw authFailed(http.label, `${what} at ${url.href} answered HTTP ${response.status}`);
  }
  return response;
}

/** The canonical form of the server's URL: no fragment, no trailing slash unless it is the root. */
export function canonicalResource(server: URL): string {
  const url = new URL(server.href);
  url.hash = '';
  const href = url.href;
  return url.pathname === '/' && !url.search ? href.slice(0, -1) : href.replace(/\/$/, '');
}

/**
 * Whether a metadata document's `resource` names this server: the same origin, and a path that is
 * the server's or a prefix of it at a segment boundary (a root document names the whole origin).
 */
function namesServer(resource: string, server: URL): boolean {
  let r: URL;
  try {
    r = new URL(resource);
  } catch {
    return false;
  }
  if (r.origin !== server.origin || r.hash) return false;
  const prefix = r.pathname.replace(/\/$/, '');
  const path = server.pathname.replace(/\/$/, '');
  return path === prefix || path.startsWith(`${prefix}/`);
}

/**
 * Protected resource metadata for `server`: from the challenge's `resource_metadata`, else the
 * path-aware then the root well-known URI. Undefined when the server publishes none (a 2025-03-26
 * server). Refused when the document names another resource or no authorization server.
 */
export async function discoverProtectedResource(
  server: URL,
  challenge: BearerChallenge | undefined,
  http: AuthHttp,
): Promise<ProtectedResource | undefined> {
  const candidates: URL[] = [];
  if (challenge?.resourceMetadata) {
    try {
      candidates.push(new URL(challenge.resourceMetadata));
    } catch {
      throw authFailed(http.label, `resource_metadata "${challenge.resourceMetadata}" is not a URL`);
    }
  } else {
    const path = server.pathname.replace(/\/$/, '');
    if (path) candidates.push(new URL(`/.well-known/oauth-protected-resource${path}`, server.origin));
    candidates.push(new URL('/.well-known/oauth-protected-resource', server.origin));
  }
  for (const url of candidates) {
    const response = await getJson(url, server, http, 'protected resource metadata');
    if (!response) continue;
    const body = await readObject(response, http, url);
    const resource = body.resource;
    if (typeof resource !== 'string' || !namesServer(resource, server)) {
      throw authFailed(
        http.label,
        `the protected resource metadata at ${url.href} is for ${JSON.stringify(resource)}, not this server (${canonicalResource(server)})`,
      );
    }
    const servers = body.authorization_servers;
    if (!Array.isArray(servers) || servers.length === 0 || !servers.every((s) => typeof s === 'string')) {
      throw authFailed(
        http.label,
        `the protected resource metadata at ${url.href} names no authorization server`,
      );
    }
    const scopes = body.scopes_supported;
    const dpopAlgs = body.dpop_signing_alg_values_supported;
    const dpop =
      body.dpop_bound_access_tokens_required === true || (Array.isArray(dpopAlgs) && dpopAlgs.length > 0);
    return {
      resource,
      authorizationServers: servers,
      ...(Array.isArray(scopes) && scopes.every((s) => typeof s === 'string')
        ? { scopesSupported: scopes }
        : {}),
      ...(dpop ? { dpop: true as const } : {}),
    };
  }
  if (challenge?.resourceMetadata) {
    throw authFailed(http.label, `no protected resource metadata at ${challenge.resourceMetadata}`);
  }
  return undefined;
}

/** The well-known URLs of an issuer's metadata, in the order the spec gives. */
function metadataUrls(issuer: URL): URL[] {
  const path = issuer.pathname.replace(/\/$/, '');
  const at = (p: string) => new URL(p, issuer.origin);
  if (!path) {
    return [at('/.well-known/oauth-authorization-server'), at('/.well-known/openid-configuration')];
  }
  return [
    at(`/.well-known/oauth-authorization-server${path}`),
    at(`/.well-known/openid-configuration${path}`),
    at(`${path}/.well-known/openid-configuration`),
  ];
}

/**
 * An authorization server's metadata (RFC 8414 or OpenID discovery), checked: its `issuer` is the
 * one the well-known URL was built from (RFC 8414 §3.3), every endpoint it names may be reached
 * from here, and it does PKCE with S256. Undefined when none of the well-known URLs has a document.
 *
 * `named: false` is a 2025-03-26 server that published no resource metadata: nobody named an issuer
 * to us, so the document is looked for at the server's own origin and is believed only for that
 * origin. A document there that calls itself another issuer is refused: believing it let a server
 * borrow the name (and our registration) of an authorization server the person already uses while
 * sending the code and PKCE verifier to its own token endpoint (an authorization-server mix-up).
 */
export async function discoverAuthorizationServer(
  issuer: string,
  server: URL,
  http: AuthHttp,
  options: { named: boolean } = { named: true },
): Promise<oauth.AuthorizationServer | undefined> {
  let issuerUrl: URL;
  try {
    issuerUrl = new URL(issuer);
  } catch {
    throw authFailed(http.label, `the authorization server "${issuer}" is not a URL`);
  }
  for (const url of metadataUrls(issuerUrl)) {
    const response = await getJson(url, server, http, 'authorization server metadata');
    if (!response) continue;
    const stated: unknown = await response
      .clone()
      .json()
      .then((body: unknown) => fieldOf(body, 'issuer'))
      .catch(() => undefined);
    if (!options.named) {
      if (typeof stated !== 'string' || !isOwnOrigin(stated, server)) {
        throw authFailed(
          http.label,
          `the authorization server metadata at ${url.href} names the issuer ${JSON.stringify(stated ?? null)}, which is not on this server's own origin ${server.origin}. A server that publishes no protected resource metadata (2025-03-26) can only be its own authorization server (RFC 8414 §3.3), so signing in is refused: it could be borrowing the name of a sign-in service you use`,
        );
      }
      return readMetadata(new URL(stated), response, url, server, http);
    }
    // The issuer must be identical to the one asked for, to the letter (not merely the same URL).
    if (stated !== issuer) {
      throw authFailed(
        http.label,
        `the metadata at ${url.href} is for the issuer ${JSON.stringify(stated ?? null)}, not ${JSON.stringify(issuer)}`,
      );
    }
    return readMetadata(issuerUrl, response, url, server, http);
  }
  return undefined;
}

/**
 * Whether `issuer` is on `server`'s own origin. RFC 8414 would have the root document's issuer be the
 * origin itself; servers (and the official conformance suite's 2025-03-26 scenario) put their
 * authorization server at a path of it, which names nobody else, so a path is allowed.
 */
function isOwnOrigin(issuer: string, server: URL): boolean {
  try {
    const url = new URL(issuer);
    return url.origin === server.origin && !url.search && !url.hash && !url.username && !url.password;
  } catch {
    return false;
  }
}

async function readMetadata(
  issuer: URL,
  response: Response,
  url: URL,
  server: URL,
  http: AuthHttp,
): Promise<oauth.AuthorizationServer> {
  let metadata: oauth.AuthorizationServer;
  try {
    metadata = await oauth.processDiscoveryResponse(issuer, response);
  } catch (error) {
    throw authFailed(http.label, `the metadata at ${url.href} is not usable: ${describe(error)}`, error);
  }
  checkEndpoints(metadata, server, http.label);
  requirePkce(metadata, http);
  return metadata;
}

export function requirePkce(metadata: oauth.AuthorizationServer, http: AuthHttp): void {
  if (!metadata.code_challenge_methods_supported?.includes('S256')) {
    throw authFailed(
      http.label,
      `the authorization server ${metadata.issuer} does not offer PKCE with S256 (code_challenge_methods_supported: ${JSON.stringify(metadata.code_challenge_methods_supported ?? null)}), so signing in with it is refused`,
    );
  }
}

async function readObject(response: Response, http: AuthHttp, url: URL): Promise<Record<string, unknown>> {
  let body: unknown;
  try {
    body = await response.json();
  } catch (error) {
    throw authFailed(http.label, `the document at ${url.href} is not JSON`, error);
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw authFailed(http.label, `the document at ${url.href} is not a JSON object`);
  }
  return body as Record<string, unknown>;
}

export function describe(error: unknown): string {
  if (error instanceof oauth.ResponseBodyError) {
    return `${error.error}${error.error_description ? `: ${error.error_description}` : ''}`;
  }
  if (error instanceof oauth.WWWAuthenticateChallengeError) {
    // A 401 whose challenge says why (invalid_client for a wrong secret, say).
    const said = error.cause.map((c) => {
      const { error: code, error_description: detail } = c.parameters;
      return code ? `${code}${detail ? `: ${detail}` : ''}` : `a ${c.scheme} challenge`;
    });
    return `HTTP ${error.status} ${said.join('; ')}`;
  }
  return error instanceof Error ? error.message : String(error);
}

/**
 * The metadata of the issuer a server signed in with before (after a restart only the issuer is
 * kept), found as it was first found: by the issuer's own well-known URLs, or — for a 2025-03-26
 * server, its own authorization server — at its origin's root, believed only if it still names
 * that issuer, else the spec's default endpoints at its origin.
 */
export async function rediscover(
  issuer: string,
  server: URL,
  http: AuthHttp,
): Promise<oauth.AuthorizationServer> {
  const named = await discoverAuthorizationServer(issuer, server, http);
  if (named) return named;
  if (!isOwnOrigin(issuer, server)) {
    throw authFailed(http.label, `the authorization server ${issuer} no longer publishes its metadata`);
  }
  const own = await discoverAuthorizationServer(server.origin, server, http, { named: false });
  if (own && own.issuer !== issuer) {
    throw authFailed(
      http.label,
      `the server's authorization server is now ${own.issuer}, not ${issuer}: sign in again`,
    );
  }
  return own ?? fallbackMetadata(server.origin);
}

/** A 2025-03-26 server with no metadata at all: its origin is the authorization server, with these defaults. */
export const fallbackMetadata = (origin: string): oauth.AuthorizationServer => ({
  issuer: origin,
  authorization_endpoint: `${origin}/authorize`,
  token_endpoint: `${origin}/token`,
  registration_endpoint: `${origin}/register`,
  code_challenge_methods_supported: ['S256'],
});

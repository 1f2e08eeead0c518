import * as oauth from 'oauth4webapi';
import { fieldOf } from '../../../shared/fieldOf';
import { isLoopbackHost } from '../../../shared/loopback';
import { refusalOf } from './addresses';
import { authFailed } from './authError';
import type { AuthStore, StoredClient } from './authStore';
import { type AuthHttp, describe } from './discovery';
import type { ClientCredentials, PreRegisteredClient } from './oauthOptions';

/**
 * What Switchboard says about itself as an OAuth client, in a dynamic registration and in the Client
 * ID Metadata Document it publishes (resources/oauth-client-metadata.json, tested against this).
 */
export const CLIENT_METADATA = {
  client_name: 'Switchboard',
  grant_types: ['authorization_code', 'refresh_token'],
  response_types: ['code'],
  application_type: 'native',
} as const;

/** What choosing or registering our client needs. */
export interface Registration {
  http: AuthHttp;
  server: URL;
  store: AuthStore;
  clientName?: string;
  clientMetadataUrl?: string;
  preRegistered?: PreRegisteredClient;
}

/**
 * Our client at this authorization server, in the spec's order: pre-registered (from config) →
 * Client ID Metadata Document (when the server accepts one) → Dynamic Client Registration, kept
 * per issuer and registered again when it does not cover this redirect URI.
 */
export async function clientFor(
  ctx: Registration,
  as: oauth.AuthorizationServer,
  issuer: string,
  redirectUri: string | undefined,
): Promise<{ client: oauth.Client; auth: oauth.ClientAuth }> {
  const pre = ctx.preRegistered;
  if (pre) {
    const method = pre.authMethod ?? (pre.clientSecret ? secretMethod(as) : 'none');
    return withAuth({
      clientId: pre.clientId,
      clientSecret: pre.clientSecret,
      authMethod: method,
      redirectUris: [],
    });
  }
  if (ctx.clientMetadataUrl && as.client_id_metadata_document_supported === true) {
    return {
      client: { client_id: ctx.clientMetadataUrl, token_endpoint_auth_method: 'none' },
      auth: oauth.None(),
    };
  }
  const stored = await ctx.store.client(issuer);
  if (stored && (redirectUri === undefined || stored.redirectUris.includes(redirectUri)))
    return withAuth(stored);
  if (!redirectUri) throw authFailed(ctx.http.label, `no client is registered with ${issuer}`);
  const registered = await register(ctx, as, redirectUri);
  await ctx.store.setClient(issuer, registered);
  return withAuth(registered);
}

async function register(
  ctx: Registration,
  as: oauth.AuthorizationServer,
  redirectUri: string,
): Promise<StoredClient> {
  if (!as.registration_endpoint) {
    throw authFailed(
      ctx.http.label,
      `${as.issuer} offers neither Client ID Metadata Documents nor dynamic registration: configure a client id for this server`,
    );
  }
  checkedEndpoint(ctx.http, ctx.server, as.registration_endpoint, 'registration_endpoint');
  const supported = as.token_endpoint_auth_methods_supported;
  const method = !supported || supported.includes('none') ? 'none' : secretMethod(as);
  let response: Response;
  try {
    response = await oauth.dynamicClientRegistrationRequest(
      as,
      {
        ...CLIENT_METADATA,
        grant_types: [...CLIENT_METADATA.grant_types],
        response_types: [...CLIENT_METADATA.response_types],
        client_name: ctx.clientName ?? CLIENT_METADATA.client_name,
        redirect_uris: [redirectUri],
        token_endpoint_auth_method: method,
      },
      requestOptions(ctx.http, as.registration_endpoint),
    );
  } catch (error) {
    throw authFailed(ctx.http.label, `registering with ${as.issuer} failed: ${describe(error)}`, error);
  }
  // Read by hand rather than by oauth4webapi, which refuses a secret without
  // client_secret_expires_at; servers that omit it are common, and the secret works all the same.
  const body: unknown = await response.json().catch(() => undefined);
  const field = (name: string) => fieldOf(body, name);
  if (response.status !== 201 && response.status !== 200) {
    const error = field('error');
    const detail = field('error_description');
    throw authFailed(
      ctx.http.label,
      `${as.issuer} refused the registration (HTTP ${response.status}${typeof error === 'string' ? ` ${error}` : ''}${typeof detail === 'string' ? `: ${detail}` : ''})`,
    );
  }
  const clientId = field('client_id');
  const given = field('client_secret');
  const secret = typeof given === 'string' && given ? given : undefined;
  const registeredMethod = field('token_endpoint_auth_method');
  const authMethod: StoredClient['authMethod'] =
    registeredMethod === 'client_secret_post' ||
    registeredMethod === 'client_secret_basic' ||
    registeredMethod === 'none'
      ? registeredMethod
      : secret
        ? 'client_secret_basic'
        : 'none';
  if (typeof clientId !== 'string' || !clientId) {
    throw authFailed(ctx.http.label, `${as.issuer} registered us without a client_id`);
  }
  ctx.http.log(`registered with ${as.issuer} as ${clientId}`);
  return {
    clientId,
    ...(secret ? { clientSecret: secret } : {}),
    authMethod,
    redirectUris: [redirectUri],
  };
}

function secretMethod(as: oauth.AuthorizationServer): StoredClient['authMethod'] {
  const supported = as.token_endpoint_auth_methods_supported;
  return supported && !supported.includes('client_secret_basic') && supported.includes('client_secret_post')
    ? 'client_secret_post'
    : 'client_secret_basic';
}

function withAuth(stored: StoredClient): { client: oauth.Client; auth: oauth.ClientAuth } {
  const client: oauth.Client = {
    client_id: stored.clientId,
    token_endpoint_auth_method: stored.authMethod,
  };
  if (stored.authMethod === 'none' || stored.clientSecret === undefined)
    return { client, auth: oauth.None() };
  return {
    client,
    auth:
      stored.authMethod === 'client_secret_post'
        ? oauth.ClientSecretPost(stored.clientSecret)
        : clientSecretBasic(stored.clientSecret),
  };
}

/** A client that signs in as itself: its id, and a secret (client_secret_basic) or a private key (private_key_jwt). */
export async function credentialsClient(
  cc: ClientCredentials,
  http: AuthHttp,
): Promise<{ client: oauth.Client; auth: oauth.ClientAuth }> {
  const client: oauth.Client = { client_id: cc.clientId };
  if (cc.privateKeyPem) {
    const { importPKCS8 } = await import('jose');
    const algorithm = cc.algorithm ?? 'ES256';
    const key = await importPKCS8(cc.privateKeyPem, algorithm);
    client.token_endpoint_auth_signing_alg = algorithm;
    return { client, auth: oauth.PrivateKeyJwt({ key, kid: undefined }) };
  }
  if (cc.clientSecret !== undefined) return { client, auth: clientSecretBasic(cc.clientSecret) };
  throw authFailed(http.label, 'client credentials need a client secret or a private key');
}

/** Revokes a token (RFC 7009); a failure is logged, never thrown: signing out goes on regardless. */
export async function revokeToken(
  ctx: Registration,
  as: oauth.AuthorizationServer,
  issuer: string,
  token: string,
): Promise<void> {
  try {
    const { client, auth } = await clientFor(ctx, as, issuer, undefined);
    const options = requestOptions(ctx.http, as.revocation_endpoint);
    await oauth.processRevocationResponse(await oauth.revocationRequest(as, client, auth, token, options));
    ctx.http.log(`revoked the token at ${as.issuer}`);
  } catch (error) {
    ctx.http.log(`revoking the token failed: ${describe(error)}`);
  }
}

/** An endpoint named by metadata, checked like every URL a document gives us. */
export function checkedEndpoint(http: AuthHttp, server: URL, value: string | undefined, name: string): URL {
  if (!value) throw authFailed(http.label, `the authorization server metadata has no ${name}`);
  const url = new URL(value);
  const refused = refusalOf(url, server);
  if (refused) throw authFailed(http.label, `${name}: ${refused}`);
  return url;
}

/** Options for oauth4webapi's requests: our fetch, plain HTTP only to loopback, a time limit. */
export function requestOptions(http: AuthHttp, endpoint: string | undefined) {
  const insecure = endpoint?.startsWith('http:') && isLoopbackHost(new URL(endpoint).hostname);
  return {
    [oauth.customFetch]: http.fetch,
    [oauth.allowInsecureRequests]: insecure,
    signal: AbortSignal.timeout(30_000),
  };
}

/**
 * client_secret_basic as RFC 6749 §2.3.1 has it: id and secret form-urlencoded, then Base64. Only
 * what form encoding must escape is escaped (oauth4webapi also escapes "-" and "." , which servers
 * that compare the raw id refuse).
 */
export function clientSecretBasic(secret: string): oauth.ClientAuth {
  const encode = (value: string) => encodeURIComponent(value).replace(/%20/g, '+');
  return (_as, client, _body, headers) => {
    const credentials = `${encode(client.client_id)}:${encode(secret)}`;
    headers.set('authorization', `Basic ${Buffer.from(credentials).toString('base64')}`);
  };
}

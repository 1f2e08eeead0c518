import type * as oauth from 'oauth4webapi';
import { refusalOf } from './addresses';
import { authFailed } from './authError';

/**
 * Every URL an authorization server's metadata can send us to (RFC 8414 §2, OpenID Discovery,
 * RFC 7009, RFC 7662, RFC 8628, RFC 9126, CIBA), whether we use it today or not: a document that
 * names one we may not reach is refused whole, so no later code path can POST a code, a refresh token
 * or a token to it.
 */
const ENDPOINTS = [
  'authorization_endpoint',
  'token_endpoint',
  'registration_endpoint',
  'revocation_endpoint',
  'introspection_endpoint',
  'jwks_uri',
  'userinfo_endpoint',
  'device_authorization_endpoint',
  'pushed_authorization_request_endpoint',
  'end_session_endpoint',
  'backchannel_authentication_endpoint',
] as const;

/**
 * Checks every endpoint in `metadata` (and its mTLS aliases, RFC 8705 §5) with the rule every URL
 * an OAuth document gives us follows (see refusalOf): http(s), plain HTTP only to this machine, no
 * credentials in the URL, nothing private or link-local named for a public server. The first that
 * fails is an error naming the field and why; without this, a public server's metadata could point
 * the token or revocation endpoint into the person's machine or network (a blind request forgery,
 * carrying codes and tokens, without a click).
 */
export function checkEndpoints(metadata: oauth.AuthorizationServer, server: URL, label: string): void {
  const named: [string, unknown][] = ENDPOINTS.map((name) => [name, metadata[name]]);
  const aliases = metadata.mtls_endpoint_aliases;
  if (aliases !== undefined) {
    if (typeof aliases !== 'object' || aliases === null || Array.isArray(aliases)) {
      throw authFailed(label, `the metadata of ${metadata.issuer}: mtls_endpoint_aliases is not an object`);
    }
    for (const [name, value] of Object.entries(aliases)) named.push([`mtls_endpoint_aliases.${name}`, value]);
  }
  for (const [name, value] of named) {
    if (value === undefined) continue;
    let url: URL;
    try {
      if (typeof value !== 'string') throw new TypeError('not a string');
      url = new URL(value);
    } catch {
      throw authFailed(
        label,
        `the metadata of ${metadata.issuer}: ${name} ${JSON.stringify(value)} is not a URL`,
      );
    }
    const refused = refusalOf(url, server);
    if (refused) throw authFailed(label, `the metadata of ${metadata.issuer}: ${name}: ${refused}`);
  }
}

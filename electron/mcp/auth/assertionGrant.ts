import * as oauth from 'oauth4webapi';
import { authFailed } from './authError';
import { type AuthHttp, describe } from './discovery';
import { clientSecretBasic, requestOptions } from './oauthClient';
import type { AssertionGrant, AssertionTarget } from './oauthOptions';

/** RFC 7523 §2.1: a JWT as the authorization grant. */
export const JWT_BEARER = 'urn:ietf:params:oauth:grant-type:jwt-bearer';
const TOKEN_EXCHANGE = 'urn:ietf:params:oauth:grant-type:token-exchange';
const ID_TOKEN = 'urn:ietf:params:oauth:token-type:id_token';
const ID_JAG = 'urn:ietf:params:oauth:token-type:id-jag';

/** The enterprise identity provider of SEP-990, and the ID token the person signed in to it with. */
export interface EnterpriseIdp {
  tokenEndpoint: string;
  issuer: string;
  clientId: string;
  clientSecret?: string;
  idToken: () => Promise<string>;
}

/**
 * The assertion of enterprise-managed authorization: the person's ID token exchanged (RFC 8693) at
 * their identity provider for an ID-JAG naming this authorization server and resource.
 */
export function idJagFrom(idp: EnterpriseIdp, http: AuthHttp): (target: AssertionTarget) => Promise<string> {
  return async (target) => {
    const as: oauth.AuthorizationServer = { issuer: idp.issuer, token_endpoint: idp.tokenEndpoint };
    const client: oauth.Client = { client_id: idp.clientId };
    const auth = idp.clientSecret ? clientSecretBasic(idp.clientSecret) : oauth.None();
    try {
      const response = await oauth.genericTokenEndpointRequest(
        as,
        client,
        auth,
        TOKEN_EXCHANGE,
        {
          subject_token: await idp.idToken(),
          subject_token_type: ID_TOKEN,
          requested_token_type: ID_JAG,
          audience: target.issuer,
          resource: target.resource,
        },
        requestOptions(http, idp.tokenEndpoint),
      );
      const result = await oauth.processGenericTokenEndpointResponse(as, client, response, {
        // An ID-JAG is not an access token: RFC 8693 says N_A.
        recognizedTokenTypes: { n_a: () => {} },
      });
      if (result.issued_token_type !== ID_JAG)
        throw new Error(`issued a ${String(result.issued_token_type)}, not an ID-JAG`);
      return result.access_token;
    } catch (error) {
      throw authFailed(
        http.label,
        `the identity provider ${idp.issuer} did not grant access to ${target.resource}: ${describe(error)}`,
        error,
      );
    }
  };
}

/** The client of a JWT-bearer grant: its id, and client_secret_basic when it has a secret. */
export function jwtBearerClient(grant: AssertionGrant): { client: oauth.Client; auth: oauth.ClientAuth } {
  return {
    client: { client_id: grant.clientId },
    auth: grant.clientSecret ? clientSecretBasic(grant.clientSecret) : oauth.None(),
  };
}

/** The JWT-bearer grant at the authorization server (RFC 7523 §2.1). */
export async function jwtBearerGrant(
  grant: AssertionGrant,
  to: { as: oauth.AuthorizationServer; client: oauth.Client; auth: oauth.ClientAuth },
  target: AssertionTarget,
  scopes: string[],
  http: AuthHttp,
  options: { DPoP?: oauth.DPoPHandle },
): Promise<Response> {
  const { as, client, auth } = to;
  const parameters: Record<string, string> = {
    assertion: await grant.assertion(target),
    resource: target.resource,
  };
  if (scopes.length > 0) parameters.scope = scopes.join(' ');
  return oauth.genericTokenEndpointRequest(as, client, auth, JWT_BEARER, parameters, {
    ...requestOptions(http, as.token_endpoint),
    ...options,
  });
}

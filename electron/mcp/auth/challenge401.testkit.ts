// What the OAuthAuthorizer tests share: the 401 a server answers a request sent without a token, and an
// authorizer that signs in at once.
import type { AuthStore } from './authStore';
import { OAuthAuthorizer } from './oauthAuthorizer';

/** The MCP endpoint the tests' challenges come from; nothing listens there. */
export const nowhere = new URL('http://127.0.0.1/mcp');

/** A 401 for a request sent with no Authorization; `header` is its WWW-Authenticate. */
export const challenge401 = (header: string | null = 'Bearer', url: URL = nowhere) =>
  ({ status: 401, header, sentAuthorization: undefined, url, dpopNonce: null }) as const;

/** An authorizer for `base`'s MCP endpoint whose sign-in is approved at once (the fixture's `/authorize`). */
export const authorizerOn = (base: string, store: AuthStore) =>
  new OAuthAuthorizer({
    serverUrl: `${base}/mcp`,
    store,
    interactive: () => true,
    signIn: async ({ url }) => void (await (await fetch(url)).text()),
  });

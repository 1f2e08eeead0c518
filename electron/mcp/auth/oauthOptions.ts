import type { AuthStore, StoredClient } from './authStore';

/** What the person is shown before the sign-in page opens. */
export interface SignInRequest {
  url: URL;
  issuer: string;
  scopes: string[];
}

/** A sign-in no person could be asked for: with whom, for what, and what a step-up added. */
interface SignInNeeded {
  issuer: string;
  scopes: string[];
  /** A step-up: the scopes the server asked for beyond those the token in hand was granted. */
  newScopes?: string[];
}

/** A client the person registered with the authorization server themselves (from the server's config). */
export interface PreRegisteredClient {
  clientId: string;
  clientSecret?: string;
  authMethod?: StoredClient['authMethod'];
}

/** Where a JWT-bearer grant's assertion is for: the authorization server, and the MCP server's resource. */
export interface AssertionTarget {
  issuer: string;
  resource: string;
}

/**
 * A client that is granted tokens for a JWT it presents (RFC 7523): a workload's identity token
 * (workload identity federation, SEP-1933), or an Identity Assertion JWT Authorization Grant its
 * enterprise identity provider issued for this server (enterprise-managed authorization, SEP-990).
 * A refused grant is an error as the server gave it: no retry, no other grant type.
 */
export interface AssertionGrant {
  clientId: string;
  /** client_secret_basic at the token endpoint; absent: the client id in the body (none). */
  clientSecret?: string;
  assertion: (target: AssertionTarget) => Promise<string>;
}

/** A client that signs in as itself (client credentials grant), with a secret or a private key. */
export interface ClientCredentials {
  clientId: string;
  clientSecret?: string;
  /** PEM (PKCS #8) for private_key_jwt. */
  privateKeyPem?: string;
  algorithm?: string;
}

export interface OAuthOptions {
  serverUrl: string;
  store: AuthStore;
  label?: string;
  fetch?: typeof fetch;
  log?: (text: string) => void;
  clientName?: string;
  /** Our Client ID Metadata Document (an https URL), used where the authorization server accepts one. */
  clientMetadataUrl?: string;
  preRegistered?: PreRegisteredClient;
  clientCredentials?: ClientCredentials;
  /** A client granted tokens for a JWT it presents: workload identity, enterprise-managed (RFC 7523). */
  assertionGrant?: AssertionGrant;
  /**
   * Open the sign-in page (system browser, new tab, a printed link). Resolves once it is open; the
   * answer comes back to the loopback listener. Absent: a sign-in is a SignInRequired error.
   */
  signIn?: (request: SignInRequest) => Promise<void>;
  /** Whether a person can be asked right now (default: whenever signIn is given). */
  interactive?: () => boolean;
  /** Told when a sign-in is needed and no person can be asked (the error follows). */
  onSignInNeeded?: (needed: SignInNeeded) => void;
  /** How many times a server may ask for more scope before it is a failure (default 2). */
  maxStepUps?: number;
}

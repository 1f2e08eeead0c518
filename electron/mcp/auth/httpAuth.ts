/** The refusal an HTTP transport got: its status and its WWW-Authenticate header. */
export interface AuthChallenge {
  status: 401 | 403;
  header: string | null;
  /** The Authorization header the refused request carried, if any. */
  sentAuthorization: string | undefined;
  /** Where the refused request went. */
  url: URL;
  /** A `DPoP-Nonce` the server sent with the refusal (RFC 9449 §9). */
  dpopNonce: string | null;
}

/** What an HTTP transport asks of whoever authorizes its requests (OAuthAuthorizer). */
export interface HttpAuth {
  /**
   * The headers that authorize a request of `method` to `url` — Authorization, and a fresh `DPoP`
   * proof for a DPoP-bound token — or undefined while there is no token.
   */
  authorization(method: string, url: URL): Promise<Record<string, string> | undefined>;
  /**
   * The server refused a request (401, or 403 insufficient_scope): get a token that may do better.
   * Resolves when a retry is worth it; rejects (SignInRequired, AuthFailed) when it is not.
   */
  challenged(challenge: AuthChallenge): Promise<void>;
}

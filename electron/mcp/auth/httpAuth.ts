/** The refusal an HTTP transport got: its status and its WWW-Authenticate header. */
export interface AuthChallenge {
  status: 401 | 403;
  header: string | null;
  /** The Authorization header the refused request carried, if any. */
  sentAuthorization: string | undefined;
}

/** What an HTTP transport asks of whoever authorizes its requests (OAuthAuthorizer). */
export interface HttpAuth {
  /** The Authorization header for the next request, or undefined while there is no token. */
  authorization(): Promise<string | undefined>;
  /**
   * The server refused a request (401, or 403 insufficient_scope): get a token that may do better.
   * Resolves when a retry is worth it; rejects (SignInRequired, AuthFailed) when it is not.
   */
  challenged(challenge: AuthChallenge): Promise<void>;
}

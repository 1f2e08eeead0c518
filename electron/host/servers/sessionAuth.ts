import type { SignedIn, SignInNeeded } from '../../../shared/host/serverView';
import { type AuthStore, type HttpAuth, OAuthAuthorizer } from '../../mcp';

export interface SessionAuthHooks {
  log(text: string): void;
  /** The person asked to sign in: open this authorization page for them. */
  open(url: string, issuer: string): void;
  /** A sign-in is needed and no person was asked (a refused token that could not be renewed). */
  needed(needed: SignInNeeded): void;
}

/**
 * A remote server's OAuth within its session: the authorizer (kept across runs; its tokens live in
 * the store), and whether a sign-in page may be opened now — only during a start the person asked
 * for with Sign in. Every other start that needs a sign-in ends in "Sign in required".
 */
export class SessionAuth {
  private readonly authorizer: OAuthAuthorizer;
  private signingIn = false;

  constructor(serverUrl: string, label: string, store: AuthStore, hooks: SessionAuthHooks) {
    this.authorizer = new OAuthAuthorizer({
      serverUrl,
      store,
      label,
      log: hooks.log,
      interactive: () => this.signingIn,
      signIn: async (request) => {
        hooks.log(`opening the sign-in page of ${request.issuer}`);
        hooks.open(request.url.href, request.issuer);
      },
      onSignInNeeded: hooks.needed,
    });
  }

  /** What the transport uses to authorize its requests. */
  get http(): HttpAuth {
    return this.authorizer;
  }

  get signedIn(): SignedIn | undefined {
    return this.authorizer.signedIn;
  }

  /**
   * Runs `start` allowed to open the sign-in page. After a step-up (the server wanted more scope),
   * the token in hand is dropped first: the start must sign in again, asking for those scopes.
   */
  async interactively(start: () => Promise<void>, stepUp: boolean): Promise<void> {
    if (stepUp) await this.authorizer.forgetTokens();
    this.signingIn = true;
    try {
      await start();
    } finally {
      this.signingIn = false;
    }
  }

  signOut(): Promise<void> {
    return this.authorizer.signOut();
  }
}

import type { SignedIn, SignInNeeded } from '../../../shared/host/serverView';
import { type AuthStore, type HttpAuth, OAuthAuthorizer, type OAuthOptions } from '../../mcp';
import type { ServerConfig } from '../config/serverConfig';
import { resolveOAuthClient } from './serverLaunch';

export interface SessionAuthHooks {
  log(text: string): void;
  /** The person asked to sign in: open this authorization page for them. */
  open(url: string, issuer: string): void;
  /** A sign-in is needed and no person was asked (a refused token that could not be renewed). */
  needed(needed: SignInNeeded): void;
}

/** Who the client is: the server's pre-registered client (its secret from the store), our metadata document. */
export type ClientIdentity = () => Promise<
  Pick<OAuthOptions, 'preRegistered' | 'clientCredentials' | 'clientMetadataUrl'>
>;

/**
 * A remote server's OAuth within its session: the authorizer (kept across runs; its tokens live in
 * the store), and whether a sign-in page may be opened now — only during a start the person asked
 * for with Sign in. Every other start that needs a sign-in ends in "Sign in required".
 *
 * The authorizer is made at the first start, when the client's secret is read from the store; a
 * secret that cannot be read fails that start (and the next one tries again).
 */
export class SessionAuth {
  private authorizer: OAuthAuthorizer | undefined;
  private signingIn = false;

  constructor(
    private readonly serverUrl: string,
    private readonly label: string,
    private readonly store: AuthStore,
    private readonly identity: ClientIdentity,
    private readonly hooks: SessionAuthHooks,
  ) {}

  /** A remote server's: its pre-registered client (from its config), our metadata document (Settings). */
  static forServer(
    config: Extract<ServerConfig, { kind: 'remote' }>,
    deps: Parameters<typeof resolveOAuthClient>[1] & {
      authStore: AuthStore;
      clientMetadataUrl?: () => Promise<string | undefined>;
    },
    hooks: SessionAuthHooks,
  ): SessionAuth {
    const identity = async () => {
      const url = await deps.clientMetadataUrl?.();
      return { ...(await resolveOAuthClient(config, deps)), ...(url ? { clientMetadataUrl: url } : {}) };
    };
    return new SessionAuth(config.url, config.name, deps.authStore, identity, hooks);
  }

  /** What the transport uses to authorize its requests. */
  async http(): Promise<HttpAuth> {
    return this.ready();
  }

  get signedIn(): SignedIn | undefined {
    return this.authorizer?.signedIn;
  }

  private async ready(): Promise<OAuthAuthorizer> {
    if (this.authorizer) return this.authorizer;
    const identity = await this.identity();
    this.authorizer ??= new OAuthAuthorizer({
      serverUrl: this.serverUrl,
      store: this.store,
      label: this.label,
      ...identity,
      log: this.hooks.log,
      interactive: () => this.signingIn,
      signIn: async (request) => {
        this.hooks.log(`opening the sign-in page of ${request.issuer}`);
        this.hooks.open(request.url.href, request.issuer);
      },
      onSignInNeeded: this.hooks.needed,
    });
    return this.authorizer;
  }

  /**
   * Runs `start` allowed to open the sign-in page. After a step-up (the server wanted more scope),
   * the token in hand is dropped first: the start must sign in again, asking for those scopes.
   */
  async interactively(start: () => Promise<void>, stepUp: boolean): Promise<void> {
    if (stepUp) await (await this.ready()).forgetTokens();
    this.signingIn = true;
    try {
      await start();
    } finally {
      this.signingIn = false;
    }
  }

  async signOut(): Promise<void> {
    await (await this.ready()).signOut();
  }
}

/** What the card says when a running server's sign-in ended and could not be renewed. */
export function signInLostMessage(needed: SignInNeeded): string {
  const host = new URL(needed.issuer).host;
  return needed.newScopes
    ? `The server asks for more access than you granted (${needed.newScopes.join(' ')}): sign in with ${host} again to grant it`
    : `The sign-in with ${host} ended (its token was refused and could not be renewed): sign in again`;
}

/**
 * Whether a remote server's sign-in is still used by one of `others` (the same URL and client): a
 * removed server's tokens are then kept, else forgotten (a rename is such a server).
 */
export function signInSharedWith(gone: ServerConfig, others: readonly ServerConfig[]): boolean {
  return (
    gone.kind === 'remote' &&
    others.some(
      (c) =>
        c.kind === 'remote' &&
        c.url === gone.url &&
        c.oauth?.clientId === gone.oauth?.clientId &&
        c.oauth?.grant === gone.oauth?.grant,
    )
  );
}

import { fieldOf } from '../../../shared/fieldOf';

/** A client registered with one authorization server (pre-registered ones are not stored). */
export interface StoredClient {
  clientId: string;
  clientSecret?: string;
  /** As registered: how the client proves itself at the token endpoint. */
  authMethod: 'none' | 'client_secret_basic' | 'client_secret_post';
  redirectUris: string[];
}

/** Tokens minted by one issuer for one resource. */
export interface StoredTokens {
  accessToken: string;
  refreshToken?: string;
  /** Epoch ms; undefined when the server did not say. */
  expiresAt?: number;
  /** Epoch ms: when to refresh (before expiresAt, by a margin the token's life allows). */
  refreshAt?: number;
  scope?: string;
  /**
   * A DPoP-bound token (RFC 9449): the private key it is bound to (a JWK), as secret as the tokens,
   * without which they are useless. Absent: a bearer token.
   */
  dpopKey?: Record<string, unknown>;
}

/** Which authorization server and resource a server's tokens were last minted by and for, and to whom. */
export interface AuthBinding {
  issuer: string;
  resource: string;
  /**
   * The client they were minted to, when it is one the person configured (`pre-registered <id>`,
   * `client_credentials <id>`); absent for Switchboard's own registration. Two servers at one URL
   * with different clients never share tokens.
   */
  client?: string;
}

/**
 * Where credentials live (the host's secret store; memory for a one-off run). Clients are keyed by
 * issuer; tokens by issuer and resource, so a server that moves to another authorization server
 * never receives tokens minted by the old one.
 */
export interface AuthStore {
  client(issuer: string): Promise<StoredClient | undefined>;
  setClient(issuer: string, client: StoredClient | undefined): Promise<void>;
  tokens(binding: AuthBinding): Promise<StoredTokens | undefined>;
  setTokens(binding: AuthBinding, tokens: StoredTokens | undefined): Promise<void>;
  /**
   * The binding of the server at `serverUrl` (its canonical URL, followed by the configured client
   * when there is one), if it ever signed in.
   */
  binding(serverUrl: string): Promise<AuthBinding | undefined>;
  setBinding(serverUrl: string, binding: AuthBinding | undefined): Promise<void>;
  /**
   * Runs `task` while no other process refreshes tokens of this store (a lock they honour too), so a
   * rotated refresh token is spent once. Absent: this process is the store's only user (memory).
   */
  exclusive?<T>(task: () => Promise<T>): Promise<T>;
}

/** The key of a binding's tokens: issuer, resource and (when configured) client together. */
export const tokensKey = (b: AuthBinding) =>
  JSON.stringify(b.client === undefined ? [b.issuer, b.resource] : [b.issuer, b.resource, b.client]);

/** Credentials kept for the life of the process. */
export class MemoryAuthStore implements AuthStore {
  private readonly clients = new Map<string, StoredClient>();
  private readonly tokenMap = new Map<string, StoredTokens>();
  private readonly bindings = new Map<string, AuthBinding>();

  async client(issuer: string) {
    return this.clients.get(issuer);
  }
  async setClient(issuer: string, client: StoredClient | undefined) {
    if (client) this.clients.set(issuer, client);
    else this.clients.delete(issuer);
  }
  async tokens(binding: AuthBinding) {
    return this.tokenMap.get(tokensKey(binding));
  }
  async setTokens(binding: AuthBinding, tokens: StoredTokens | undefined) {
    if (tokens) this.tokenMap.set(tokensKey(binding), tokens);
    else this.tokenMap.delete(tokensKey(binding));
  }
  async binding(serverUrl: string) {
    return this.bindings.get(serverUrl);
  }
  async setBinding(serverUrl: string, binding: AuthBinding | undefined) {
    if (binding) this.bindings.set(serverUrl, binding);
    else this.bindings.delete(serverUrl);
  }
}

// Checks of stored credentials read back (a file, the secret store): a value of another shape is not used.
const optionalString = (v: unknown) => v === undefined || typeof v === 'string';

export function isStoredClient(v: unknown): v is StoredClient {
  const method = fieldOf(v, 'authMethod');
  const uris = fieldOf(v, 'redirectUris');
  return (
    typeof fieldOf(v, 'clientId') === 'string' &&
    optionalString(fieldOf(v, 'clientSecret')) &&
    (method === 'none' || method === 'client_secret_basic' || method === 'client_secret_post') &&
    Array.isArray(uris) &&
    uris.every((u) => typeof u === 'string')
  );
}

export function isStoredTokens(v: unknown): v is StoredTokens {
  const expires = fieldOf(v, 'expiresAt');
  const refresh = fieldOf(v, 'refreshAt');
  return (
    typeof fieldOf(v, 'accessToken') === 'string' &&
    (refresh === undefined || typeof refresh === 'number') &&
    optionalString(fieldOf(v, 'refreshToken')) &&
    optionalString(fieldOf(v, 'scope')) &&
    (expires === undefined || typeof expires === 'number') &&
    (fieldOf(v, 'dpopKey') === undefined || typeof fieldOf(fieldOf(v, 'dpopKey'), 'd') === 'string')
  );
}

export function isAuthBinding(v: unknown): v is AuthBinding {
  return (
    typeof fieldOf(v, 'issuer') === 'string' &&
    typeof fieldOf(v, 'resource') === 'string' &&
    optionalString(fieldOf(v, 'client'))
  );
}

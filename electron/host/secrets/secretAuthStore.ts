import {
  type AuthBinding,
  type AuthStore,
  isAuthBinding,
  isStoredClient,
  isStoredTokens,
  type StoredClient,
  type StoredTokens,
  tokensKey,
} from '../../mcp';
import type { Redactor } from '../logs/redactor';
import type { SecretStore } from './secretStore';

/**
 * OAuth credentials in the secret store (the OS keychain in Electron): clients by issuer, tokens by
 * issuer and resource, and which issuer each server last signed in with. Never in the config file;
 * every token and client secret read or written is added to the redactor, so no log shows it.
 * The ids (`oauth:…`) cannot meet a server's own secrets, whose names are URL-encoded.
 */
export class SecretAuthStore implements AuthStore {
  constructor(
    private readonly secrets: SecretStore,
    private readonly redactor: Redactor,
  ) {}

  async client(issuer: string): Promise<StoredClient | undefined> {
    const client = await this.read<StoredClient>(`oauth:client@${issuer}`, isStoredClient);
    this.redactor.add(client?.clientSecret);
    return client;
  }
  setClient(issuer: string, client: StoredClient | undefined): Promise<void> {
    this.redactor.add(client?.clientSecret);
    return this.write(`oauth:client@${issuer}`, client);
  }
  async tokens(binding: AuthBinding): Promise<StoredTokens | undefined> {
    const tokens = await this.read<StoredTokens>(tokensId(binding), isStoredTokens);
    this.redactor.add(...secretsOf(tokens));
    return tokens;
  }
  setTokens(binding: AuthBinding, tokens: StoredTokens | undefined): Promise<void> {
    this.redactor.add(...secretsOf(tokens));
    return this.write(tokensId(binding), tokens);
  }
  binding(serverUrl: string): Promise<AuthBinding | undefined> {
    return this.read<AuthBinding>(`oauth:binding@${serverUrl}`, isAuthBinding);
  }
  setBinding(serverUrl: string, binding: AuthBinding | undefined): Promise<void> {
    return this.write(`oauth:binding@${serverUrl}`, binding);
  }

  exclusive<T>(task: () => Promise<T>): Promise<T> {
    return this.secrets.exclusive ? this.secrets.exclusive(task) : task();
  }

  private async read<T>(id: string, check: (v: unknown) => v is T): Promise<T | undefined> {
    const raw = await this.secrets.get(id);
    if (raw === undefined) return undefined;
    try {
      const value: unknown = JSON.parse(raw);
      return check(value) ? value : undefined;
    } catch {
      return undefined; // unreadable: as if never stored; a sign-in stores it anew
    }
  }

  private async write(id: string, value: object | undefined): Promise<void> {
    if (value === undefined) await this.secrets.delete(id);
    else await this.secrets.set(id, JSON.stringify(value));
  }
}

const tokensId = (b: AuthBinding) => `oauth:tokens@${tokensKey(b)}`;

/** What of a token set no log may show: the tokens, and the private part of a DPoP key. */
function secretsOf(tokens: StoredTokens | undefined): (string | undefined)[] {
  const d = tokens?.dpopKey?.d;
  return [tokens?.accessToken, tokens?.refreshToken, typeof d === 'string' ? d : undefined];
}

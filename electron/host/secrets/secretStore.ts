/**
 * Where secret values live (API keys in env, Authorization headers…); the config holds references
 * ({"$secret": id}) only. The Electron shell backs it with the OS keychain through safeStorage; the
 * browser shell and tests with a 0600 file (FileSecretStore), which the UI marks as not encrypted.
 */
export interface SecretStore {
  /** False when values sit on disk in plain text (the UI says so). */
  readonly encrypted: boolean;
  get(id: string): Promise<string | undefined>;
  set(id: string, value: string): Promise<void>;
  delete(id: string): Promise<void>;
  /** Deletes every value whose id starts with `prefix` (one owner's, wherever each was bound to go). */
  deleteStartingWith(prefix: string): Promise<void>;
  /** Every stored value, so logs can redact them. */
  values(): Promise<string[]>;
  /**
   * Runs `task` while no other process sharing this store (the app, `mcp chat`) runs one: an OAuth
   * refresh, so a rotated refresh token is spent once. Absent: the store has one user.
   */
  exclusive?<T>(task: () => Promise<T>): Promise<T>;
}

/** What a server is, as far as its secrets go: the program a local one runs, or where a remote one is. */
export type SecretTarget = { kind: 'stdio'; command: string } | { kind: 'remote'; url: string };

/**
 * Where a server's secrets are sent: the origin of a remote server, or the program of a local one.
 * A stored secret is bound to it, so a server moved elsewhere (by the edit form, a file edit, an
 * import) gets nothing from the store until the person enters the value again.
 */
function secretDestination(target: SecretTarget): string {
  if (target.kind === 'stdio') return target.command;
  return URL.canParse(target.url) ? new URL(target.url).origin : target.url;
}

/** Which part of a server a secret belongs to: an env variable, a header, or its OAuth client. */
export type SecretField = 'env' | 'headers' | 'oauth';

/**
 * A stable id for a secret that belongs to one field of one server, bound to where it goes:
 * `github/env/GITHUB_TOKEN@npx`, `weather/headers/Authorization@https://api.weather.example`,
 * `linear/oauth/clientSecret@https://mcp.linear.app`.
 * Server and field names are URL-encoded, so the first `@` ends them.
 */
export function secretId(server: string, field: SecretField, name: string, target: SecretTarget): string {
  return `${ownPrefix(server, field, name)}${secretDestination(target)}`;
}

const ownPrefix = (server: string, field: SecretField, name: string) =>
  `${encodeURIComponent(server)}/${field}/${encodeURIComponent(name)}@`;

/**
 * Why a reference may not be resolved where it stands, or undefined when it may: a reference is
 * valid only as the secret of its own server, field and name, and only where it was entered for —
 * so no config file can point one field at a value stored for another (the API key, another
 * server's token), nor send a server's own token to a new origin or program.
 */
export function secretRefProblem(
  server: string,
  field: SecretField,
  name: string,
  ref: { $secret: string },
  target: SecretTarget,
): string | undefined {
  const own = secretId(server, field, name, target);
  if (ref.$secret === own) return undefined;
  const prefix = ownPrefix(server, field, name);
  if (ref.$secret.startsWith(prefix)) {
    const was = ref.$secret.slice(prefix.length);
    const now = secretDestination(target);
    const moved = target.kind === 'remote' ? `points to ${now}` : `runs ${now}`;
    return `${field} ${name}: the stored secret was entered for ${was}, and this server now ${moved}; a stored secret never follows a server elsewhere: enter the value again in the server's settings`;
  }
  return `${field} ${name} refers to the stored secret "${ref.$secret}", which belongs elsewhere: a reference resolves only to its own server and field ("${own}"); enter the value in the server's settings`;
}

/** For secret stores outside the host (the Electron shell's safeStorage store): the same file handling. */
export { JsonFile, stringRecord } from '../../store/jsonFile';

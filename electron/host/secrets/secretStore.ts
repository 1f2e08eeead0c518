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
  /** Every stored value, so logs can redact them. */
  values(): Promise<string[]>;
}

/** A stable id for a secret that belongs to one field of one server: `github/env/GITHUB_TOKEN`. */
export function secretId(server: string, field: 'env' | 'headers', name: string): string {
  return `${encodeURIComponent(server)}/${field}/${encodeURIComponent(name)}`;
}

/**
 * Why a reference may not be resolved where it stands, or undefined when it may: a reference is
 * valid only as the secret of its own server, field and name, so no config file can point one field
 * at a value stored for another (the API key, another server's token).
 */
export function secretRefProblem(
  server: string,
  field: 'env' | 'headers',
  name: string,
  ref: { $secret: string },
): string | undefined {
  const own = secretId(server, field, name);
  if (ref.$secret === own) return undefined;
  return `${field} ${name} refers to the stored secret "${ref.$secret}", which belongs elsewhere: a reference resolves only to its own server and field ("${own}"); enter the value in the server's settings`;
}

/** For secret stores outside the host (the Electron shell's safeStorage store): the same file handling. */
export { JsonFile, stringRecord } from '../../store/jsonFile';

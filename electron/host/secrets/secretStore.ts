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

/** For secret stores outside the host (the Electron shell's safeStorage store): the same file handling. */
export { JsonFile, stringRecord } from '../../store/jsonFile';

import { isPlainHttpOffLoopback } from '../../../../shared/loopback';
import { RegistryError } from './registryError';

export const DEFAULT_REGISTRY_URL = 'https://registry.modelcontextprotocol.io';
/** Overrides the setting: a test registry, a company mirror, a subregistry. */
export const REGISTRY_URL_ENV = 'SWITCHBOARD_REGISTRY_URL';

export interface RegistryAddress {
  /** Normalised: no trailing slash; `/v0.1/servers` is appended to it. */
  url: string;
  from: 'env' | 'setting' | 'default';
}

/**
 * The registry to browse: the environment variable when set, else the setting, else the official one.
 * Throws a RegistryError ('bad-address') naming where the bad address came from.
 */
export function registryAddress(
  setting: string | undefined,
  env: Record<string, string | undefined> = process.env,
): RegistryAddress {
  const fromEnv = env[REGISTRY_URL_ENV]?.trim();
  if (fromEnv) return { url: checkRegistryUrl(fromEnv, `${REGISTRY_URL_ENV}`), from: 'env' };
  const fromSetting = setting?.trim();
  if (fromSetting) return { url: checkRegistryUrl(fromSetting, 'the registry setting'), from: 'setting' };
  return { url: DEFAULT_REGISTRY_URL, from: 'default' };
}

/**
 * An address Switchboard will take what to run from: https (plain http only on this computer, as
 * anyone on the way could change what a page says to run), no user name or password in it, no query
 * or fragment (the API's paths and parameters are added to it).
 */
export function checkRegistryUrl(text: string, where = 'the registry address'): string {
  const bad = (why: string) =>
    new RegistryError('bad-address', `${where} (${JSON.stringify(text)}) ${why}`, { url: text });
  if (!URL.canParse(text)) throw bad('is not a URL: give one like https://registry.modelcontextprotocol.io');
  const url = new URL(text);
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw bad('must be an https:// address');
  if (isPlainHttpOffLoopback(url))
    throw bad('uses plain http to another computer: use https (plain http only on this computer)');
  if (url.username || url.password) throw bad('must not hold a user name or password');
  if (url.search || url.hash) throw bad('must not have a query (?…) or fragment (#…)');
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}

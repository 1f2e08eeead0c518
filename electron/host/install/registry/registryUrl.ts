import { DEFAULT_REGISTRY_URL, REGISTRY_URL_ENV, registryUrlProblem } from '../../../../shared/host/settings';
import { RegistryError } from './registryError';

export { DEFAULT_REGISTRY_URL, REGISTRY_URL_ENV };

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

/** An address Switchboard will take what to run from (the rule Settings checks too: registryUrlProblem). */
export function checkRegistryUrl(text: string, where = 'the registry address'): string {
  const problem = registryUrlProblem(text);
  if (problem)
    throw new RegistryError('bad-address', `${where} (${JSON.stringify(text)}) ${problem}`, { url: text });
  const url = new URL(text);
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}

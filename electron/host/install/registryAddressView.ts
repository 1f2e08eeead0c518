import {
  DEFAULT_REGISTRY_URL,
  REGISTRY_URL_ENV,
  type RegistryAddressView,
} from '../../../shared/host/settings';
import { registryAddress } from './registry';

/**
 * The registry Browse reads, for Settings and Browse to show: the environment variable when set, else
 * the setting, else the official one — or, when the address in effect is refused, why.
 */
export function registryAddressView(
  setting: string | undefined,
  env: Record<string, string | undefined> = process.env,
): RegistryAddressView {
  try {
    return { ...registryAddress(setting, env), envName: REGISTRY_URL_ENV };
  } catch (error) {
    const fromEnv = Boolean(env[REGISTRY_URL_ENV]?.trim());
    return {
      url: (fromEnv ? env[REGISTRY_URL_ENV] : setting)?.trim() ?? DEFAULT_REGISTRY_URL,
      from: fromEnv ? 'env' : 'setting',
      envName: REGISTRY_URL_ENV,
      problem: (error as Error).message,
    };
  }
}

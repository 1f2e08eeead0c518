import { afterEach, describe, expect, it, vi } from 'vitest';
import { tempDirPerTest } from '../../../e2e/fixtures/tempDir';
import { DEFAULT_REGISTRY_URL, REGISTRY_URL_ENV } from '../../../shared/host/settings';
import { SettingsStore } from '../../store/settingsStore';
import { configuredRegistry } from './configuredRegistry';

let home: string;
tempDirPerTest('sb-configured-registry-', (dir) => {
  home = dir;
});
afterEach(() => {
  vi.unstubAllEnvs();
});

describe('configuredRegistry', () => {
  it('is the official registry by default, the one Settings name otherwise, the environment’s first', async () => {
    vi.stubEnv(REGISTRY_URL_ENV, '');
    const settings = SettingsStore.inHome(home);
    expect((await configuredRegistry(settings)).baseUrl).toBe(DEFAULT_REGISTRY_URL);
    await settings.set({
      ...(await settings.get()).settings,
      registryUrl: 'https://mirror.example/registry/',
    });
    expect((await configuredRegistry(settings)).baseUrl).toBe('https://mirror.example/registry');
    vi.stubEnv(REGISTRY_URL_ENV, 'https://env.example');
    expect((await configuredRegistry(settings)).baseUrl).toBe('https://env.example');
  });

  it('an address it will not take from is refused with the reason, not asked', async () => {
    vi.stubEnv(REGISTRY_URL_ENV, 'http://registry.example');
    await expect(configuredRegistry(SettingsStore.inHome(home))).rejects.toThrow(REGISTRY_URL_ENV);
  });
});

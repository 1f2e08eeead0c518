import { describe, expect, it } from 'vitest';
import { InstalledEntries } from './installedEntries';
import type { RegistryOrigin } from './registry';

const REGISTRY = 'https://registry.example';
const origin = (name: string, version: string, registryUrl = REGISTRY): RegistryOrigin => ({
  registryUrl,
  name,
  version,
  choice: 'packages/0',
});

describe('InstalledEntries', () => {
  it('names the servers installed from an entry of the same registry, each with whether this version is newer', async () => {
    const origins: Record<string, RegistryOrigin | undefined> = {
      weather: origin('io.github.user/weather', '1.0.0'),
      'weather-2': origin('io.github.user/weather', '1.2.0'),
      elsewhere: origin('io.github.user/weather', '0.1.0', 'https://other.example'),
      mine: undefined,
    };
    const installed = await InstalledEntries.of(Object.keys(origins), async (s) => origins[s]);
    expect(installed.of({ registryUrl: REGISTRY, name: 'io.github.user/weather', version: '1.2.0' })).toEqual(
      [
        { server: 'weather', version: '1.0.0', update: true },
        { server: 'weather-2', version: '1.2.0', update: false },
      ],
    );
    expect(installed.of({ registryUrl: REGISTRY, name: 'io.github.user/other', version: '1.0.0' })).toEqual(
      [],
    );
  });
});

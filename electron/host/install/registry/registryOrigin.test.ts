import { describe, expect, it } from 'vitest';
import { compareVersions, type RegistryOrigin, readOrigin, updateAvailable } from './registryOrigin';

const installed: RegistryOrigin = {
  registryUrl: 'https://registry.modelcontextprotocol.io',
  name: 'io.github.domdomegg/airtable-mcp-server',
  version: '1.7.2',
  choice: 'packages/0',
};
const latest = (version: string) => ({ registryUrl: installed.registryUrl, name: installed.name, version });

describe('registryOrigin', () => {
  it('reads back what a draft records, and nothing from a broken record', () => {
    expect(
      readOrigin({
        command: 'npx',
        registry: {
          url: installed.registryUrl,
          name: installed.name,
          version: '1.7.2',
          choice: 'packages/0',
        },
      }),
    ).toEqual(installed);
    expect(readOrigin({ command: 'npx' })).toBeUndefined();
    // Chosen values read back; a hand-edited one that is not well formed is left out.
    const chosen = {
      key: 'packages/0/environmentVariables/0',
      target: 'env',
      label: 'UNITS',
      value: 'imperial',
    };
    expect(
      readOrigin({
        registry: {
          url: installed.registryUrl,
          name: installed.name,
          version: '1.7.2',
          choice: 'packages/0',
          values: [chosen, { key: 'x', target: 'shell', label: 'y', value: 'z' }, { key: 'k', value: 3 }],
        },
      }),
    ).toEqual({ ...installed, values: [chosen] });
    expect(readOrigin({ registry: 'https://registry.modelcontextprotocol.io' })).toBeUndefined();
    expect(
      readOrigin({ registry: { url: installed.registryUrl, name: installed.name, version: 3 } }),
    ).toBeUndefined();
  });

  it('orders semantic versions, pre-releases before their release', () => {
    expect(compareVersions('1.7.2', '1.7.3')).toBe(-1);
    expect(compareVersions('1.10.0', '1.9.9')).toBe(1);
    expect(compareVersions('0.5.0', '0.4.0-beta')).toBe(1);
    expect(compareVersions('1.0.0-alpha', '1.0.0-alpha.1')).toBe(-1);
    expect(compareVersions('1.0.0-alpha.beta', '1.0.0-beta')).toBe(-1);
    expect(compareVersions('1.0.0-beta.2', '1.0.0-beta.11')).toBe(-1);
    expect(compareVersions('1.0.0-rc.1', '1.0.0')).toBe(-1);
    expect(compareVersions('1.0.0+build.1', '1.0.0+build.2')).toBe(0);
    expect(compareVersions('2024.1', '2024.2')).toBeUndefined();
  });

  it('says when the registry has an update, and when it has not', () => {
    expect(updateAvailable(installed, latest('1.7.3'))).toEqual({
      available: true,
      from: '1.7.2',
      to: '1.7.3',
    });
    expect(updateAvailable(installed, latest('1.7.2'))).toEqual({ available: false, why: 'same-version' });
    expect(updateAvailable(installed, latest('1.7.1'))).toEqual({
      available: false,
      why: 'installed-is-newer',
    });
    expect(updateAvailable({ ...installed, version: 'v1.7.2' }, latest('1.7.2'))).toEqual({
      available: false,
      why: 'same-version',
    });
    // Versions that cannot be ordered: whatever else the registry calls latest is the update.
    expect(updateAvailable({ ...installed, version: '2024.1' }, latest('2024.2'))).toEqual({
      available: true,
      from: '2024.1',
      to: '2024.2',
    });
    expect(updateAvailable(installed, { ...latest('9.9.9'), name: 'io.github.other/server' })).toEqual({
      available: false,
      why: 'other-entry',
    });
    expect(updateAvailable(installed, { ...latest('9.9.9'), registryUrl: 'http://127.0.0.1:4010' })).toEqual({
      available: false,
      why: 'other-entry',
    });
  });
});

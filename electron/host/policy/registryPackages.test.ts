// The packages a policy's registry rule names, read over HTTP from the fixture registry: every version
// and every entry of a namespace; an unreachable registry said as unknown; answers kept a while.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type RegistryFixture, startRegistryFixture } from '../../../e2e/fixtures/registry/registryFixture';
import { RegistryPackages } from './registryPackages';

const entry = (
  name: string,
  version: string,
  packages: Record<string, unknown>[],
  remotes: unknown[] = [],
) => ({
  name,
  description: 'An entry of the policy test',
  version,
  packages: packages.map((p) => ({ transport: { type: 'stdio' }, version: '1.0.0', ...p })),
  ...(remotes.length ? { remotes } : {}),
});

let registry: RegistryFixture;
beforeEach(async () => {
  registry = await startRegistryFixture({
    catalog: [],
    extra: [
      entry('io.github.acme/tool', '1.0.0', [{ registryType: 'npm', identifier: '@acme/tool' }]),
      entry(
        'io.github.acme/other',
        '1.0.0',
        [{ registryType: 'pypi', identifier: 'acme-other' }],
        [{ type: 'streamable-http', url: 'https://mcp.acme.example/other' }],
      ),
      entry('io.github.acme-evil/x', '1.0.0', [{ registryType: 'npm', identifier: 'not-acme' }]),
    ],
  });
  // A later version that runs another package: the older one's is still the entry's.
  // … and names its source repository.
  registry.publish({
    ...entry('io.github.acme/tool', '2.0.0', [{ registryType: 'oci', identifier: 'ghcr.io/acme/tool' }]),
    repository: { url: 'https://github.com/acme/tool', source: 'github' },
  });
});
afterEach(() => registry.close());

describe('RegistryPackages', () => {
  it('an entry: the packages and repositories of every version', async () => {
    expect(await new RegistryPackages().of('io.github.acme/tool', registry.url)).toEqual({
      known: true,
      packages: [
        { registryType: 'npm', identifier: '@acme/tool' },
        { registryType: 'oci', identifier: 'ghcr.io/acme/tool' },
      ],
      remotes: [],
      repositories: ['https://github.com/acme/tool'],
    });
  });

  it('a namespace: every entry in it, not one that only begins alike', async () => {
    const answer = await new RegistryPackages().of('io.github.acme/*', registry.url);
    expect(answer.known && answer.packages.map((p) => p.identifier).sort()).toEqual([
      '@acme/tool',
      'acme-other',
      'ghcr.io/acme/tool',
    ]);
    expect(answer.known && answer.remotes).toEqual(['https://mcp.acme.example/other']);
  });

  it('asks once for a while; an unreachable registry is said as unknown, with why', async () => {
    let now = 0;
    const packages = new RegistryPackages({ now: () => now });
    const asked = () => registry.requests.length;
    await Promise.all([
      packages.of('io.github.acme/tool', registry.url),
      packages.of('io.github.acme/tool', registry.url),
    ]);
    expect(asked()).toBe(1);
    now += 60_000;
    await packages.of('io.github.acme/tool', registry.url);
    expect(asked()).toBe(1);
    now += 10 * 60_000;
    await packages.of('io.github.acme/tool', registry.url);
    expect(asked()).toBe(2);

    const url = registry.url;
    await registry.close();
    const unknown = await new RegistryPackages().of('io.github.acme/tool', url);
    expect(unknown).toMatchObject({ known: false, registryUrl: url, why: expect.any(String) });
    registry = await startRegistryFixture({ catalog: [] });
  });
});

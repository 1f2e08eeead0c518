import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type RegistryFixture, startRegistryFixture } from '../../../e2e/fixtures/registry/registryFixture';
import type { RegistryOrigin } from './registry';
import { UpdateChecks } from './updateChecks';

const entry = (version: string) => ({
  name: 'io.github.fixture/clock',
  description: 'Tells the time',
  version,
  remotes: [{ type: 'streamable-http', url: 'https://clock.example.com/mcp' }],
});

let registry: RegistryFixture;
beforeEach(async () => {
  registry = await startRegistryFixture({ extra: [entry('1.0.0')] });
});
afterEach(() => registry.close());

describe('UpdateChecks against the fixture registry over HTTP', () => {
  it('asks the registry at most once per interval, then again', async () => {
    let now = 1_000_000;
    const checks = new UpdateChecks({ now: () => now, minIntervalMs: 10_000 });
    const origin: RegistryOrigin = {
      registryUrl: registry.url,
      name: 'io.github.fixture/clock',
      version: '1.0.0',
      choice: 'remotes/0',
    };
    const asked = () => registry.requests.filter((r) => r.includes('clock/versions/latest')).length;
    expect(await checks.check(origin)).toMatchObject({ state: 'current', version: '1.0.0' });
    registry.publish(entry('1.1.0'));
    now += 9_999;
    expect(await checks.check(origin)).toMatchObject({ state: 'current' });
    expect(asked()).toBe(1);
    now += 1;
    expect(await checks.check(origin)).toMatchObject({ state: 'available', from: '1.0.0', to: '1.1.0' });
    expect(asked()).toBe(2);
    // An installed version newer than the registry's (a mirror behind) is no update.
    expect(await checks.check({ ...origin, version: '2.0.0' })).toMatchObject({ state: 'current' });
    checks.forget(origin);
    await checks.check(origin);
    expect(asked()).toBe(3);
  });

  it('is "could not check", never a throw, for a registry failing, an entry gone or an address refused', async () => {
    const checks = new UpdateChecks({ timeoutMs: 2000 });
    const origin: RegistryOrigin = {
      registryUrl: registry.url,
      name: 'io.github.fixture/clock',
      version: '1.0.0',
      choice: 'remotes/0',
    };
    registry.mode = 'error-503';
    expect(await checks.check(origin)).toMatchObject({ state: 'unknown', version: '1.0.0' });
    registry.mode = 'ok';
    const gone = await checks.check({ ...origin, name: 'io.github.fixture/nothing' });
    expect(gone).toMatchObject({ state: 'unknown' });
    expect(gone.state === 'unknown' && gone.reason).toContain('has no server io.github.fixture/nothing');
    const plain = await checks.check({ ...origin, registryUrl: 'http://registry.example.com' });
    expect(plain).toMatchObject({ state: 'unknown' });
  });
});

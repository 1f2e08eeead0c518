import { afterEach, describe, expect, it } from 'vitest';
import {
  type RegistryFixture,
  type RegistryFixtureMode,
  startRegistryFixture,
} from '../../../../e2e/fixtures/registry/registryFixture';
import { RegistryClient } from './registryClient';
import type { InvalidEntry, RegistryEntry, ValidEntry } from './registryEntry';
import { RegistryError, type RegistryErrorKind } from './registryError';
import { listAllServers, RegistryPager } from './registryPager';

let registry: RegistryFixture | undefined;
afterEach(async () => {
  await registry?.close();
  registry = undefined;
});

async function start(mode: RegistryFixtureMode = 'ok', timeoutMs?: number) {
  registry = await startRegistryFixture({ mode });
  return new RegistryClient({ baseUrl: registry.url, ...(timeoutMs ? { timeoutMs } : {}) });
}

async function failure(promise: Promise<unknown>, kind: RegistryErrorKind): Promise<string> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(RegistryError);
  expect((error as RegistryError).kind).toBe(kind);
  return (error as Error).message;
}

const valid = (entries: RegistryEntry[]) => entries.filter((e): e is ValidEntry => e.valid);
const invalid = (entries: RegistryEntry[]) => entries.filter((e): e is InvalidEntry => !e.valid);

describe('RegistryClient against the fixture registry', () => {
  it('pages through every latest entry by cursor, each read whole: valid, or invalid with its reasons', async () => {
    const client = await start();
    const first = await client.listServers({ limit: 5 });
    expect(first.entries).toHaveLength(5);
    expect(first.nextCursor).toEqual(expect.any(String));
    expect(registry!.requests[0]).toBe('/v0.1/servers?limit=5&version=latest');
    const all = await listAllServers(client, { limit: 5 });
    const names = all.map((e) => e.name ?? '(none)');
    expect(new Set(names).size).toBe(names.length);
    expect(all.find((e) => e.name === 'io.github.domdomegg/airtable-mcp-server')?.version).toBe('1.7.3');
    expect(names).not.toContain('io.modelcontextprotocol.anonymous/mcp-fs');
    expect(registry!.requests.filter((r) => r.includes('cursor=')).length).toBe(
      Math.ceil(all.length / 5) - 1,
    );
    expect(invalid(all).map((e) => [e.name, e.reasons])).toEqual(
      expect.arrayContaining([
        [undefined, ['(the entry) needs name']],
        ['io.github.user/verbose', ['description must NOT have more than 100 characters']],
        [
          'kbag',
          ['name must match pattern "^[a-zA-Z0-9.-]+/[a-zA-Z0-9._-]+$"', 'packages[0] needs transport'],
        ],
        [
          'io.github.user/weather',
          [
            '_meta["io.modelcontextprotocol.registry/official"].status must be one of active, deprecated, deleted (not "zombie")',
          ],
        ],
      ]),
    );
    expect(invalid(all)).toHaveLength(7);
    // An invalid entry carries nothing but who it is and why.
    expect(Object.keys(invalid(all).find((e) => e.name === 'kbag')!).sort()).toEqual([
      'name',
      'reasons',
      'registryUrl',
      'valid',
      'version',
    ]);
  });

  it('reads what a person chooses by: title, description, version, icons, repository, status, what it runs', async () => {
    const client = await start();
    const { entries } = await client.listServers({ search: 'AIRTABLE', latestOnly: false });
    expect(entries.map((e) => e.version)).toEqual(['1.7.2', '1.7.3']);
    expect(registry!.requests[0]).toBe('/v0.1/servers?search=AIRTABLE');
    const [older] = valid(entries);
    expect(older).toMatchObject({
      name: 'io.github.domdomegg/airtable-mcp-server',
      title: 'io.github.domdomegg/airtable-mcp-server',
      description: 'Read and write access to Airtable database schemas, tables, and records.',
      version: '1.7.2',
      icons: [
        {
          src: 'https://airtable.com/images/favicon/favicon-32x32.png',
          mimeType: 'image/png',
          sizes: ['32x32'],
        },
      ],
      repository: { url: 'https://github.com/domdomegg/airtable-mcp-server.git', source: 'github' },
      official: { status: 'active', isLatest: false, publishedAt: expect.any(String) },
      registryUrl: registry!.url,
    });
    expect(older!.choices.map((c) => c.summary)).toEqual([
      'Runs npx -y airtable-mcp-server@1.7.2',
      'Runs docker run -i --rm -e AIRTABLE_API_KEY docker.io/domdomegg/airtable-mcp-server:1.7.2',
      expect.stringMatching(/^Downloads the bundle https:\/\/github\.com\/.*v1\.7\.2/),
    ]);

    const [deprecated] = valid((await client.listServers({ search: 'weather-mcp' })).entries);
    expect(deprecated).toMatchObject({
      title: 'Weather',
      official: { status: 'deprecated', statusMessage: 'Use io.github.example/weather-v2 instead' },
    });
    expect((await client.listServers({ search: 'mcp-fs' })).entries).toEqual([]);
    const [deleted] = valid((await client.listServers({ search: 'mcp-fs', includeDeleted: true })).entries);
    expect(deleted?.official.status).toBe('deleted');
    const [remote] = valid((await client.listServers({ search: 'remote-weather' })).entries);
    expect(remote).toMatchObject({
      title: 'Remote Weather',
      websiteUrl: 'https://modelcontextprotocol.io/examples',
    });
    expect(remote!.choices[0]).toMatchObject({ kind: 'remote', summary: 'Connects to https://{host}/mcp' });
  });

  it('resolves latest to a concrete version for an install, or says why it cannot', async () => {
    const client = await start();
    const latest = await client.getServer('io.github.domdomegg/airtable-mcp-server');
    expect(latest.version).toBe('1.7.3');
    expect(registry!.requests.at(-1)).toBe(
      '/v0.1/servers/io.github.domdomegg%2Fairtable-mcp-server/versions/latest',
    );
    expect((await client.getServer('io.github.joelverhagen/knapcode-samplemcpserver')).version).toBe('0.5.0');
    expect((await client.getServer('io.github.domdomegg/airtable-mcp-server', '1.7.2')).version).toBe(
      '1.7.2',
    );
    expect(await failure(client.getServer('io.github.nobody/nothing'), 'not-found')).toBe(
      `The registry at ${registry!.url} has no server io.github.nobody/nothing`,
    );
    expect(await failure(client.getServer('kbag'), 'invalid-entry')).toBe(
      `kbag latest from ${registry!.url} cannot be installed: name must match pattern "^[a-zA-Z0-9.-]+/[a-zA-Z0-9._-]+$"; packages[0] needs transport`,
    );
    expect(
      await failure(client.getServer('io.modelcontextprotocol.anonymous/mcp-fs'), 'not-found'),
    ).toContain('has no server');
  });

  it('names a registry that is down, slow, stalled, failing or not a registry', async () => {
    let client = await start('ok');
    const gone = registry!.url;
    await registry!.close();
    registry = undefined;
    expect(await failure(new RegistryClient({ baseUrl: gone }).listServers(), 'unreachable')).toBe(
      `The registry at ${gone} refused the connection: check the registry address and your connection`,
    );
    client = await start('slow', 300);
    expect(await failure(client.listServers(), 'timeout')).toBe(
      `The registry at ${registry!.url} did not answer within 0.3 s; try again later, or check the registry address`,
    );
    registry!.mode = 'stall-body';
    expect(await failure(client.listServers(), 'timeout')).toContain('did not answer within 0.3 s');
    registry!.mode = 'error-503';
    expect(await failure(client.listServers(), 'unavailable')).toBe(
      `The registry at ${registry!.url} answered 503 Service Unavailable: it is unavailable or busy; try again later`,
    );
    registry!.mode = 'invalid-json';
    expect(await failure(client.listServers(), 'invalid-json')).toMatch(/answered with broken JSON \(.+\)/);
    registry!.mode = 'html';
    expect(await failure(client.listServers(), 'invalid-response')).toContain(
      'answered with text/html; charset=utf-8, not JSON: is the registry address right?',
    );
    registry!.mode = 'wrong-shape';
    expect(await failure(client.listServers(), 'invalid-response')).toContain(
      'is not a registry\'s list of servers: it has no "servers" array',
    );
    registry!.mode = 'redirect';
    expect(await failure(client.listServers(), 'redirect')).toContain(
      'redirected to https://registry.elsewhere.example/v0.1/servers; Switchboard follows no redirect',
    );
  });

  it('caps the body: a 10 MB page is refused, with or without its length', async () => {
    const client = await start('huge-declared');
    expect(await failure(client.listServers(), 'too-large')).toContain('sent 10 MB, more than the 4 MB');
    registry!.mode = 'huge';
    expect(await failure(client.listServers(), 'too-large')).toContain('sent more than 4 MB');
    // The registry is fine again afterwards: nothing was left half-read.
    registry!.mode = 'ok';
    expect((await client.listServers({ limit: 2 })).entries).toHaveLength(2);
  });

  it('stops a cursor that loops, and paging past the page limit', async () => {
    const client = await start('cursor-same');
    expect(await failure(client.listServers({ cursor: 'x' }), 'cursor-loop')).toContain(
      'answered the cursor "x" with the same cursor',
    );
    registry!.mode = 'cursor-loop';
    expect(await failure(listAllServers(client), 'cursor-loop')).toContain(
      'handed back a cursor it had given before ("A")',
    );
    registry!.mode = 'endless-cursor';
    const before = registry!.requests.length;
    expect(await failure(listAllServers(client, {}, { maxPages: 5 }), 'page-limit')).toContain(
      'still had more after 5 pages; search for something narrower',
    );
    expect(registry!.requests.length - before).toBe(5);
    registry!.mode = 'ok';
    const pager = new RegistryPager(client, { search: 'airtable' });
    expect((await pager.next()).entries).toHaveLength(1);
    expect(pager.done).toBe(true);
    expect(await pager.next()).toEqual({ entries: [] });
  });

  it('a cancelled request is said to be cancelled', async () => {
    const client = await start('slow');
    const abort = new AbortController();
    const pending = client.listServers({}, abort.signal);
    setTimeout(() => abort.abort(), 50);
    expect(await failure(pending, 'cancelled')).toContain('was cancelled');
  });

  it('refuses an address it would not take what to run from', () => {
    expect(() => new RegistryClient({ baseUrl: 'http://registry.example.com' })).toThrow(RegistryError);
  });
});

import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { ActivityEntry } from '../../../shared/host/activity';
import { Host } from '../host';
import { hostService } from '../hostService';
import { ACTIVITY_FILE } from './activityLog';
import { readActivity } from './activityReader';

const SECRET = 'ghp_handEditedTokenNeverCopied0000000000';

let home: string;
afterEach(async () => {
  await rm(home, { recursive: true, force: true });
});

/** Starts a host on `home` with config.json's servers as `servers`, and gives back its server entries. */
async function startWith(servers: Record<string, unknown>): Promise<ActivityEntry[]> {
  await writeFile(path.join(home, 'config.json'), JSON.stringify({ mcpServers: servers }));
  const host = await Host.create({ home });
  try {
    await host.activity.flush();
    const { entries, problems } = await readActivity(path.join(home, 'activity'));
    expect(problems).toEqual([]);
    return entries.filter((e) => e.kind === 'server');
  } finally {
    await host.shutdown();
  }
}

const off = (args: string[]) => ({ command: 'node', args, disabled: true });

/**
 * Issue 34: config.json edited while no Switchboard ran (by hand, by another program) is recorded at
 * the next start — added, changed, enabled or disabled, removed, named as done outside the app — and
 * what was seen is kept as digests, never as the entries (which may hold a token).
 */
describe('servers edited in config.json while Switchboard was closed', () => {
  it('are recorded at the next start, once, as edited outside Switchboard', async () => {
    home = await mkdtemp(path.join(tmpdir(), 'sb-hand-edits-'));
    // The first start has nothing to compare with: what is there is taken as seen, not as added.
    expect(
      await startWith({ kept: off(['-v']), edited: off(['-v']), gone: off(['-v']), toggled: off(['-v']) }),
    ).toEqual([]);
    const seen = await readFile(path.join(home, 'servers-seen.json'), 'utf8');
    expect(Object.keys(JSON.parse(seen).servers)).toEqual(['kept', 'edited', 'gone', 'toggled']);

    const entries = await startWith({
      kept: off(['-v']),
      edited: { ...off(['--version']), env: { GITHUB_TOKEN: SECRET } },
      toggled: { command: 'node', args: ['-v'] },
      added: { url: 'https://mcp.example.com/mcp', headers: { Authorization: `Bearer ${SECRET}` } },
    });
    expect(entries.map((e) => e.kind === 'server' && [e.server, e.change, e.via, e.target])).toEqual([
      ['edited', 'changed', 'file', 'node --version'],
      ['gone', 'removed', 'file', 'node -v'],
      ['toggled', 'enabled', 'file', 'node -v'],
      ['added', 'added', 'file', 'https://mcp.example.com/mcp'],
    ]);
    // What was seen holds no value from the entries.
    expect(await readFile(path.join(home, 'servers-seen.json'), 'utf8')).not.toContain(SECRET);
    expect(await readFile(path.join(home, 'activity', ACTIVITY_FILE), 'utf8')).not.toContain(SECRET);

    // Started again with nothing changed: nothing more.
    const again = await startWith({
      kept: off(['-v']),
      edited: { ...off(['--version']), env: { GITHUB_TOKEN: SECRET } },
      toggled: { command: 'node', args: ['-v'] },
      added: { url: 'https://mcp.example.com/mcp', headers: { Authorization: `Bearer ${SECRET}` } },
    });
    expect(again).toHaveLength(4);
  });

  it('a registry field written by hand is recorded as what the entry claims, not as where it came from', async () => {
    home = await mkdtemp(path.join(tmpdir(), 'sb-hand-edits-'));
    expect(await startWith({})).toEqual([]);
    const claim = {
      url: 'https://registry.modelcontextprotocol.io',
      name: 'io.github.acme/weather',
      version: '1.2.3',
      choice: 'npm',
    };
    const entries = await startWith({ weather: { ...off(['evil.mjs']), registry: claim } });
    expect(entries).toEqual([
      expect.objectContaining({
        server: 'weather',
        change: 'added',
        via: 'file',
        detail: 'its registry field says io.github.acme/weather@1.2.3',
      }),
    ]);
  });

  it.each([
    ['of the wrong shape', '{"servers": {"x": "not a digest"}}'],
    ['not JSON', '{"servers": '],
  ])('a servers-seen file %s is taken as nothing seen, and replaced', async (_, text) => {
    home = await mkdtemp(path.join(tmpdir(), 'sb-hand-edits-'));
    await writeFile(path.join(home, 'servers-seen.json'), text);
    expect(await startWith({ one: off(['-v']) })).toEqual([]);
    expect(await startWith({ one: off(['-v']), two: off(['-v']) })).toEqual([
      expect.objectContaining({ server: 'two', change: 'added', via: 'file' }),
    ]);
  });

  it('a start with nothing changed leaves the file as it was', async () => {
    home = await mkdtemp(path.join(tmpdir(), 'sb-hand-edits-'));
    await startWith({ one: off(['-v']) });
    const file = path.join(home, 'servers-seen.json');
    const before = (await stat(file)).mtimeMs;
    await new Promise((r) => setTimeout(r, 20));
    expect(await startWith({ one: off(['-v']) })).toEqual([]);
    expect((await stat(file)).mtimeMs).toBe(before);
  });

  it('a host that does not look at start (mcp install) writes nothing then, and records them at its save', async () => {
    home = await mkdtemp(path.join(tmpdir(), 'sb-hand-edits-'));
    await startWith({ one: off(['-v']) });
    await writeFile(
      path.join(home, 'config.json'),
      JSON.stringify({ mcpServers: { one: off(['-v']), two: off(['-v']) } }),
    );
    const before = await readFile(path.join(home, 'servers-seen.json'), 'utf8');
    const host = await Host.create({ home, configEditsAtStart: false });
    const service = hostService(host, {});
    try {
      expect(await readFile(path.join(home, 'servers-seen.json'), 'utf8')).toBe(before);
      await service.saveServer('three', { kind: 'stdio', command: 'node', args: ['-v'], env: {} }, null);
      await host.activity.flush();
      const { entries } = await readActivity(path.join(home, 'activity'));
      expect(entries.map((e) => e.kind === 'server' && [e.server, e.change, e.via])).toEqual([
        ['two', 'added', 'file'],
        ['three', 'added', 'editor'],
      ]);
    } finally {
      service.dispose();
      await host.shutdown();
    }
  });
});

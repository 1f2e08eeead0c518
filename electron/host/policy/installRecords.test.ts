import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDirPerTest } from '../../../e2e/fixtures/tempDir';
import { parseConfig } from '../config/serverConfig';
import { InstallRecords } from './installRecords';

let home: string;
tempDirPerTest('sb-installs-', (d) => {
  home = d;
});
const configOf = (name: string, raw: Record<string, unknown>) =>
  parseConfig({ mcpServers: { [name]: raw } }).servers[0]!;
const FROM = {
  kind: 'registry' as const,
  registryUrl: 'https://registry.acme.example',
  name: 'io.github.acme/tool',
  version: '1.2.3',
  choice: 'packages/0',
};
const built = { command: 'npx', args: ['-y', '@acme/tool@1.2.3'] };

describe('InstallRecords', () => {
  it('a server runs as installed: its origin is the record; edited, it counts as added by hand', async () => {
    const records = InstallRecords.inHome(home);
    await records.install('tool', FROM, built);
    expect(await records.originOf(configOf('tool', built))).toEqual({
      kind: 'registry',
      name: 'io.github.acme/tool',
      registryUrl: 'https://registry.acme.example',
      version: '1.2.3',
    });
    expect(await records.originOf(configOf('tool', { ...built, command: 'node' }))).toEqual({
      kind: 'manual',
    });
    // Another server with the same launch under another name was not installed.
    expect(await records.originOf(configOf('other', built))).toEqual({ kind: 'manual' });
    const { kind: _, ...origin } = FROM;
    expect(await records.registryOriginOf('tool')).toEqual(origin);
  });

  it('config.json’s own "registry" field is nothing to it', async () => {
    const records = InstallRecords.inHome(home);
    const claimed = {
      ...built,
      registry: { url: FROM.registryUrl, name: FROM.name, version: '1.2.3', choice: 'packages/0' },
    };
    expect(await records.originOf(configOf('tool', claimed))).toEqual({ kind: 'manual' });
  });

  it('follows a rename, goes with a removal, and is kept in a file of its own in the data folder', async () => {
    const records = InstallRecords.inHome(home);
    await records.install('tool', { kind: 'link', format: 'vscode' }, built);
    await records.rename('tool', 'renamed');
    expect(await records.originOf(configOf('renamed', built))).toEqual({ kind: 'link', format: 'vscode' });
    expect(await records.originOf(configOf('tool', built))).toEqual({ kind: 'manual' });
    const onDisk = JSON.parse(await readFile(path.join(home, 'installed-servers.json'), 'utf8'));
    expect(Object.keys(onDisk)).toEqual(['renamed']);
    await records.forget('renamed');
    expect(await records.recordOf('renamed')).toBeUndefined();
  });

  it('an odd record believes nothing; an unreadable file believes nothing and is never written over', async () => {
    const file = path.join(home, 'installed-servers.json');
    await writeFile(
      file,
      JSON.stringify({
        a: { from: { kind: 'registry', registryUrl: FROM.registryUrl, name: FROM.name }, launch: 'x', at: 1 },
        b: { from: { kind: 'bundle', name: 'b' }, launch: 'x', at: 1 },
        c: 'installed',
      }),
    );
    const records = new InstallRecords(file);
    for (const name of ['a', 'b', 'c']) expect(await records.recordOf(name)).toBeUndefined();
    await writeFile(file, '{ broken');
    expect(await records.originOf(configOf('a', built))).toEqual({ kind: 'manual' });
    await expect(records.install('tool', FROM, built)).rejects.toThrow(`installed servers file ${file}`);
    expect(await readFile(file, 'utf8')).toBe('{ broken');
  });
});

import { mkdir, mkdtemp, realpath, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { RootsManager } from './rootsManager';

let dir: string;
beforeEach(async () => {
  dir = await realpath(await mkdtemp(path.join(tmpdir(), 'sb-roots-')));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('RootsManager', () => {
  it('stores real paths as file:// URIs; refuses what is missing or not a directory', async () => {
    const roots = new RootsManager(path.join(dir, 'roots.json'));
    await mkdir(path.join(dir, 'real project'));
    await symlink(path.join(dir, 'real project'), path.join(dir, 'link'));
    await writeFile(path.join(dir, 'file.txt'), 'x');
    expect(await roots.add(path.join(dir, 'link'))).toBe(path.join(dir, 'real project'));
    expect(roots.rootsFor('any')).toEqual([
      { uri: pathToFileURL(path.join(dir, 'real project')).href, name: 'real project' },
    ]);
    expect(roots.rootsFor('any')[0]!.uri).toContain('real%20project');
    await expect(roots.add(path.join(dir, 'nope'))).rejects.toThrow(/does not exist/);
    await expect(roots.add(path.join(dir, 'file.txt'))).rejects.toThrow(/is not a directory/);
  });

  it('a server list of its own replaces the global one for that server only; changes say whom they reach', async () => {
    const roots = new RootsManager(path.join(dir, 'roots.json'));
    const changes: (string[] | 'all')[] = [];
    roots.onChange((c) => changes.push(c));
    await mkdir(path.join(dir, 'g'));
    await mkdir(path.join(dir, 's'));
    await roots.add(path.join(dir, 'g'));
    await roots.add(path.join(dir, 's'), 'server-a');
    expect(roots.directoriesFor('server-a')).toEqual([path.join(dir, 'g'), path.join(dir, 's')]);
    expect(roots.directoriesFor('server-b')).toEqual([path.join(dir, 'g')]);
    await roots.remove(path.join(dir, 'g'), 'server-a');
    expect(roots.directoriesFor('server-a')).toEqual([path.join(dir, 's')]);
    expect(changes).toEqual(['all', ['server-a'], ['server-a']]);

    const reloaded = new RootsManager(path.join(dir, 'roots.json'));
    await reloaded.load();
    expect(reloaded.directoriesFor('server-a')).toEqual([path.join(dir, 's')]);
    await reloaded.useGlobal('server-a');
    expect(reloaded.directoriesFor('server-a')).toEqual([path.join(dir, 'g')]);
  });

  it('concurrent changes are all kept on disk', async () => {
    const roots = new RootsManager(path.join(dir, 'roots.json'));
    const names = Array.from({ length: 12 }, (_, i) => `p${i}`);
    await Promise.all(names.map((n) => mkdir(path.join(dir, n))));
    await Promise.all(names.map((n) => roots.add(path.join(dir, n))));
    const reloaded = new RootsManager(path.join(dir, 'roots.json'));
    await reloaded.load();
    expect(reloaded.globalDirectories().sort()).toEqual(names.map((n) => path.join(dir, n)).sort());
  });
});

import { spawn } from 'node:child_process';
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDirPerTest } from '../../../e2e/fixtures/tempDir';
import { ConfigFile, ConfigFileError, switchboardHome } from './configFile';

let home: string;
tempDirPerTest('sb-config-', (dir) => {
  home = dir;
});

describe('ConfigFile', () => {
  it('lives in SWITCHBOARD_HOME when set, else the per-OS user data directory', () => {
    expect(switchboardHome({ SWITCHBOARD_HOME: '/tmp/sb' })).toBe('/tmp/sb');
    if (process.platform === 'linux') {
      expect(switchboardHome({ XDG_CONFIG_HOME: '/home/a/.cfg' })).toBe('/home/a/.cfg/Switchboard');
    }
  });

  it('a missing file is an empty config, and nothing is written by loading', async () => {
    const file = ConfigFile.inHome(home);
    expect(await file.load()).toMatchObject({ state: 'missing', parsed: { servers: [] } });
    expect(await readdir(home)).toEqual([]);
  });

  it('a file that is not JSON loads as unreadable, naming the file and the position, and is never overwritten', async () => {
    const file = ConfigFile.inHome(home);
    const broken = '{ "mcpServers": { "a": { "command": "x", } }';
    await writeFile(file.filePath, broken);
    const loaded = await file.load();
    expect(loaded.state).toBe('unreadable');
    expect(loaded.state === 'unreadable' && loaded.error).toMatch(/config\.json is not valid JSON/);
    await expect(file.save({ mcpServers: {} })).rejects.toThrow(ConfigFileError);
    expect(await readFile(file.filePath, 'utf8')).toBe(broken);
  });

  it('a file nested deeper than the app reads (an unknown field) loads as unreadable, naming the file, and is never overwritten', async () => {
    const file = ConfigFile.inHome(home);
    const deep = `{ "mcpServers": { "a": { "command": "x" } }, "note": ${'['.repeat(150)}${']'.repeat(150)} }`;
    await writeFile(file.filePath, deep);
    const loaded = await file.load();
    expect(loaded.state === 'unreadable' && loaded.error).toBe(
      `${file.filePath} is nested deeper than 100 levels, more than Switchboard reads`,
    );
    await expect(file.save({ mcpServers: {} })).rejects.toThrow(
      /Not saving: .*config\.json is nested deeper/,
    );
    expect(await readFile(file.filePath, 'utf8')).toBe(deep);
  });

  it('keeps unknown top-level and server fields through a load/save round trip, with a backup', async () => {
    const file = ConfigFile.inHome(home);
    const original = { theme: 'dark', mcpServers: { a: { command: 'x', 'x-note': 'keep me' } } };
    await writeFile(file.filePath, JSON.stringify(original));
    const loaded = await file.load();
    if (loaded.state !== 'ok') throw new Error('expected ok');
    await file.save({ ...loaded.document, extra: 1 });
    expect(JSON.parse(await readFile(file.filePath, 'utf8'))).toEqual({ ...original, extra: 1 });
    expect(JSON.parse(await readFile(file.backupPath, 'utf8'))).toEqual(original);
    if (process.platform !== 'win32') expect((await stat(file.filePath)).mode & 0o777).toBe(0o600);
  });

  it('concurrent saves land one after the other, the last one winning', async () => {
    const file = ConfigFile.inHome(home);
    await Promise.all(Array.from({ length: 10 }, (_, i) => file.save({ mcpServers: {}, n: i })));
    expect(JSON.parse(await readFile(file.filePath, 'utf8'))).toEqual({ mcpServers: {}, n: 9 });
  });

  it('a process killed mid-write leaves the old or the new file, never a torn one', {
    timeout: 60_000,
  }, async () => {
    const file = ConfigFile.inHome(home);
    const old = { mcpServers: { a: { command: 'old' } } };
    await writeFile(file.filePath, JSON.stringify(old));
    // A few MB per save, rewritten in a loop, so the kill lands in the middle of writes.
    const writer = `import { ConfigFile } from ${JSON.stringify(path.join(__dirname, 'configFile.ts'))};
      const f = new ConfigFile(${JSON.stringify(file.filePath)});
      const big = { mcpServers: { a: { command: 'new', args: Array.from({ length: 200000 }, (_, i) => 'arg-' + i) } } };
      process.stdout.write('go\\n');
      for (;;) await f.save(big);`;
    // Kill at many moments across the save loop: with a non-atomic write, some land mid-write.
    for (let attempt = 0; attempt < 16; attempt++) {
      const delay = 10 + attempt * 9;
      const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', writer], {
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      await new Promise((r) => child.stdout.once('data', r));
      await new Promise((r) => setTimeout(r, delay));
      child.kill('SIGKILL');
      await new Promise((r) => child.once('exit', r));
      const text = await readFile(file.filePath, 'utf8');
      const command = (JSON.parse(text) as { mcpServers: { a: { command: string } } }).mcpServers.a.command;
      expect(['old', 'new']).toContain(command);
    }
  });
});

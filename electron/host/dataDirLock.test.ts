import { spawn } from 'node:child_process';
import { readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDirPerTest } from '../../e2e/fixtures/tempDir';
import { DataDirInUse, lockDataDir } from './dataDirLock';

let home: string;
tempDirPerTest('sb-lock-', (dir) => {
  home = dir;
});

describe('one app per data folder', () => {
  it('a second start is refused, naming the first and where to open it; after release the folder is free', async () => {
    const first = await lockDataDir(home, 'browser shell');
    expect((await stat(first.file)).mode & 0o777).toBe(0o600);
    await first.describe('http://127.0.0.1:17480');
    // Another process holds it (this test's own pid would be taken for a leftover of ours).
    const other = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
    try {
      const lock = JSON.parse(await readFile(first.file, 'utf8'));
      await writeFile(first.file, JSON.stringify({ ...lock, pid: other.pid }));
      const error = await lockDataDir(home, 'Electron').catch((e: Error) => e);
      expect(error).toBeInstanceOf(DataDirInUse);
      expect((error as Error).message).toContain(`already running with the data folder ${home}`);
      expect((error as Error).message).toContain(`process ${other.pid}`);
      expect((error as Error).message).toContain('Open it at http://127.0.0.1:17480');
      // Its terminal may be gone: the message says how to stop it (webCommand.e2e runs that command).
      const stop = process.platform === 'win32' ? `taskkill /PID ${other.pid} /T /F` : `kill ${other.pid}`;
      expect((error as Error).message).toContain(`To stop it from here: ${stop} `);
      expect((error as Error).message).toContain('SWITCHBOARD_HOME=');
    } finally {
      other.kill('SIGKILL');
      await new Promise((r) => other.once('exit', r));
    }
    // That process is gone: its lock is a leftover, taken over.
    const second = await lockDataDir(home, 'Electron');
    await second.release();
    await expect(stat(second.file)).rejects.toThrow(/ENOENT/);
    await first.release(); // not its lock any more: leaves the folder as it is
    const third = await lockDataDir(home, 'browser shell');
    await third.release();
  });

  it('a first start makes the data folder (owner only) before it takes the lock (found by a new-user walk)', async () => {
    const fresh = path.join(home, 'not', 'yet', 'there');
    const lock = await lockDataDir(fresh, 'browser shell');
    expect((await stat(fresh)).mode & 0o777).toBe(0o700);
    expect((await stat(lock.file)).isFile()).toBe(true);
    await lock.release();
  });

  it('a half-written or foreign lock file is not proof of a running app', async () => {
    await writeFile(path.join(home, 'instance.lock'), '{"pid":');
    const lock = await lockDataDir(home, 'browser shell');
    await lock.release();
  });
});

import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { once } from 'node:events';
import { readdir, utimes } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { tempDirPerTest } from '../../e2e/fixtures/tempDir';
import { withFileLock } from './withFileLock';

let dir: string;
tempDirPerTest('sb-filelock-', (d) => {
  dir = d;
});

let holder: ChildProcessWithoutNullStreams | undefined;
afterEach(async () => {
  if (holder && holder.exitCode === null && holder.signalCode === null) {
    holder.kill('SIGKILL');
    await once(holder, 'exit');
  }
  holder = undefined;
});

/** Another process that takes the lock on `file` and holds it until its stdin closes. */
async function holdLock(file: string): Promise<ChildProcessWithoutNullStreams> {
  const script = `import { withFileLock } from ${JSON.stringify(path.join(import.meta.dirname, 'withFileLock.ts'))};
    await withFileLock(${JSON.stringify(file)}, 'test file', async () => {
      process.stdout.write('locked\\n');
      await new Promise((resolve) => process.stdin.on('end', resolve).resume());
    });`;
  holder = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script]);
  await once(holder.stdout, 'data');
  return holder;
}

describe('withFileLock', () => {
  it('a lock another process holds past the wait is an error naming the file; nothing runs until it is let go', async () => {
    const file = path.join(dir, 'secrets.json');
    const other = await holdLock(file);
    let ran = false;
    const task = async () => {
      ran = true;
    };
    await expect(withFileLock(file, 'secrets file', task, { waitMs: 300 })).rejects.toThrow(
      `the secrets file ${file} is locked by another process`,
    );
    expect(ran).toBe(false);
    other.stdin.end();
    await once(other, 'exit');
    await withFileLock(file, 'secrets file', task, { waitMs: 300 });
    expect(ran).toBe(true);
    expect(await readdir(dir)).toEqual([]);
  });

  it('a lock left by a killed process is taken over once stale, not waited on forever', async () => {
    const file = path.join(dir, 'secrets.json');
    const other = await holdLock(file);
    other.kill('SIGKILL');
    await once(other, 'exit');
    // Killed, it could not remove its lock: while fresh, it still counts as held.
    expect(await readdir(dir)).toEqual(['secrets.json.lock']);
    await expect(withFileLock(file, 'secrets file', async () => {}, { waitMs: 300 })).rejects.toThrow(
      /is locked by another process/,
    );
    // Nobody refreshed it: once older than the stale time it is taken over.
    const past = new Date(Date.now() - 60_000);
    await utimes(`${file}.lock`, past, past);
    expect(await withFileLock(file, 'secrets file', async () => 'ran')).toBe('ran');
    expect(await readdir(dir)).toEqual([]);
  });

  it('changes asked for in one process run one at a time, in the order asked', async () => {
    const file = path.join(dir, 'x.json');
    const order: string[] = [];
    let inside = 0;
    const step = (name: string) => async () => {
      inside++;
      expect(inside).toBe(1);
      await new Promise((resolve) => setImmediate(resolve));
      order.push(name);
      inside--;
    };
    const names = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'];
    await Promise.all(names.map((n) => withFileLock(file, 'test file', step(n))));
    expect(order).toEqual(names);
  });
});

import { mkdtemp, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { type FileWatch, watchFile } from './fileWatch';

let dir: string;
let watch: FileWatch | undefined;
afterEach(async () => {
  watch?.dispose();
  await rm(dir, { recursive: true, force: true });
});

describe('watchFile', () => {
  it('checks after a write and after a rename over the file (settled first), never for another file, never once disposed', async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'sb-file-watch-'));
    const file = path.join(dir, 'config.json');
    let checks = 0;
    watch = watchFile(file, async () => void checks++, { debounceMs: 50, pollMs: 0 });
    // Three writes at once: one check, after they settle.
    for (const n of [1, 2, 3]) await writeFile(file, `{"n":${n}}`);
    await expect.poll(() => checks, { timeout: 5000 }).toBe(1);
    await writeFile(path.join(dir, 'other.json'), '{}');
    await writeFile(path.join(dir, 'tmp'), '{}');
    await rename(path.join(dir, 'tmp'), file);
    await expect.poll(() => checks, { timeout: 5000 }).toBe(2);
    await new Promise((r) => setTimeout(r, 200));
    expect(checks).toBe(2);
    watch.dispose();
    await writeFile(file, '{}');
    await new Promise((r) => setTimeout(r, 200));
    expect(checks).toBe(2);
  });

  it('a check asked while one runs reads once more after it; a failing check does not end the watch', async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'sb-file-watch-'));
    const seen: number[] = [];
    let release: () => void = () => {};
    let n = 0;
    watch = watchFile(
      path.join(dir, 'x.json'),
      async () => {
        const mine = ++n;
        if (mine === 1) await new Promise<void>((r) => (release = r));
        seen.push(mine);
        if (mine === 2) throw new Error('a check that fails');
      },
      { debounceMs: 10, pollMs: 0 },
    );
    const first = watch.check();
    const second = watch.check();
    release();
    await Promise.all([first, second]);
    expect(seen).toEqual([1, 2]);
    await watch.check();
    expect(seen).toEqual([1, 2, 3]);
  });
});

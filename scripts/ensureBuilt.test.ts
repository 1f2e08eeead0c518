import { mkdir, mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs script without types
import { isStale, rendererIsStale } from './ensureBuilt.mjs';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'sb-ensure-'));
  for (const d of ['renderer/features', 'shared', 'out/renderer'])
    await mkdir(path.join(dir, d), { recursive: true });
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const touch = async (file: string, seconds: number) => {
  await writeFile(path.join(dir, file), 'x');
  await utimes(path.join(dir, file), seconds, seconds);
};

describe('npm run web builds the UI only when needed', () => {
  it('builds when nothing is built, or a source is newer than the build; not otherwise', async () => {
    await touch('renderer/features/a.tsx', 1000);
    await touch('shared/b.ts', 1000);
    for (const d of ['renderer', 'renderer/features', 'shared']) await utimes(path.join(dir, d), 1000, 1000);
    expect(rendererIsStale(dir)).toBe(true);
    await touch('out/renderer/index.html', 2000);
    expect(rendererIsStale(dir)).toBe(false);
    await touch('shared/b.ts', 3000);
    expect(rendererIsStale(dir)).toBe(true);
  });

  it('the host (out/node) is built again when anything under electron/ or shared/ is newer', async () => {
    await mkdir(path.join(dir, 'electron/web'), { recursive: true });
    await mkdir(path.join(dir, 'out/node'), { recursive: true });
    await touch('electron/web/main.ts', 1000);
    await touch('shared/b.ts', 1000);
    for (const d of ['electron', 'electron/web', 'shared', 'renderer', 'renderer/features'])
      await utimes(path.join(dir, d), 1000, 1000);
    expect(isStale('node', dir)).toBe(true);
    await touch('out/node/web.mjs', 2000);
    expect(isStale('node', dir)).toBe(false);
    await touch('electron/web/main.ts', 3000);
    expect(isStale('node', dir)).toBe(true);
    // The UI's build does not follow the host's sources.
    await touch('out/renderer/index.html', 2000);
    expect(rendererIsStale(dir)).toBe(false);
  });
});

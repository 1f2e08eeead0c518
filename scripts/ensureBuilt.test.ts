import { existsSync, readdirSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs script without types
import { buildIfStale, isStale, rendererIsStale } from './ensureBuilt.mjs';

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

describe('a build of the UI while a shell serves it', () => {
  it('is made aside and moved in: the folder is never emptied, the old chunks stay, index.html comes last', async () => {
    // A stand-in for vite: writes a new index.html and chunk into the --outDir it is given, and says
    // whether index.html was still being served from the folder while it built.
    await writeFile(
      path.join(dir, 'package.json'),
      JSON.stringify({ scripts: { 'build:renderer': 'node build.mjs' } }),
    );
    await writeFile(
      path.join(dir, 'build.mjs'),
      `import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
const out = process.argv[process.argv.indexOf('--outDir') + 1];
mkdirSync(out + '/assets', { recursive: true });
writeFileSync(out + '/assets/new-2.js', 'new');
writeFileSync(out + '/index.html', 'new; served meanwhile: ' + existsSync('out/renderer/index.html'));
`,
    );
    await mkdir(path.join(dir, 'out/renderer/assets'), { recursive: true });
    await touch('out/renderer/index.html', 1000);
    await touch('out/renderer/assets/old-1.js', 1000);
    await touch('renderer/features/a.tsx', 2000);
    buildIfStale('renderer', dir);
    expect(await readFile(path.join(dir, 'out/renderer/index.html'), 'utf8')).toBe(
      'new; served meanwhile: true',
    );
    // A page of the old build still finds its chunks; the new build's are there.
    expect(existsSync(path.join(dir, 'out/renderer/assets/old-1.js'))).toBe(true);
    expect(existsSync(path.join(dir, 'out/renderer/assets/new-2.js'))).toBe(true);
    expect(rendererIsStale(dir)).toBe(false);
    // Nothing left aside.
    expect(readdirSync(path.join(dir, 'out'))).toEqual(['renderer']);
  });
});

import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { START_GZIP_BUDGET, startFiles } from './startFiles';

const root = path.resolve(import.meta.dirname, '../..');
let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'sb-start-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('what the UI loads before it shows', () => {
  it('counts the script, the modulepreloads and the stylesheet, and nothing fetched later', async () => {
    const out = path.join(dir, 'fake');
    await mkdir(path.join(out, 'assets'), { recursive: true });
    await writeFile(
      path.join(out, 'index.html'),
      `<script type="module" src="/assets/index-1.js"></script>
<link rel="modulepreload" href="./assets/shared-2.js"><link rel="stylesheet" href="/assets/index-3.css">`,
    );
    await writeFile(path.join(out, 'assets/index-1.js'), 'a'.repeat(1000));
    await writeFile(path.join(out, 'assets/shared-2.js'), 'b'.repeat(10));
    await writeFile(path.join(out, 'assets/index-3.css'), 'c');
    await writeFile(path.join(out, 'assets/lazy-4.js'), 'd'.repeat(5000));
    const start = startFiles(out);
    expect(start.files.map((f) => f.file)).toEqual([
      'assets/index-1.js',
      'assets/shared-2.js',
      'assets/index-3.css',
    ]);
    expect(start.raw).toBe(1011);
    expect(start.gzip).toBeLessThan(start.raw);
  });

  it(`is at most ${START_GZIP_BUDGET / 1024} kB gzip in the browser shell's build (the Electron build's renderer is the same config)`, {
    timeout: 180_000,
  }, () => {
    const out = path.join(dir, 'renderer');
    // Built aside: out/renderer may be what a running shell serves. As npm run build:renderer builds
    // it: vitest's NODE_ENV=test would make a development build (React's dev runtime, unminified JSX).
    execFileSync(
      process.execPath,
      [
        path.join(root, 'node_modules/vite/bin/vite.js'),
        'build',
        '--config',
        'renderer/vite.config.ts',
        '--logLevel',
        'warn',
        '--outDir',
        out,
        '--emptyOutDir',
      ],
      { cwd: root, stdio: 'pipe', env: { ...process.env, NODE_ENV: 'production' } },
    );
    const start = startFiles(out);
    const kB = (n: number) => `${(n / 1024).toFixed(1)} kB`;
    const table = start.files.map((f) => `${f.file}: ${kB(f.gzip)}`).join('\n');
    // An entry script and the stylesheet at least: an index.html read wrong would measure nothing.
    expect(start.files.some((f) => f.file.endsWith('.js'))).toBe(true);
    expect(start.files.some((f) => f.file.endsWith('.css'))).toBe(true);
    expect(start.gzip, `the start files, gzip:\n${table}\ntotal ${kB(start.gzip)}`).toBeLessThanOrEqual(
      START_GZIP_BUDGET,
    );
  });
});

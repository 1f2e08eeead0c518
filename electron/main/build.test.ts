import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';

const root = path.resolve(__dirname, '../..');
const out = (p: string) => path.join(root, 'out', p);

describe('the Electron build', () => {
  beforeAll(() => {
    if (existsSync(out('preload/index.cjs')) && existsSync(out('main/index.js'))) return;
    const r = spawnSync('npm', ['run', '-s', 'build'], {
      cwd: root,
      encoding: 'utf8',
      env: { ...process.env, ELECTRON_SKIP_BINARY_DOWNLOAD: '1' },
    });
    if (r.status !== 0) throw new Error(`npm run build failed:\n${r.stdout}\n${r.stderr}`);
  }, 120_000);

  it('the sandboxed preload is self-contained: it requires nothing but electron', () => {
    const preload = readFileSync(out('preload/index.cjs'), 'utf8');
    expect([...new Set([...preload.matchAll(/require\("([^"]+)"\)/g)].map((m) => m[1]))]).toEqual([
      'electron',
    ]);
    expect(preload).toContain('exposeInMainWorld("switchboard"');
  });

  it("the renderer's files are named from the root, so a deep address (/chats/<id>) reloads the app", () => {
    const html = readFileSync(out('renderer/index.html'), 'utf8');
    const refs = [...html.matchAll(/(?:src|href)="([^"]+)"/g)]
      .map((m) => m[1]!)
      .filter((r) => !r.startsWith('data:'));
    expect(refs.length).toBeGreaterThan(0);
    for (const ref of refs) expect(ref).toMatch(/^\/assets\//);
  });

  it('main loads the renderer from app://, and package.json points Electron at it', () => {
    const main = readFileSync(out('main/index.js'), 'utf8');
    expect(main).toContain('app://switchboard');
    expect(main).not.toMatch(/loadFile\(/);
    expect(JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).main).toBe('out/main/index.js');
    expect(existsSync(out('renderer/index.html'))).toBe(true);
  });

  it('main holds every network request of the window for the Views’ resolve-and-refuse hook (issue 29)', () => {
    const main = readFileSync(out('main/index.js'), 'utf8');
    expect(main).toContain('webRequest.onBeforeRequest(');
    expect(main).toContain('"wss://*/*"');
    expect(main).toMatch(/guardViewNetwork\(\w+\.defaultSession\.webRequest\)/);
  });
});

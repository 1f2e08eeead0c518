import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RENDERER_CSP, serveRenderer } from './appProtocol';
import { openExternalSafely } from './window';

let dir: string;
let handler: (request: Request) => Promise<Response>;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'sb-app-'));
  await mkdir(path.join(dir, 'renderer'));
  await writeFile(path.join(dir, 'renderer', 'index.html'), '<!doctype html>');
  await writeFile(path.join(dir, 'secret.txt'), 'outside');
  await writeFile(path.join(dir, 'renderer', 'index.js.map'), '{"sources":["/home/dev/outside"]}');
  // Electron's protocol module, as far as serveRenderer uses it: the edge replaced here.
  serveRenderer(
    {
      handle: (scheme: string, h: (r: Request) => Promise<Response>) => {
        expect(scheme).toBe('app');
        handler = h;
      },
    } as never,
    path.join(dir, 'renderer'),
  );
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('app:// protocol', () => {
  it('serves the renderer with a strict CSP on every response', async () => {
    const res = await handler(new Request('app://switchboard/'));
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('<!doctype html>');
    expect(res.headers.get('content-security-policy')).toBe(RENDERER_CSP);
    expect(RENDERER_CSP).not.toMatch(/unsafe-inline|unsafe-eval|\*/);
    expect(RENDERER_CSP).toContain("script-src 'self'");
    expect(RENDERER_CSP).toContain("object-src 'none'");
  });

  it("serves the app for its pages' addresses (a reload keeps the place), a missing file still 404", async () => {
    for (const url of [
      'app://switchboard/chats/0f6b1c3e-8a4d',
      'app://switchboard/logs',
      'app://switchboard/install?link=x',
    ]) {
      const res = await handler(new Request(url));
      expect(res.status, url).toBe(200);
      expect(await res.text()).toBe('<!doctype html>');
    }
    // An address of nothing: the app (which says so), as a 404; a missing file a bare 404.
    for (const url of ['app://switchboard/chats/a/b', 'app://switchboard/nonsense']) {
      const res = await handler(new Request(url));
      expect(res.status, url).toBe(404);
      expect(await res.text(), url).toBe('<!doctype html>');
      expect(res.headers.get('content-security-policy')).toBe(RENDERER_CSP);
    }
    expect(await (await handler(new Request('app://switchboard/missing.js'))).text()).toBe('not found');
  });

  it('serves nothing outside the renderer, and nothing for another host', async () => {
    for (const url of [
      'app://switchboard/%2e%2e/secret.txt',
      'app://switchboard/..%2fsecret.txt',
      'app://switchboard/%2e%2e%2fsecret.txt',
    ]) {
      const res = await handler(new Request(url));
      expect([403, 404]).toContain(res.status);
      expect(await res.text()).not.toContain('outside');
    }
    expect((await handler(new Request('app://elsewhere/index.html'))).status).toBe(404);
    expect((await handler(new Request('app://switchboard/missing.js'))).status).toBe(404);
    for (const spelled of ['index.js.map', 'index.js.ma%70', 'index.js%2Emap', 'INDEX.JS.MAP']) {
      const map = await handler(new Request(`app://switchboard/${spelled}`));
      expect(map.status, spelled).toBe(403);
      expect(await map.text()).not.toContain('outside');
    }
  });
});

describe('external links', () => {
  it('opens only http(s) URLs, in the system browser', () => {
    const opened: string[] = [];
    const shell = { openExternal: async (u: string) => void opened.push(u) };
    for (const url of ['https://modelcontextprotocol.io/', 'http://localhost:3000/x'])
      expect(openExternalSafely(shell, url)).toBe(true);
    for (const url of [
      'file:///etc/passwd',
      'javascript:alert(1)',
      'smb://host/share',
      'app://switchboard/',
      'not a url',
    ]) {
      expect(openExternalSafely(shell, url)).toBe(false);
    }
    expect(opened).toEqual(['https://modelcontextprotocol.io/', 'http://localhost:3000/x']);
  });
});

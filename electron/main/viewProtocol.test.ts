import { describe, expect, it } from 'vitest';
import { RENDERER_CSP } from './appProtocol';
import { electronViewSandbox, frameMayNavigate, serveViews, VIEW_SCHEME } from './viewProtocol';

const ID = 'ab'.repeat(12);
const page = { headers: { 'content-security-policy': "default-src 'none'" }, body: '<!doctype html>proxy' };

function served() {
  let handler: ((r: Request) => Response | Promise<Response>) | undefined;
  // Electron's protocol module, as far as serveViews uses it: the edge replaced here.
  serveViews(
    {
      handle: (scheme: string, h: (r: Request) => Response) => {
        expect(scheme).toBe(VIEW_SCHEME);
        handler = h;
      },
    } as never,
    { sandboxPage: (id) => (id === ID ? page : undefined) },
  );
  return handler!;
}

describe('Views in the Electron window (MCP Apps)', () => {
  it('serves an open View’s sandbox page on its own origin with its CSP; anything else is 404', async () => {
    const handler = served();
    const res = await handler(new Request(electronViewSandbox.urlOf(ID)));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-security-policy')).toBe("default-src 'none'");
    expect(await res.text()).toBe(page.body);
    expect(new URL(electronViewSandbox.urlOf(ID)).host).toBe(`v${ID}`);
    for (const url of [
      `sbview://v${'cd'.repeat(12)}/`,
      `sbview://v${ID}/other`,
      'sbview://switchboard/',
      `sbview://x${ID}/`,
    ])
      expect((await handler(new Request(url))).status).toBe(404);
    expect(
      (await handler(new Request(electronViewSandbox.urlOf(ID), { method: 'POST', body: 'x' }))).status,
    ).toBe(404);
  });

  it('the app frames only Views’ sandboxes, and only the app frames them', () => {
    expect(RENDERER_CSP).toContain(`frame-src ${VIEW_SCHEME}:`);
    expect(electronViewSandbox.frameAncestors).toEqual(['app://switchboard']);
  });

  it('no frame leaves: the window stays on the app, a View’s frame on its sandbox or an https page its CSP allows', () => {
    expect(frameMayNavigate('app://switchboard/index.html', true)).toBe(true);
    expect(frameMayNavigate('https://evil.example/', true)).toBe(false);
    expect(frameMayNavigate(electronViewSandbox.urlOf(ID), false)).toBe(true);
    expect(frameMayNavigate('about:srcdoc', false)).toBe(true);
    // A frame a View declared (frameDomains): allowed here, decided by the View's CSP frame-src.
    expect(frameMayNavigate('https://www.youtube.com/embed/x', false)).toBe(true);
    for (const url of [
      'http://evil.example/?data=stolen',
      'app://switchboard/index.html',
      'file:///etc/passwd',
      'javascript:alert(1)',
    ])
      expect(frameMayNavigate(url, false)).toBe(false);
  });
});

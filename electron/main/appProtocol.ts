import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Protocol } from 'electron';
import { mimeTypeOf, rendererCsp, servedFile } from '../host/rendererAssets';
import { appPagePath } from './installLinks';
import { VIEW_SCHEME } from './viewProtocol';

export const RENDERER_CSP = rendererCsp([], [`${VIEW_SCHEME}:`]);

/** Serves the built renderer as app://switchboard/… (never file://), each response with the CSP. */
export function serveRenderer(protocol: Pick<Protocol, 'handle'>, rendererDir: string): void {
  const root = path.resolve(rendererDir);
  protocol.handle('app', async (request) => {
    const url = new URL(request.url);
    if (url.host !== 'switchboard') return new Response('not found', { status: 404 });
    const file = servedFile(root, appPagePath(url.pathname));
    if (!file) return new Response('forbidden', { status: 403 });
    try {
      return new Response(await readFile(file), {
        headers: {
          'content-type': mimeTypeOf(file),
          'content-security-policy': RENDERER_CSP,
          'x-content-type-options': 'nosniff',
        },
      });
    } catch {
      return new Response('not found', { status: 404 });
    }
  });
}

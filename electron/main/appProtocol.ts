import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Protocol } from 'electron';
import { isMissingPage } from '../../shared/ui/appAddress';
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
      return await served(file);
    } catch {
      // An address of nothing (a mistyped page): the app, which says so, with the 404 kept.
      const notFound = new Response('not found', { status: 404 });
      if (!isMissingPage(url.pathname)) return notFound;
      return served(path.join(root, 'index.html'), 404).catch(() => notFound);
    }
  });
}

async function served(file: string, status = 200): Promise<Response> {
  return new Response(await readFile(file), {
    status,
    headers: {
      'content-type': mimeTypeOf(file),
      'content-security-policy': RENDERER_CSP,
      'x-content-type-options': 'nosniff',
    },
  });
}

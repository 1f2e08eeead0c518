import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchServerIcon } from './serverIcon';

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
let server: Server;
let origin: string;
const hits: string[] = [];
beforeAll(async () => {
  server = createServer((req, res) => {
    hits.push(req.url ?? '');
    if (req.url === '/icon.png') return res.writeHead(200, { 'content-type': 'image/png' }).end(PNG);
    if (req.url === '/icon.svg') return res.writeHead(200, { 'content-type': 'image/svg+xml' }).end('<svg/>');
    if (req.url === '/moved.png') return res.writeHead(302, { location: '/icon.png' }).end();
    if (req.url === '/huge.png') {
      res.writeHead(200, { 'content-type': 'image/png' });
      return res.end(Buffer.alloc(300 * 1024));
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  origin = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
});
afterAll(() => new Promise((r) => server.close(r)));

describe("a remote server's icon", () => {
  it('is fetched from the server’s own origin only, raster only, without redirects, within a size cap', async () => {
    const icon = await fetchServerIcon(`${origin}/mcp`, [
      { src: 'http://127.0.0.2:9/elsewhere.png' }, // another origin: never asked
      { src: '/icon.svg' }, // an SVG: fetched, refused by its type
      { src: `${origin}/moved.png` }, // a redirect: refused
      { src: '/huge.png' }, // too big: refused
      { src: 'icon.png', mimeType: 'image/png' },
    ]);
    expect(icon).toBe(`data:image/png;base64,${PNG.toString('base64')}`);
    expect(hits).toEqual(['/icon.svg', '/moved.png', '/huge.png', '/icon.png']);
  });

  it('is none when nothing qualifies', async () => {
    expect(await fetchServerIcon(`${origin}/mcp`, [{ src: 'https://cdn.example/icon.png' }])).toBeUndefined();
    expect(await fetchServerIcon(`${origin}/mcp`, undefined)).toBeUndefined();
  });
});

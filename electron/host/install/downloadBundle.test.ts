// The registry bundle download against a real https server on loopback (its certificate trusted by
// this test's own fetch only): redirects followed to https only and only so far, sizes bounded, errors
// said with the address, and nothing left in the bundles folder whatever happened.
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BundleHost, fetchTrusting, startBundleHost } from '../../../e2e/fixtures/mcpb/bundleHost';
import { downloadBundle, downloadUrlProblem } from './downloadBundle';

let dir = '';
let server: BundleHost;
let trusting: typeof fetch;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'sb-download-'));
  server = await startBundleHost(dir);
  trusting = fetchTrusting(server.ca);
  server.routes.set('/a.mcpb', { body: Buffer.from('bundle bytes') });
  server.routes.set('/hop1', { redirect: '/hop2' });
  server.routes.set('/hop2', { redirect: '/a.mcpb' });
  server.routes.set('/to-http', { redirect: 'http://127.0.0.1:9/a.mcpb' });
  server.routes.set('/loop', { redirect: '/loop' });
  server.routes.set('/big.mcpb', { body: Buffer.alloc(64 * 1024) });
  server.routes.set('/gone', { status: 410 });
});
afterAll(async () => {
  await server.close();
  await rm(dir, { recursive: true, force: true });
});

const bundlesDir = () => path.join(dir, 'bundles');
const get = (p: string, extra: object = {}) =>
  downloadBundle(`${server.url}${p}`, { bundlesDir: bundlesDir(), fetch: trusting, ...extra }, (file) =>
    readFile(file, 'utf8'),
  );

describe('downloadBundle', () => {
  it('downloads over https, following https redirects, and leaves nothing behind', async () => {
    expect(await get('/a.mcpb')).toBe('bundle bytes');
    expect(await get('/hop1')).toBe('bundle bytes');
    expect(await readdir(bundlesDir())).toEqual([]);
  });

  it('refuses plain http, a redirect to http, endless redirects, too large a file and an error status', async () => {
    expect(downloadUrlProblem('http://127.0.0.1/a.mcpb')).toMatch(/not https/);
    expect(downloadUrlProblem('https://u:p@example.com/a.mcpb')).toMatch(/user name or password/);
    await expect(
      downloadBundle('http://127.0.0.1:9/a.mcpb', { bundlesDir: bundlesDir() }, async () => 'x'),
    ).rejects.toThrow('bundles are downloaded over https only');
    await expect(get('/to-http')).rejects.toThrow(/redirected to a refused address: .* not https/);
    await expect(get('/loop')).rejects.toThrow('redirected more than 5 times');
    await expect(get('/big.mcpb', { maxBytes: 1024 })).rejects.toThrow(/more than the 0 MiB a bundle may be/);
    await expect(get('/gone')).rejects.toThrow('answered HTTP 410');
    expect(await readdir(bundlesDir())).toEqual([]);
  });

  it("does not trust a certificate the system does not (without this test's fetch)", async () => {
    await expect(
      downloadBundle(`${server.url}/a.mcpb`, { bundlesDir: bundlesDir() }, async () => 'x'),
    ).rejects.toThrow(/could not be downloaded/);
  });
});

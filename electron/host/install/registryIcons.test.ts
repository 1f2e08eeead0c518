import net from 'node:net';
import tls from 'node:tls';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type IconServer, startIconServer, tilePng } from '../../../e2e/fixtures/registry/iconServer';
import { fetchIcon } from '../servers/serverIcon';
import { fetchRefusing, publicOnlyFetch } from './publicOnlyFetch';
import { iconAddressProblem, RegistryIcons } from './registryIcons';

// An icon is fetched over https only: this worker trusts the fixture's self-signed certificate, as
// the browser shell does through NODE_EXTRA_CA_CERTS in e2e. The fixture is on loopback, so it is
// the registry's own origin in these tests: the one place on this computer an icon may come from.
// (tls.setDefaultCACertificates: Node 22.19, the floor in package.json's engines.)
let icons: IconServer;
beforeAll(async () => {
  icons = await startIconServer();
  tls.setDefaultCACertificates([...tls.getCACertificates('default'), icons.ca]);
});
afterAll(async () => {
  await icons?.close();
});

const REGISTRY = 'https://registry.modelcontextprotocol.io';
const png = (name: string) => `data:image/png;base64,${tilePng(name).toString('base64')}`;

describe("a registry entry's icons", () => {
  it('are named to the page by ids, https ones only; an id it was not given fetches nothing', async () => {
    const reg = new RegistryIcons();
    const refs = reg.refs(
      [
        { src: `${icons.url}/icons/a.png`, mimeType: 'image/png', theme: 'light', sizes: ['32x32'] },
        { src: `${icons.url.replace('https:', 'http:')}/icons/b.png` },
        { src: 'data:image/png;base64,AAAA' },
        { src: `https://user:pw@127.0.0.1:1/icons/c.png` },
      ],
      icons.url,
    );
    expect(refs).toHaveLength(1);
    expect(refs[0]).toMatchObject({ theme: 'light', sizes: ['32x32'] });
    expect(refs[0]!.id).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(reg.refs([{ src: `${icons.url}/icons/a.png`, mimeType: 'image/png' }], icons.url)[0]!.id).toBe(
      refs[0]!.id,
    );
    expect(iconAddressProblem('http://example.com/i.png', REGISTRY)).toMatch(/https only/);
    const before = icons.hits.length;
    expect(await reg.icon(['not-an-id-it-gave'])).toBeUndefined();
    expect(icons.hits.length).toBe(before);
    expect(await reg.icon([refs[0]!.id])).toBe(png('a'));
  });

  it('are raster, within 256 KB, never redirected, in time: the first of the page’s order that passes', async () => {
    const reg = new RegistryIcons({ timeoutMs: 700 });
    const refs = reg.refs(
      [
        { src: `${icons.url}/bad/svg.svg`, mimeType: 'image/svg+xml' }, // declared SVG: never asked
        { src: `${icons.url}/bad/svg.svg?undeclared` }, // served as SVG: refused by its type
        { src: `${icons.url}/bad/huge.png` },
        { src: `${icons.url}/bad/huge-declared.png` },
        { src: `${icons.url}/bad/moved.png` },
        { src: `${icons.url}/bad/html.png` },
        { src: `${icons.url}/bad/slow.png` },
        { src: `${icons.url}/icons/good.png` },
      ],
      icons.url,
    );
    const start = icons.hits.length;
    expect(await reg.icon(refs.map((r) => r.id))).toBe(png('good'));
    expect(icons.hits.slice(start)).toEqual([
      '/bad/svg.svg',
      '/bad/huge.png',
      '/bad/huge-declared.png',
      '/bad/moved.png', // and not /icons/moved.png: the redirect is not followed
      '/bad/html.png',
      '/bad/slow.png',
      '/icons/good.png',
    ]);
    // None of the bad ones alone gives an icon.
    expect(await reg.icon(refs.slice(0, -1).map((r) => r.id))).toBeUndefined();
  });

  it('are fetched once while cached, and at most four at a time', async () => {
    const reg = new RegistryIcons({ timeoutMs: 1500 });
    const [good] = reg.refs([{ src: `${icons.url}/icons/once.png` }], icons.url);
    await reg.icon([good!.id]);
    await reg.icon([good!.id]);
    expect(icons.hits.filter((h) => h === '/icons/once.png')).toHaveLength(1);

    const slow = reg.refs(
      Array.from({ length: 6 }, (_, i) => ({ src: `${icons.url}/bad/slow.png?n=${i}` })),
      icons.url,
    );
    const start = icons.hits.length;
    const all = Promise.all(slow.map((r) => reg.icon([r.id])));
    await new Promise((r) => setTimeout(r, 400));
    expect(icons.hits.length - start).toBe(4);
    expect(await all).toEqual(Array(6).fill(undefined));
    expect(icons.hits.length - start).toBe(6);
  });
});

describe("a registry entry's icons: never from this computer or its network, but for the registry's own origin", () => {
  /** A plain TCP listener on loopback (IPv4 and IPv6) that counts every connection made to it. */
  let trap: { port: number; connections: number; close: () => Promise<void> };
  beforeAll(async () => {
    const servers: net.Server[] = [];
    const counted = { connections: 0 };
    const listen = (host: string, port: number) =>
      new Promise<number>((resolve, reject) => {
        const server = net.createServer((socket) => {
          counted.connections++;
          socket.destroy();
        });
        server.once('error', reject);
        server.listen(port, host, () => {
          servers.push(server);
          resolve((server.address() as net.AddressInfo).port);
        });
      });
    const port = await listen('127.0.0.1', 0);
    await listen('::1', port).catch(() => {}); // a machine without IPv6 loopback
    trap = {
      port,
      get connections() {
        return counted.connections;
      },
      close: async () => {
        await Promise.all(servers.map((s) => new Promise((r) => s.close(r))));
      },
    };
  });
  afterAll(async () => {
    await trap?.close();
  });

  it('names on loopback in any spelling are not fetched for a public registry: the listener sees no connection', async () => {
    const P = trap.port;
    const reg = new RegistryIcons({ timeoutMs: 1500 });
    const srcs = [
      `https://127.0.0.1:${P}/i.png`,
      `https://127.9.9.9:${P}/i.png`,
      `https://localhost:${P}/i.png`,
      `https://LOCALHOST.:${P}/i.png`,
      `https://app.localhost:${P}/i.png`,
      `https://[::1]:${P}/i.png`,
      `https://[::ffff:127.0.0.1]:${P}/i.png`,
      `https://2130706433:${P}/i.png`,
      `https://0x7f000001:${P}/i.png`,
      `https://127.1:${P}/i.png`,
      `https://0.0.0.0:${P}/i.png`,
    ];
    const refs = reg.refs(
      srcs.map((src) => ({ src, mimeType: 'image/png' as const })),
      REGISTRY,
    );
    for (const ref of refs) await reg.icon([ref.id]);
    await new Promise((r) => setTimeout(r, 200));
    expect(trap.connections).toBe(0);
    expect(refs).toEqual([]);
  });

  it('says why for private, link-local, shared and local-network names, without a connection', () => {
    for (const src of [
      'https://10.0.0.1/i.png',
      'https://172.16.5.4/i.png',
      'https://192.168.1.1/admin/i.png',
      'https://169.254.169.254/latest/meta-data/i.png',
      'https://100.64.0.1/i.png',
      'https://[fe80::1]/i.png',
      'https://[fd00::1]/i.png',
      'https://printer.local/i.png',
      'https://router/i.png',
      'https://metadata.google.internal/i.png',
      'https://nas.home.arpa/i.png',
    ])
      expect(iconAddressProblem(src, REGISTRY), src).toMatch(/this computer or its network/);
    expect(iconAddressProblem('https://cdn.example.com/i.png', REGISTRY)).toBeUndefined();
    expect(iconAddressProblem('https://93.184.215.14/i.png', REGISTRY)).toBeUndefined();
    expect(
      iconAddressProblem('https://[2606:2800:21f:cb07:6820:80da:af6b:8b2c]/i.png', REGISTRY),
    ).toBeUndefined();
    // The registry's own origin, wherever it is: what it serves is what the host already trusts it for.
    expect(iconAddressProblem('https://10.0.0.5/icons/i.png', 'https://10.0.0.5')).toBeUndefined();
    expect(iconAddressProblem('https://10.0.0.5:8443/icons/i.png', 'https://10.0.0.5')).toMatch(
      /this computer/,
    );
  });

  it('a name whose addresses pass is fetched as an icon is: status, type, size, no redirect', async () => {
    // The icon server stands for a public host: here only the loopback answer of `localhost` exists.
    const fetcher = fetchRefusing(() => false);
    const at = (p: string) => new URL(`${icons.url.replace('127.0.0.1', 'localhost')}${p}`);
    expect(await fetchIcon(at('/icons/public.png'), { fetcher })).toBe(png('public'));
    const start = icons.hits.length;
    expect(await fetchIcon(at('/bad/moved.png'), { fetcher })).toBeUndefined();
    expect(await fetchIcon(at('/bad/huge.png'), { fetcher })).toBeUndefined();
    expect(await fetchIcon(at('/bad/svg.svg'), { fetcher })).toBeUndefined();
    expect(await fetchIcon(at('/bad/slow.png'), { fetcher, timeoutMs: 300 })).toBeUndefined();
    expect(icons.hits.slice(start)).toEqual([
      '/bad/moved.png',
      '/bad/huge.png',
      '/bad/svg.svg',
      '/bad/slow.png',
    ]);
  });

  it('a name that resolves to this computer is refused when it connects, not only by its spelling', async () => {
    // `localhost` stands for any public-looking name whose DNS answer is a local address.
    const before = trap.connections;
    await expect(publicOnlyFetch(new URL(`https://localhost:${trap.port}/i.png`), {})).rejects.toThrow(
      /localhost resolves to (127\.0\.0\.1|::1), an address of this computer or its network/,
    );
    expect(trap.connections).toBe(before);
  });
});

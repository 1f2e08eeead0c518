import tls from 'node:tls';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type IconServer, startIconServer, tilePng } from '../../../e2e/fixtures/registry/iconServer';
import { iconAddressProblem, RegistryIcons } from './registryIcons';

// An icon is fetched over https only: this worker trusts the fixture's self-signed certificate, as
// the browser shell does through NODE_EXTRA_CA_CERTS in e2e.
const canTrust = typeof tls.setDefaultCACertificates === 'function';
let icons: IconServer;
beforeAll(async () => {
  if (!canTrust) return;
  icons = await startIconServer();
  tls.setDefaultCACertificates([...tls.getCACertificates('default'), icons.ca]);
});
afterAll(async () => {
  await icons?.close();
});

const png = (name: string) => `data:image/png;base64,${tilePng(name).toString('base64')}`;

describe.skipIf(!canTrust)("a registry entry's icons", () => {
  it('are named to the page by ids, https ones only; an id it was not given fetches nothing', async () => {
    const reg = new RegistryIcons();
    const refs = reg.refs([
      { src: `${icons.url}/icons/a.png`, mimeType: 'image/png', theme: 'light', sizes: ['32x32'] },
      { src: `${icons.url.replace('https:', 'http:')}/icons/b.png` },
      { src: 'data:image/png;base64,AAAA' },
      { src: `https://user:pw@127.0.0.1:1/icons/c.png` },
    ]);
    expect(refs).toHaveLength(1);
    expect(refs[0]).toMatchObject({ theme: 'light', sizes: ['32x32'] });
    expect(refs[0]!.id).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(reg.refs([{ src: `${icons.url}/icons/a.png`, mimeType: 'image/png' }])[0]!.id).toBe(refs[0]!.id);
    expect(iconAddressProblem('http://example.com/i.png')).toMatch(/https only/);
    const before = icons.hits.length;
    expect(await reg.icon(['not-an-id-it-gave'])).toBeUndefined();
    expect(icons.hits.length).toBe(before);
    expect(await reg.icon([refs[0]!.id])).toBe(png('a'));
  });

  it('are raster, within 256 KB, never redirected, in time: the first of the page’s order that passes', async () => {
    const reg = new RegistryIcons({ timeoutMs: 700 });
    const refs = reg.refs([
      { src: `${icons.url}/bad/svg.svg`, mimeType: 'image/svg+xml' }, // declared SVG: never asked
      { src: `${icons.url}/bad/svg.svg?undeclared` }, // served as SVG: refused by its type
      { src: `${icons.url}/bad/huge.png` },
      { src: `${icons.url}/bad/huge-declared.png` },
      { src: `${icons.url}/bad/moved.png` },
      { src: `${icons.url}/bad/html.png` },
      { src: `${icons.url}/bad/slow.png` },
      { src: `${icons.url}/icons/good.png` },
    ]);
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
    const [good] = reg.refs([{ src: `${icons.url}/icons/once.png` }]);
    await reg.icon([good!.id]);
    await reg.icon([good!.id]);
    expect(icons.hits.filter((h) => h === '/icons/once.png')).toHaveLength(1);

    const slow = reg.refs(Array.from({ length: 6 }, (_, i) => ({ src: `${icons.url}/bad/slow.png?n=${i}` })));
    const start = icons.hits.length;
    const all = Promise.all(slow.map((r) => reg.icon([r.id])));
    await new Promise((r) => setTimeout(r, 400));
    expect(icons.hits.length - start).toBe(4);
    expect(await all).toEqual(Array(6).fill(undefined));
    expect(icons.hits.length - start).toBe(6);
  });
});

import { describe, expect, it } from 'vitest';
import { viewResourceMeta } from './apps';
import { viewHostRefusal, viewSourceRefusal } from './viewSourceRefusal';

/** What a View declaring `sources` as its connectDomains is left with, and what is refused. */
function declared(sources: string[]) {
  const meta = viewResourceMeta({ ui: { csp: { connectDomains: sources } } });
  return { kept: meta.csp.connectDomains, refused: meta.refused };
}

describe('the sources a View may declare: names that reach this machine (issue 29)', () => {
  it('wildcard-DNS names are refused in exact and wildcard forms, over https too, with the service named', () => {
    const sources = [
      'http://*.nip.io:4555',
      'https://127.0.0.1.nip.io',
      'https://NIP.IO',
      'wss://192-168-1-1.sslip.io',
      'https://*.sslip.io',
      'https://10.0.0.1.xip.io',
      'https://*.traefik.me',
      'https://*.localhost.direct',
      'https://lvh.me',
      'https://app.localtest.me:3000',
      'https://*.vcap.me',
      'https://*.lacolhost.com',
      'https://*.local.gd',
      'https://*.fuf.me',
      'https://*.localho.st',
      'https://*.127.ca',
    ];
    const { kept, refused } = declared(sources);
    expect(kept).toEqual([]);
    expect(refused).toHaveLength(sources.length);
    expect(refused[0]).toBe(
      'csp.connectDomains: "http://*.nip.io:4555" is under nip.io, whose names resolve to this machine or its network',
    );
    expect(refused[1]).toContain('is under nip.io');
    expect(refused[3]).toContain('is under sslip.io');
    expect(refused[7]).toContain('is under localhost.direct');
    // Names that merely look alike stay.
    expect(declared(['https://snip.io', 'https://nip.io.example.com', 'https://api.lvh.media']).kept).toEqual(
      ['https://snip.io', 'https://nip.io.example.com', 'https://api.lvh.media'],
    );
  });

  it('plain http and ws to a name are refused (any name may resolve to 127.0.0.1; only TLS keeps a local service out); https, wss and a public address stay', () => {
    const { kept, refused } = declared([
      'http://api.example.com',
      'HTTP://*.example.com:8080',
      'ws://live.example.com',
      'https://api.example.com',
      'wss://live.example.com:8443',
      'http://8.8.8.8:8080',
      'ws://1.1.1.1',
    ]);
    expect(kept).toEqual([
      'https://api.example.com',
      'wss://live.example.com:8443',
      'http://8.8.8.8:8080',
      'ws://1.1.1.1',
    ]);
    expect(refused).toEqual([
      'csp.connectDomains: "http://api.example.com" is plain http to a name, which may resolve to this machine: only https keeps a local service from answering',
      'csp.connectDomains: "HTTP://*.example.com:8080" is plain http to a name, which may resolve to this machine: only https keeps a local service from answering',
      'csp.connectDomains: "ws://live.example.com" is plain ws to a name, which may resolve to this machine: only wss keeps a local service from answering',
    ]);
  });

  it('the names a home or company network gives its machines are on its network', () => {
    const hosts = [
      'nas.home.arpa',
      'router.lan',
      'box.localdomain',
      'printer.home',
      'wiki.corp',
      'x.internal',
    ];
    const { kept, refused } = declared(hosts.map((h) => `https://${h}`));
    expect(kept).toEqual([]);
    expect(refused).toEqual(
      hosts.map((h) => `csp.connectDomains: "https://${h}" is on this machine or its network`),
    );
    expect(viewHostRefusal('lan', true)).toBe('is on this machine or its network');
    expect(viewSourceRefusal('https', 'homepage.example.com', false)).toBeUndefined();
    expect(viewSourceRefusal('https', 'corporate.example', false)).toBeUndefined();
  });

  it('names whose https reaches a local service by design are refused like localhost.direct: a published certificate and key, or local dev tools with a CA they trust (found by an attack run)', () => {
    // backloop.dev publishes a Let's Encrypt certificate and key for *.backloop.dev (127.0.0.1);
    // DDEV (*.ddev.site) and Lando (*.lndo.site) answer 127.0.0.1 in public DNS and serve every
    // project over https with a CA they install in the system's trust store; localhostcert.net hands
    // out real certificates for its 127.0.0.1 names; local-ip.co publishes its wildcard's key;
    // `.test` (RFC 6761) is never delegated: local dev tools (Valet, Herd) serve it from this machine.
    const sources = [
      'https://*.backloop.dev:4000',
      'https://app.backloop.dev',
      'https://*.ddev.site',
      'wss://drupal.ddev.site',
      'https://*.lndo.site',
      'https://me.localhostcert.net',
      'https://192-168-1-1.my.local-ip.co',
      'https://*.local-ip.medicmobile.org',
      'https://laravel.test',
      'https://*.app.test',
    ];
    const { kept, refused } = declared(sources);
    expect(kept).toEqual([]);
    expect(refused).toHaveLength(sources.length);
    expect(refused[0]).toContain('is under backloop.dev');
    expect(refused[2]).toContain('is under ddev.site');
    expect(refused[8]).toBe('csp.connectDomains: "https://laravel.test" is on this machine or its network');
    expect(declared(['https://ddev.site.example.com', 'https://mybackloop.dev']).kept).toHaveLength(2);
  });
});

import { describe, expect, it } from 'vitest';
import { checkViewRequest, type ResolveAll, systemResolver, viewRequestRefusal } from './viewRequestRefusal';

/** A resolver answering from `table`, recording what it was asked. */
function resolver(table: Record<string, string[] | Error>): ResolveAll & { asked: string[] } {
  const asked: string[] = [];
  const resolve = async (host: string) => {
    asked.push(host);
    const answer = table[host];
    if (answer === undefined) throw Object.assign(new Error(`no ${host}`), { code: 'ENOTFOUND' });
    if (answer instanceof Error) throw answer;
    return answer;
  };
  return Object.assign(resolve, { asked });
}

describe('what a View may reach, by where its host resolves (Electron’s request hook, issue 29)', () => {
  it('a public name resolving to public addresses passes, over http, https, ws and wss', async () => {
    const dns = resolver({ 'api.example.com': ['93.184.216.34', '2606:2800:220:1:248:1893:25c8:1946'] });
    for (const url of [
      'https://api.example.com/v1?q=1',
      'http://api.example.com:8080/',
      'wss://api.example.com/live',
      'ws://api.example.com/',
    ])
      expect([url, await checkViewRequest(url, dns)]).toEqual([url, undefined]);
    expect(dns.asked).toEqual(Array(4).fill('api.example.com'));
  });

  it('a public name resolving to this machine or its network is refused, naming the name and the address (127.0.0.1.nip.io, lvh.me-like names, rebinding names)', async () => {
    const cases: [string, string[]][] = [
      ['127.0.0.1', ['127.0.0.1']],
      ['127.1.2.3', ['127.1.2.3']],
      ['0.0.0.0', ['0.0.0.0']],
      ['10.0.0.5', ['10.0.0.5']],
      ['172.16.9.9', ['172.16.9.9']],
      ['192.168.1.1', ['192.168.1.1']],
      ['169.254.169.254', ['169.254.169.254']],
      ['100.64.0.1', ['100.64.0.1']],
      ['::1', ['::1']],
      ['::', ['::']],
      ['fe80::1', ['fe80::1%eth0']],
      ['fd00::1', ['fd00::1']],
      ['mapped', ['::ffff:127.0.0.1']],
      ['mapped-hex', ['::ffff:c0a8:101']],
      // One local answer among public ones is enough: the browser may connect to any of them.
      ['mixed', ['93.184.216.34', '192.168.0.10']],
      ['garbage', ['not-an-address']],
    ];
    for (const [label, addresses] of cases) {
      const host = `${label.replace(/[.:%]/g, '-')}.rebind.example`;
      const why = await checkViewRequest(`https://${host}:4555/x`, resolver({ [host]: addresses }));
      expect(why, label).toMatch(new RegExp(`^${host} resolves to .*, on this machine or its network$`));
    }
    expect(
      await checkViewRequest('http://evil.example/', resolver({ 'evil.example': ['8.8.8.8', '127.0.0.1'] })),
    ).toBe('evil.example resolves to 127.0.0.1, on this machine or its network');
  });

  it('an address written in the URL is judged itself, in any spelling the URL parser accepts, without a lookup', async () => {
    const dns = resolver({});
    for (const url of [
      'http://127.0.0.1:4555/',
      'http://0x7f.1/',
      'http://2130706433/',
      'http://[::1]:4555/',
      'ws://[::ffff:127.0.0.1]/',
      'https://[fe80::1]/',
      'http://169.254.169.254/latest/meta-data/',
      'http://0.0.0.0:3000/',
    ])
      expect([url, await checkViewRequest(url, dns)]).toEqual([
        url,
        expect.stringMatching(/ is on this machine or its network$/),
      ]);
    expect(await checkViewRequest('https://8.8.8.8/', dns)).toBeUndefined();
    expect(await checkViewRequest('https://[2001:4860:4860::8888]/', dns)).toBeUndefined();
    expect(dns.asked).toEqual([]);
  });

  it('localhost and its subdomains, wildcard-DNS and home-network names are refused by name, before any resolver is asked (Chromium answers *.localhost itself)', async () => {
    const dns = resolver({ 'app.localhost': ['93.184.216.34'], '127.0.0.1.nip.io': ['93.184.216.34'] });
    expect(await checkViewRequest('http://localhost:11434/api', dns)).toBe(
      'localhost is on this machine or its network',
    );
    expect(await checkViewRequest('http://app.localhost/', dns)).toBe(
      'app.localhost is on this machine or its network',
    );
    expect(await checkViewRequest('http://127.0.0.1.nip.io:4555/', dns)).toBe(
      '127.0.0.1.nip.io is under nip.io, whose names resolve to this machine or its network',
    );
    expect(await checkViewRequest('https://nas.home.arpa/', dns)).toBe(
      'nas.home.arpa is on this machine or its network',
    );
    expect(await checkViewRequest('https://intranet/', dns)).toBe('intranet is a single-label name');
    expect(dns.asked).toEqual([]);
  });

  it('what cannot be judged is refused: a name that does not resolve, or resolves to nothing, and a URL that does not parse', async () => {
    const dns = resolver({ 'empty.example': [], 'down.example': new Error('resolver down') });
    expect(await checkViewRequest('https://nowhere.example/', dns)).toBe(
      'nowhere.example could not be resolved (ENOTFOUND)',
    );
    expect(await checkViewRequest('https://down.example/', dns)).toBe(
      'down.example could not be resolved (Error: resolver down)',
    );
    expect(await checkViewRequest('https://empty.example/', dns)).toBe(
      'empty.example resolves to no address',
    );
    expect(await checkViewRequest('http://exa mple/', dns)).toBe('"http://exa mple/" is not a URL');
  });

  it('what does not leave the machine is not judged here (the View’s sandbox, its blobs, data:)', async () => {
    const dns = resolver({});
    for (const url of [
      `sbview://v${'ab'.repeat(12)}/`,
      'blob:sbview://vx/123',
      'data:text/plain,hi',
      'about:srcdoc',
    ])
      expect(await checkViewRequest(url, dns)).toBeUndefined();
    expect(viewRequestRefusal(new URL('app://switchboard/index.html'), [])).toBeUndefined();
    expect(dns.asked).toEqual([]);
  });
});

describe('the system resolver Views’ requests are judged with', () => {
  it('resolves through getaddrinfo, /etc/hosts included: localhost is loopback', async () => {
    const addresses = await systemResolver()('localhost');
    expect(addresses.length).toBeGreaterThan(0);
    expect(addresses.every((a) => a === '::1' || a.startsWith('127.'))).toBe(true);
  });

  it('resolves at most two names at once; the rest wait their turn and all are answered', async () => {
    const pending: { host: string; answer(): void }[] = [];
    const resolve = systemResolver(
      2,
      (host) => new Promise((done) => pending.push({ host, answer: () => done([`${host}-address`]) })),
    );
    const settled: string[] = [];
    const asked = ['a', 'b', 'c', 'd', 'e'].map((h) => resolve(h).then((r) => settled.push(...r)));
    await Promise.resolve();
    expect(pending.map((p) => p.host)).toEqual(['a', 'b']);
    pending[0]!.answer();
    await expect.poll(() => pending.map((p) => p.host)).toEqual(['a', 'b', 'c']);
    pending[1]!.answer();
    pending[2]!.answer();
    await expect.poll(() => pending.length).toBe(5);
    pending[3]!.answer();
    pending[4]!.answer();
    await Promise.all(asked);
    expect(settled).toEqual(['a-address', 'b-address', 'c-address', 'd-address', 'e-address']);
  });
});

import { describe, expect, it } from 'vitest';
import { normalUrl, sameNormalUrl } from './normalUrl';

describe('normalUrl', () => {
  it('reads a host as the network does: final dots, case, IDN, default port; no user name or fragment', () => {
    expect(normalUrl('https://User:pw@MCP.Acme.COM..:443/a/b?x=1#top')).toEqual({
      origin: 'https://mcp.acme.com',
      path: '/a/b?x=1',
    });
    expect(normalUrl('http://bücher.example.:80/')).toEqual({
      origin: 'http://xn--bcher-kva.example',
      path: '/',
    });
    expect(normalUrl('https://[::1]:8443/mcp')).toEqual({ origin: 'https://[::1]:8443', path: '/mcp' });
    expect(normalUrl('not a url')).toBeUndefined();
  });

  it('reads letters spelled in percent-encoding as letters, and leaves other escapes as escapes', () => {
    expect(normalUrl('https://a.example/%6D%63%70/%2f%20')?.path).toBe('/mcp/%2F%20');
  });

  it('second attack run, finding 10: an IPv4 address written as IPv6 is the IPv4 address', () => {
    // Node's fetch reaches 127.0.0.1 through each of these.
    for (const url of [
      'http://[::ffff:127.0.0.1]:9000/mcp',
      'http://[::ffff:7f00:1]:9000/mcp',
      'http://[0:0:0:0:0:FFFF:7F00:0001]:9000/mcp',
      'http://[::127.0.0.1]:9000/mcp',
      'http://[::ffff:0:127.0.0.1]:9000/mcp',
    ])
      expect(normalUrl(url)?.origin, url).toBe('http://127.0.0.1:9000');
    // Real IPv6 addresses stay as they are.
    expect(normalUrl('http://[::1]/')?.origin).toBe('http://[::1]');
    expect(normalUrl('http://[::]/')?.origin).toBe('http://[::]');
    expect(normalUrl('http://[2001:db8::ffff:7f00:1]/')?.origin).toBe('http://[2001:db8::ffff:7f00:1]');
  });

  it('second attack run, finding 10: repeated slashes in a path are one', () => {
    expect(normalUrl('https://acme.com//admin///x?next=//y')?.path).toBe('/admin/x?next=//y');
  });

  it('compares two addresses a final slash aside', () => {
    expect(sameNormalUrl('https://registry.example.', 'https://REGISTRY.example:443/')).toBe(true);
    expect(sameNormalUrl('https://registry.example/v1', 'https://registry.example/v2')).toBe(false);
    expect(sameNormalUrl('https://registry.example', 'http://registry.example')).toBe(false);
  });
});

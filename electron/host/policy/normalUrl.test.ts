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

  it('compares two addresses a final slash aside', () => {
    expect(sameNormalUrl('https://registry.example.', 'https://REGISTRY.example:443/')).toBe(true);
    expect(sameNormalUrl('https://registry.example/v1', 'https://registry.example/v2')).toBe(false);
    expect(sameNormalUrl('https://registry.example', 'http://registry.example')).toBe(false);
  });
});

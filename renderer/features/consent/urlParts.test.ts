import { describe, expect, it } from 'vitest';
import { urlParts } from './urlParts';

describe('urlParts', () => {
  it('highlights the registrable domain, not the subdomains that imitate it', () => {
    expect(urlParts('https://accounts.google.com.evil.example.co.uk/login?x=1')).toEqual({
      href: 'https://accounts.google.com.evil.example.co.uk/login?x=1',
      before: 'https://accounts.google.com.evil.',
      domain: 'example.co.uk',
      after: '/login?x=1',
      openable: true,
      warnings: [],
    });
  });

  it('warns about Punycode look-alikes, user info and plain http', () => {
    const parts = urlParts('http://user@аpple.com/');
    expect('invalid' in parts).toBe(false);
    if ('invalid' in parts) return;
    expect(parts.domain).toBe('xn--pple-43d.com');
    expect(parts.warnings).toEqual([
      'Not encrypted (http): anyone on the network can read or change it.',
      'The address contains Punycode (xn--): its letters may imitate another, familiar name.',
      'The address has a user name before the host: the real destination is what follows “@”.',
    ]);
  });

  it('refuses to open anything but http(s), and says when it is not a URL', () => {
    const js = urlParts('javascript:alert(1)');
    expect(!('invalid' in js) && js.openable).toBe(false);
    expect(urlParts('not a url')).toEqual({ invalid: 'This is not a valid URL.' });
    const ip = urlParts('https://127.0.0.1:8443/cb');
    expect(!('invalid' in ip) && [ip.before, ip.domain, ip.after]).toEqual([
      'https://',
      '127.0.0.1',
      ':8443/cb',
    ]);
  });
});

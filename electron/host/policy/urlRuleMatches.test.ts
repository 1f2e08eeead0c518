// The second attack run on issue 47 (finding 10): a deny on `/admin` was passed by `//admin` and
// `/admin;x`, an allow on `/mcp/` accepted `/mcp/..%2fadmin`, and a deny on 127.0.0.1 was passed by
// the same address written as IPv6.
import { describe, expect, it } from 'vitest';
import { urlRuleMatches } from './urlRuleMatches';

describe('urlRuleMatches', () => {
  it('any reading (deny): a path some server would route under the rule is covered', () => {
    const rule = 'https://acme.com/admin';
    for (const url of [
      'https://acme.com/admin',
      'https://acme.com//admin',
      'https://acme.com/admin;jsessionid=1/users',
      'https://acme.com/Admin',
      'https://acme.com/x/..%2Fadmin',
      'https://acme.com/x;y/..%2fadmin',
      'https://acme.com/x%5C..%5Cadmin',
      'https://acme.com/x/%2E%2E%2Fadmin',
      'https://acme.com/admin?x=1',
    ])
      expect(urlRuleMatches(rule, url, 'any'), url).toBe(true);
    for (const url of [
      'https://acme.com/administrator',
      'https://acme.com/x/admin',
      'https://acme.com/x?to=/admin',
      'https://acme.com:8443/admin',
    ])
      expect(urlRuleMatches(rule, url, 'any'), url).toBe(false);
  });

  it('every reading (allow): one reading outside the rule is enough to refuse', () => {
    const rule = 'https://acme.com/mcp/';
    for (const url of [
      'https://acme.com/mcp/',
      'https://acme.com/mcp/tools?x=1',
      'https://acme.com//mcp//tools',
      'https://acme.com/mcp/a%2fb',
      'https://acme.com/mcp/tools;v=2',
    ])
      expect(urlRuleMatches(rule, url, 'every'), url).toBe(true);
    for (const url of [
      'https://acme.com/mcp/..%2fadmin',
      'https://acme.com/mcp/x/..%2f..%2fadmin',
      'https://acme.com/mcp/..%5cadmin',
      'https://acme.com/MCP/tools',
      'https://acme.com/mcp',
    ])
      expect(urlRuleMatches(rule, url, 'every'), url).toBe(false);
    expect(urlRuleMatches('https://acme.com', 'https://acme.com/..%2f..%2fanything', 'every')).toBe(true);
  });

  it('the origin is compared as the network reaches it', () => {
    expect(urlRuleMatches('http://127.0.0.1:9000', 'http://[::ffff:127.0.0.1]:9000/mcp', 'any')).toBe(true);
    expect(urlRuleMatches('http://[::ffff:7f00:1]:9000', 'http://127.0.0.1:9000/mcp', 'every')).toBe(true);
    expect(urlRuleMatches('http://127.0.0.1:9000', 'http://[::1]:9000/mcp', 'any')).toBe(false);
    expect(urlRuleMatches('not a url', 'not a url', 'any')).toBe(false);
  });
});

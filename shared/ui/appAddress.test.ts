import { expect, it } from 'vitest';
import { addressOf, isAppPage, isMissingPage, PAGES, placeAt } from './appAddress';

it('gives every page and every conversation an address that reads back as the same place', () => {
  for (const page of PAGES) expect(placeAt(addressOf({ page }))).toEqual({ page });
  const id = '0f6b1c3e-8a4d-4e55-9b1a-2f9c7d0e6a11';
  expect(addressOf({ page: 'chats', conversation: id })).toBe(`/chats/${id}`);
  expect(placeAt(`/chats/${id}`)).toEqual({ page: 'chats', conversation: id });
  expect(addressOf({ page: 'roots' })).toBe('/folders');
  // A conversation is an address on Chats only: elsewhere the page's own.
  expect(addressOf({ page: 'servers', conversation: id })).toBe('/servers');
});

it('reads / as Chats, forgives a trailing slash, and knows nothing else', () => {
  expect(placeAt('/')).toEqual({ page: 'chats' });
  expect(placeAt('/servers/')).toEqual({ page: 'servers' });
  for (const path of ['/index.html', '/assets/index.js', '/chats/a/b', '/chats/..', '/roots', '/ws', '/x'])
    expect(placeAt(path), path).toBeUndefined();
});

it('serves the app for its pages and the install-link entry, not for files', () => {
  for (const path of [
    '/',
    '/install',
    '/chats',
    '/chats/abc-1',
    '/servers',
    '/folders',
    '/logs',
    '/settings',
  ])
    expect(isAppPage(path), path).toBe(true);
  for (const path of ['/index.html', '/assets/index-abc.js', '/install/x', '/chats/%2e%2e', '/favicon.ico'])
    expect(isAppPage(path), path).toBe(false);
});

it('answers a path that is neither a page nor a file with the app (saying nothing is there)', () => {
  for (const path of ['/nonsense', '/chats/a/b', '/settings/x', '/assets/', '/install/x'])
    expect(isMissingPage(path), path).toBe(true);
  for (const path of [
    '/',
    '/chats',
    '/install',
    '/index.html',
    '/assets/index-abc.js',
    '/favicon.ico',
    '/a.b/c.js',
  ])
    expect(isMissingPage(path), path).toBe(false);
});

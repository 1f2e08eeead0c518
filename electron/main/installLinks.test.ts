import { expect, it } from 'vitest';
import { appPagePath, installLinkIn, installPage } from './installLinks';

it('finds the switchboard: link a launch was given, and nothing else', () => {
  const link = 'switchboard://install?registry=io.github.a%2Fb';
  expect(installLinkIn(['/usr/bin/switchboard', '--no-sandbox', link])).toBe(link);
  expect(installLinkIn(['/usr/bin/switchboard', 'SWITCHBOARD://install?x=1'])).toBe(
    'SWITCHBOARD://install?x=1',
  );
  expect(
    installLinkIn(['/usr/bin/switchboard', 'vscode:mcp/install?{}', 'javascript:alert(1)']),
  ).toBeUndefined();
});

it('opens the app page with the link to preview, carried whole', () => {
  const link = 'switchboard://install?config=a&b=c#x';
  const page = new URL(installPage(link));
  expect(`${page.protocol}//${page.host}${page.pathname}`).toBe('app://switchboard/install');
  expect(page.searchParams.get('link')).toBe(link);
  expect(appPagePath('/install')).toBe('/index.html');
  expect(appPagePath('/app.js')).toBe('/app.js');
});

it("serves the app itself for each of its pages' addresses, and files as they are", () => {
  for (const page of ['/', '/chats', '/chats/0f6b1c3e-8a4d', '/servers', '/folders', '/logs', '/settings'])
    expect(appPagePath(page), page).toBe('/index.html');
  for (const file of ['/index.html', '/assets/index-abc.js', '/chats/a/b', '/nowhere'])
    expect(appPagePath(file), file).toBe(file);
});

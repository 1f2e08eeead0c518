import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseArgs } from './args';

describe('the sandbox flags', () => {
  it('--sandbox with --allow-write (made absolute) and --allow-domain, each repeatable', () => {
    const a = parseArgs([
      '--stdio',
      'npx -y some-server',
      '--sandbox',
      '--allow-write',
      'out',
      '--allow-write',
      '/srv/data',
      '--allow-domain',
      'API.example.com',
      '--allow-domain',
      '*.example.org:8443',
      'tools',
    ]);
    expect(a.server).toEqual({
      kind: 'stdio',
      command: 'npx',
      args: ['-y', 'some-server'],
      env: {},
      sandbox: {
        allowWrite: [path.resolve('out'), '/srv/data'],
        allowDomains: ['api.example.com', '*.example.org:8443'],
      },
    });
    expect(parseArgs(['--stdio', 'srv', '--sandbox', 'tools']).server).toMatchObject({
      sandbox: { allowWrite: [], allowDomains: [] },
    });
    // Without --sandbox the server runs as before: no sandbox at all.
    expect(parseArgs(['--stdio', 'srv', 'tools']).server).not.toHaveProperty('sandbox');
  });

  it('--allow-domain or --allow-write without --sandbox is an error naming the flag', () => {
    expect(() => parseArgs(['--stdio', 'srv', '--allow-domain', 'example.com', 'tools'])).toThrow(
      /^--allow-domain needs --sandbox$/,
    );
    expect(() => parseArgs(['--stdio', 'srv', '--allow-write', '/tmp', 'tools'])).toThrow(
      /^--allow-write needs --sandbox$/,
    );
    expect(() =>
      parseArgs(['--stdio', 'srv', '--allow-write', '/tmp', '--allow-domain', 'a.com', 'tools']),
    ).toThrow(/^--allow-write and --allow-domain need --sandbox$/);
  });

  it('only for a --stdio server (chat with one too), not --url, install or chat over config.json', () => {
    expect(() => parseArgs(['--url', 'https://x.example/mcp', '--sandbox', 'tools'])).toThrow(
      /^--sandbox: only a --stdio server is confined by flags$/,
    );
    expect(parseArgs(['--stdio', 'srv', '--sandbox', 'chat', 'hi']).server).toMatchObject({
      sandbox: { allowWrite: [], allowDomains: [] },
    });
    expect(() => parseArgs(['--sandbox', 'chat', 'hi'])).toThrow(/by their "sandboxEnabled"/);
    expect(() => parseArgs(['install', 'a.mcpb', '--sandbox'])).toThrow(/only a --stdio server/);
  });

  it('--allow-domain takes a host name, not a URL or a path', () => {
    for (const bad of ['https://example.com', 'example.com/path', '', 'exa mple.com', '*'])
      expect(() => parseArgs(['--stdio', 'srv', '--sandbox', '--allow-domain', bad, 'tools'])).toThrow(
        /^--allow-domain takes a host name/,
      );
    expect(() => parseArgs(['--stdio', 'srv', '--sandbox', '--allow-domain'])).toThrow(
      /--allow-domain needs a value/,
    );
  });
});

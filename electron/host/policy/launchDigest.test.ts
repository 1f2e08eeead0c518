import { describe, expect, it } from 'vitest';
import { parseConfig } from '../config/serverConfig';
import { launchDigest } from './launchDigest';

const configOf = (name: string, raw: Record<string, unknown>) =>
  parseConfig({ mcpServers: { [name]: raw } }).servers[0]!;

describe('launchDigest', () => {
  const npx = {
    command: 'npx',
    args: ['-y', '@acme/tool@1.0.0'],
    env: { MODE: 'fast', TOKEN: { $secret: 'a/env/TOKEN@npx' } },
  };

  it('is the same for the same launch under another name, a renamed secret reference, other fields', () => {
    const digest = launchDigest(configOf('a', npx));
    expect(
      launchDigest(configOf('b', { ...npx, env: { ...npx.env, TOKEN: { $secret: 'b/env/TOKEN@npx' } } })),
    ).toBe(digest);
    expect(
      launchDigest(configOf('a', { ...npx, registry: { name: 'io.github.evil/x' }, disabled: true })),
    ).toBe(digest);
  });

  it('changes with anything that changes what runs: command, arguments, folder, a value, a variable added', () => {
    const digest = launchDigest(configOf('a', npx));
    const changed = [
      { ...npx, command: 'node' },
      { ...npx, args: ['-y', '@acme/tool@1.0.1'] },
      { ...npx, cwd: '/tmp' },
      { ...npx, env: { ...npx.env, MODE: 'slow' } },
      { ...npx, env: { ...npx.env, NODE_OPTIONS: '--require /tmp/evil.cjs' } },
      { ...npx, env: { ...npx.env, TOKEN: 'typed in the clear' } },
    ];
    for (const raw of changed) expect(launchDigest(configOf('a', raw))).not.toBe(digest);
  });

  it('a remote server is its URL', () => {
    expect(launchDigest(configOf('r', { url: 'https://mcp.acme.com/mcp' }))).toBe(
      launchDigest(configOf('s', { url: 'https://mcp.acme.com/mcp', headers: { X: '1' } })),
    );
    expect(launchDigest(configOf('r', { url: 'https://mcp.acme.com/mcp' }))).not.toBe(
      launchDigest(configOf('r', { url: 'https://mcp.acme.com/other' })),
    );
  });
});

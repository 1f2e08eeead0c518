import { describe, expect, it } from 'vitest';
import { launchTokens } from './launchTokens';
import { runnerIn } from './packageRunners';

const runner = (...words: string[]) => runnerIn(launchTokens(words));

describe('runnerIn', () => {
  it('knows a runner by its name or its real file, wherever the launch holds it', () => {
    expect(runner('npx')).toBe('npx');
    expect(runner('C:\\Program Files\\nodejs\\NPX.CMD')).toBe('npx');
    expect(runner('node-look-alike', '/usr/lib/node_modules/npm/bin/npx-cli.js')).toBe('npx');
    expect(runner('/usr/bin/uvx')).toBe('uvx');
    // Second attack run, finding 3: after env, as an interpreter's script or module, in a shell string.
    expect(runner('env', 'FOO=1', 'npx', '-y', 'x')).toBe('npx');
    expect(runner('node', '/usr/lib/node_modules/npm/index.js', 'exec', 'x')).toBe('npm');
    expect(runner('node', '/usr/lib/node_modules/pnpm/bin/pnpm.cjs', 'dlx', 'x')).toBe('pnpm');
    expect(runner('corepack', 'pnpm', 'dlx', 'x')).toBe('corepack');
    expect(runner('python3', '-m', 'uv', 'tool', 'run', 'x')).toBe('uv');
    expect(runner('python3', '/usr/lib/python3/dist-packages/pip/__main__.py', 'install', 'x')).toBe('pip');
    expect(runner('pip3.11', 'install', 'x')).toBe('pip');
    expect(runner('sh', '-c', 'cd /tmp && exec bunx x')).toBe('bunx');
    expect(runner('cmd', '/c', 'C:\\Tools\\dnx.exe x')).toBe('dnx');
    expect(runner('deno', 'run', 'npm:x')).toBe('deno');
  });

  it('a launch that names no runner is none', () => {
    expect(runner('node', '/usr/bin/node', '/opt/acme/server.mjs', '--mode', 'fast')).toBeUndefined();
    expect(runner('/opt/acme/bin/mcp', 'npxish', 'uv-tools', 'pipeline')).toBeUndefined();
  });
});

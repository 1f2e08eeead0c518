import { chmod, mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { skipWhen } from '../../../../e2e/fixtures/skipWhen';
import { tempDirPerTest } from '../../../../e2e/fixtures/tempDir';
import { checkRuntime, findOnPath, serverPath } from './runtimeCheck';

let dir = '';
tempDirPerTest('switchboard-runtime-', (d) => {
  dir = d;
});

async function program(folder: string, name: string, executable = true): Promise<string> {
  await mkdir(folder, { recursive: true });
  const file = path.join(folder, name);
  await writeFile(file, '#!/bin/sh\nexit 0\n');
  await chmod(file, executable ? 0o755 : 0o644);
  return file;
}

describe.skipIf(
  skipWhen(
    process.platform === 'win32',
    'runtimeCheck is tested with POSIX shell scripts standing in for runtimes',
  ),
)('runtimeCheck', () => {
  it('finds the runtime on the PATH a server starts with, in PATH order', async () => {
    const first = path.join(dir, 'first');
    const second = path.join(dir, 'second');
    await program(second, 'npx');
    const npx = await program(first, 'npx');
    const env = { PATH: `${first}:${second}`, HOME: dir, API_KEY: 'not for children' };
    expect(await serverPath({ parentEnv: env })).toBe(`${first}:${second}`);
    expect(await checkRuntime('npx', { parentEnv: env })).toEqual({ ok: true, path: npx });
  });

  it('says a runtime is missing, and what to install, before anything runs', async () => {
    await program(path.join(dir, 'bin'), 'docker', false);
    await program(path.join(dir, 'bin', 'uvx'), 'not-a-program');
    const env = { PATH: `relative/bin:${path.join(dir, 'bin')}` };
    expect(await checkRuntime('uvx', { parentEnv: env })).toEqual({
      ok: false,
      runtime: 'uvx',
      message:
        'uvx was not found on the PATH Switchboard starts servers with, so this server could not start: install uv (uvx comes with it): https://docs.astral.sh/uv/, then try again (if it is installed, start Switchboard from a terminal where it works)',
    });
    // Not executable: not a program a server could start.
    expect(await checkRuntime('docker', { parentEnv: env })).toMatchObject({ ok: false, runtime: 'docker' });
    await program(path.join(dir, 'relative', 'bin'), 'dnx');
    expect(await findOnPath('dnx', env.PATH)).toBeUndefined();
    expect(await findOnPath('dnx', undefined)).toBeUndefined();
    expect(await findOnPath('../bin/npx', env.PATH)).toBeUndefined();
  });

  it('on Windows, PATH is split on ";" and PATHEXT extensions are tried', async () => {
    const cmd = await program(path.join(dir, 'nodejs'), 'npx.CMD', false);
    expect(
      await findOnPath('npx', `${path.join(dir, 'none')};${path.join(dir, 'nodejs')}`, {
        platform: 'win32',
        pathExt: '.EXE;.CMD',
      }),
    ).toBe(cmd);
  });
});

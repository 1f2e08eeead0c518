// Issue 47, item 2: which program a local server is is decided by the PATH the app starts servers
// with, never by a PATH the server's own env sets — a real child, a real look-alike `node`.
import { existsSync } from 'node:fs';
import { chmod, mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cleanupsPerTest } from '../../../e2e/fixtures/cleanupsPerTest';
import { errorOf } from '../../../e2e/fixtures/errorOf';
import { skipWhen } from '../../../e2e/fixtures/skipWhen';
import { tempDirPerTest } from '../../../e2e/fixtures/tempDir';
import { McpClient, StdioTransport } from '../index';
import { findProgram } from './findProgram';

const ECHO = path.join(__dirname, '../../../e2e/fixtures/stdio/echo-server.mjs');
const cleanups = cleanupsPerTest();
let dir: string;
tempDirPerTest('sb-program-', (d) => {
  dir = d;
});

/** A program named `node` in `folder` that leaves `marker` behind, then runs the real Node. */
async function lookAlikeNode(folder: string, marker: string): Promise<string> {
  await mkdir(folder, { recursive: true });
  const file = path.join(folder, 'node');
  await writeFile(file, `#!/bin/sh\necho ran > '${marker}'\nexec '${process.execPath}' "$@"\n`);
  await chmod(file, 0o755);
  return file;
}

async function connect(transport: StdioTransport): Promise<McpClient> {
  const client = await McpClient.connect({ transport, serverName: 'echo', requestTimeoutMs: 10_000 });
  cleanups.push(() => client.close());
  return client;
}

describe.skipIf(
  skipWhen(process.platform === 'win32', 'the program tests make POSIX executables and symlinks'),
)('the program a local server runs', () => {
  it('a PATH in the server’s env does not choose the program: `node` is the one the app’s PATH finds', async () => {
    const marker = path.join(dir, 'look-alike-ran');
    const fake = path.join(dir, 'bin');
    await lookAlikeNode(fake, marker);
    const host = await findProgram('node', { searchPath: process.env.PATH });
    expect(host).toBeDefined();
    const client = await connect(
      new StdioTransport({ command: 'node', args: [ECHO], env: { PATH: `${fake}:${process.env.PATH}` } }),
    );
    expect((await client.callTool('echo', { message: 'hi' })).isError).toBeFalsy();
    expect(existsSync(marker)).toBe(false);
  });

  it('a program only the server’s env PATH holds is not found, and the message says where it was looked for', async () => {
    const marker = path.join(dir, 'ran');
    const fake = path.join(dir, 'only-here');
    await lookAlikeNode(fake, marker);
    await writeFile(path.join(fake, 'only-mine'), `#!/bin/sh\necho ran > '${marker}'\n`, { mode: 0o755 });
    const error = await errorOf(
      new StdioTransport({ command: 'only-mine', env: { PATH: `${fake}:${process.env.PATH}` } }).start(),
    );
    expect(error?.message).toContain('the program "only-mine" was not found on the PATH the app sees');
    expect(existsSync(marker)).toBe(false);
  });

  it('a path to a file that is no program is spawned as written, and the system says why', async () => {
    await writeFile(path.join(dir, 'plain.txt'), 'not a program\n');
    const error = await errorOf(new StdioTransport({ command: './plain.txt', cwd: dir }).start());
    expect(error?.message).toContain('"./plain.txt" is not executable');
  });

  it('a program given already found (what the host judged) is exactly what is spawned', async () => {
    const marker = path.join(dir, 'judged-ran');
    const judged = await lookAlikeNode(path.join(dir, 'judged'), marker);
    const client = await connect(new StdioTransport({ command: 'node', program: judged, args: [ECHO] }));
    expect((await client.callTool('echo', { message: 'hi' })).isError).toBeFalsy();
    expect(existsSync(marker)).toBe(true);
  });
});

describe('findProgram', () => {
  it('looks in absolute folders of the PATH only, and resolves a path against the folder given', async () => {
    const bin = path.join(dir, 'bin');
    await mkdir(bin);
    const name = process.platform === 'win32' ? 'tool.cmd' : 'tool';
    await writeFile(path.join(bin, name), '@echo off\n', { mode: 0o755 });
    const sep = path.delimiter;
    expect(await findProgram('tool', { searchPath: `relative${sep}${bin}` })).toBe(path.join(bin, name));
    expect(await findProgram('tool', { searchPath: 'bin', cwd: dir })).toBeUndefined();
    expect(await findProgram(`./bin/${name}`, { searchPath: '', cwd: dir })).toBe(path.join(bin, name));
    expect(await findProgram('missing', { searchPath: bin })).toBeUndefined();
    expect(await findProgram('bin', { searchPath: dir })).toBeUndefined();
  });
});

import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { tempDirPerTest } from '../../../../e2e/fixtures/tempDir';
import { checkInterpreterArgs } from './interpreterArgs';

let dir = '';
tempDirPerTest('sb-mcpb-args-', (d) => {
  dir = d;
});
beforeEach(async () => {
  for (const f of ['server/index.js', 'server/main.py']) {
    await mkdir(path.dirname(path.join(dir, f)), { recursive: true });
    await writeFile(path.join(dir, f), '');
  }
});

const check =
  (command: string, ...args: string[]) =>
  () =>
    checkInterpreterArgs(dir, command, args);

describe('node and python, each judged by its own options', () => {
  it.each(['node', 'node.exe', 'NODE'])('%s is node (nodeArgs.ts)', (command) => {
    expect(check(command, '--no-warnings', 'server/index.js')).not.toThrow();
    expect(check(command, '--test', 'server/index.js')).toThrow(/starts node with --test/);
  });

  it.each(['python', 'python3', 'python3.12', 'python.exe'])('%s is python (pythonArgs.ts)', (command) => {
    expect(check(command, '-u', 'server/main.py')).not.toThrow();
    expect(check(command, '-W', 'ignore::x.y', 'server/main.py')).toThrow(
      /starts python with -W ignore::x\.y/,
    );
  });
});

describe('other programs of this computer', () => {
  it.each([
    'env',
    'sh',
    'bash',
    'zsh',
    'dash',
    'cmd',
    'cmd.exe',
    'powershell',
    'pwsh',
    'npx',
    'uvx',
    'uv',
    'bun',
    'deno',
    'tsx',
    'sudo',
  ])('%s starts nothing of a bundle', (command) => {
    expect(check(command, 'server/index.js')).toThrow(
      new RegExp(
        `starts ${command.replace('.', '\\.')}, a program of this computer that is neither node nor python`,
      ),
    );
  });
});

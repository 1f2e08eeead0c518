import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { tempDirPerTest } from '../../../../e2e/fixtures/tempDir';
import { checkPythonArgs } from './pythonArgs';

let dir = '';
tempDirPerTest('sb-mcpb-args-', (d) => {
  dir = d;
});
beforeEach(async () => {
  for (const f of [
    'server/__init__.py',
    'server/main.py',
    'tool/__init__.py',
    'tool/__main__.py',
    'flat/mod.py',
    'single.py',
  ]) {
    await mkdir(path.dirname(path.join(dir, f)), { recursive: true });
    await writeFile(path.join(dir, f), '');
  }
});

const check =
  (...args: string[]) =>
  () =>
    checkPythonArgs(dir, args);

describe('what python may be told', () => {
  it.each([
    [['server/main.py']],
    [['-u', '-m', 'server.main']],
    [['-um', 'server.main', '--flag']],
    [['-mserver.main']],
    [['-W', 'ignore', '-X', 'utf8', '-m', 'tool']],
    [['-m', 'single']],
    [['-B', '-E', '-s', 'server/main.py']],
    [['-OO', '-q', '-Wdefault', '-Xdev', '-X', 'utf8=1', 'server/main.py']],
    [['-uBsSE', '-X', 'int_max_str_digits=10000', '-W', 'error', 'server/main.py']],
    [['-I', 'server/main.py']],
    [['-P', 'server/main.py', '-W', 'whatever::the.script.reads']],
  ])('runs what it holds: %j', (args) => {
    expect(check(...args)).not.toThrow();
  });

  it.each([
    [['-c', 'import os'], /runs code given on the command line \(-c\)/],
    [['-uc', 'import os'], /runs code given on the command line \(-uc\)/],
    [
      ['-m', 'timeit', '-s', 'import os; os.system("id")'],
      /"timeit" \(-m\), which the bundle does not hold \(it has no timeit\.py\)/,
    ],
    [
      ['-m', 'http.server'],
      /"http\.server" \(-m\), which the bundle does not hold \(it has no http\/__init__\.py\)/,
    ],
    // A folder without __init__.py is a namespace package: an installed "flat" would win.
    [['-m', 'flat.mod'], /it has no flat\/__init__\.py/],
    [['-m', 'server'], /it has no server\/__main__\.py/],
    [['-I', '-m', 'server.main'], /with -I, which keeps Python from looking for it in the bundle/],
    [['-Pm', 'server.main'], /with -P/],
    [['-m', '../evil'], /names no file of the bundle/],
    [['-'], /has python read its program from standard input/],
    [['-u'], /starts python with no script from the bundle/],
  ])('never code or a module from elsewhere: %j', (args, message) => {
    expect(check(...args)).toThrow(message);
  });

  // Issue 47, second attack run: -W's category is a module Python imports; a list of Python's other
  // dangerous options would be as incomplete as Node's.
  it.each([
    [
      ['-W', 'ignore::antigravity.x', 'server/main.py'],
      /with -W ignore::antigravity\.x: a bundle may give -W only a bare action/,
    ],
    [
      ['-Wignore::DeprecationWarning', 'server/main.py'],
      /with -W ignore::DeprecationWarning: a bundle may give -W only a bare action/,
    ],
    [
      ['-uW', 'all:0:antigravity.x:0:0', 'server/main.py'],
      /with -W all:0:antigravity\.x:0:0: a bundle may give -W only a bare action/,
    ],
    [['-W'], /with -W and no value after it/],
    [
      ['-X', 'pycache_prefix=/tmp/cache', 'server/main.py'],
      /with -X pycache_prefix=\/tmp\/cache, which is not among the -X options a bundle may give it/,
    ],
    [['-Ximporttime', 'server/main.py'], /with -X importtime, which is not among the -X options/],
    [['-i', 'server/main.py'], /with -i, which is not among the options a bundle may give it/],
    [['-uv', 'server/main.py'], /with -v, which is not among the options/],
    [['-x', 'server/main.py'], /with -x, which is not among the options/],
    [
      ['--check-hash-based-pycs', 'never', 'server/main.py'],
      /with --check-hash-based-pycs, which is not among the options/,
    ],
  ])('no option that is not known to be harmless: %j', (args, message) => {
    expect(check(...args)).toThrow(message);
    expect(check(...args)).toThrow(/a bundle may only run what it holds/);
  });
});

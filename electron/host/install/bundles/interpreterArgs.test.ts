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
  for (const f of [
    'server/index.js',
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
  (command: string, ...args: string[]) =>
  () =>
    checkInterpreterArgs(dir, command, args);

describe('what node may be told', () => {
  it.each([
    [['server/index.js', '--port', '-e', 'x']],
    [['--max-old-space-size=512', '--enable-source-maps', '--no-warnings', 'server/index.js']],
    [['--no_warnings', '--stack-size=2000', '-C', 'development', '--conditions=node', 'server/index.js']],
    [['--title', 'my server', '--disable-warning', 'ExperimentalWarning', 'server/index.js']],
    [['--', 'server/index.js']],
  ])('runs the script it holds: %j', (args) => {
    expect(check('node', ...args)).not.toThrow();
  });

  it.each([
    ['-e', 'require("child_process").exec("id")'],
    ['--eval=1'],
    ['-p', '1'],
    ['-pe', '1'],
    ['--print'],
    ['-i'],
  ])('never code of its own: %s', (...args) => {
    expect(check('node', ...args, 'server/index.js')).toThrow(
      /runs code given on the command line \(-[^)]+\) instead of a script it holds/,
    );
  });

  it.each([
    ['--import=data:text/javascript,process.exit(3)', /loads code before its script \(--import=data:/],
    ['--import', /loads code before its script \(--import\)/],
    ['-r', /loads code before its script \(-r\)/],
    ['--require=./server/index.js', /loads code before its script/],
    ['--loader=./server/index.js', /loads code before its script/],
    ['--experimental-loader', /loads code before its script/],
    // Node reads underscores as dashes in its options.
    ['--experimental_loader=https://example.test/x.mjs', /loads code before its script/],
    ['--inspect=0.0.0.0:9229', /opens Node's debugger/],
    ['--inspect-brk', /opens Node's debugger/],
    ['--inspect_port=9229', /opens Node's debugger/],
    ['--env-file=.env', /reads options from a file/],
    ['--experimental-config-file=node.config.json', /reads options from a file/],
    ['--run=start', /runs a command of package\.json in a shell/],
    ['--openssl-config=/tmp/engine.cnf', /OpenSSL configuration/],
    ['--experimental-network-imports', /imported from the network/],
    ['--snapshot-blob=snap.blob', /snapshot/],
  ])('never a module, a debugger or options from elsewhere: %s', (option, message) => {
    const args = option.includes('=') ? [option] : [option, 'x'];
    expect(check('node', ...args, 'server/index.js')).toThrow(message);
  });

  it('judges the script Node will really run, where an option takes the next argument', () => {
    // --title takes a value: the script is the argument after it.
    expect(check('node', '--title', 'server/index.js', '/tmp/evil.js')).toThrow(
      /names a script outside the bundle|names a script the bundle does not hold \(\/tmp\/evil\.js\)/,
    );
    expect(check('node', '--conditions', 'https://example.test/x', 'server/index.js')).toThrow(
      /names a module by URL/,
    );
  });

  it.each([
    [['https://example.test/server.mjs'], /names its script by URL/],
    [['data:text/javascript,1'], /names its script by URL/],
    [['-'], /has node read its program from standard input/],
    [['/etc/passwd'], /names a script outside the bundle \(\/etc\/passwd\)/],
    [['--enable-source-maps'], /starts node with no script from the bundle/],
    [['--'], /starts node with no script from the bundle/],
  ])('no script of the bundle: %j', (args, message) => {
    expect(check('node', ...args)).toThrow(message);
  });
});

describe('what python may be told', () => {
  it.each([
    [['server/main.py']],
    [['-u', '-m', 'server.main']],
    [['-um', 'server.main', '--flag']],
    [['-mserver.main']],
    [['-W', 'ignore', '-X', 'utf8', '-m', 'tool']],
    [['-m', 'single']],
    [['-B', '-E', '-s', 'server/main.py']],
  ])('runs what it holds: %j', (args) => {
    expect(check('python3', ...args)).not.toThrow();
    expect(check('python', ...args)).not.toThrow();
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
    expect(check('python3', ...args)).toThrow(message);
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

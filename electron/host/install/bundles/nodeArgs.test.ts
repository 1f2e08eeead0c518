import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { tempDirPerTest } from '../../../../e2e/fixtures/tempDir';
import { checkNodeArgs } from './nodeArgs';

let dir = '';
tempDirPerTest('sb-mcpb-args-', (d) => {
  dir = d;
});
beforeEach(async () => {
  for (const f of ['server/index.js']) {
    await mkdir(path.dirname(path.join(dir, f)), { recursive: true });
    await writeFile(path.join(dir, f), '');
  }
});

const check =
  (...args: string[]) =>
  () =>
    checkNodeArgs(dir, args);

describe('what node may be told', () => {
  it.each([
    [['server/index.js', '--port', '-e', 'x']],
    [['--max-old-space-size=512', '--enable-source-maps', '--no-warnings', 'server/index.js']],
    [['--no_warnings', '--stack-size=2000', '-C', 'development', '--conditions=node', 'server/index.js']],
    [['--title', 'my server', '--disable-warning', 'ExperimentalWarning', 'server/index.js']],
    [['--', 'server/index.js']],
    [['--unhandled-rejections=strict', '--trace-warnings', '--no-deprecation', 'server/index.js']],
    [['--unhandled-rejections', 'warn', '--dns-result-order=ipv4first', 'server/index.js']],
    [['--experimental-strip-types', '--no-experimental-require-module', 'server/index.js']],
    [['--max-semi-space-size=16', '--max-http-header-size', '32768', 'server/index.js']],
  ])('runs the script it holds: %j', (args) => {
    expect(check(...args)).not.toThrow();
  });

  it.each([
    ['-e', 'require("child_process").exec("id")'],
    ['--eval=1'],
    ['-p', '1'],
    ['-pe', '1'],
    ['--print'],
    ['-i'],
  ])('never code of its own: %s', (...args) => {
    expect(check(...args, 'server/index.js')).toThrow(
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
    expect(check(...args, 'server/index.js')).toThrow(message);
  });

  it('judges the script Node will really run, where an option takes the next argument', () => {
    // --title takes a value: the script is the argument after it.
    expect(check('--title', 'server/index.js', '/tmp/evil.js')).toThrow(
      /names a script outside the bundle|names a script the bundle does not hold \(\/tmp\/evil\.js\)/,
    );
    expect(check('--conditions', 'https://example.test/x', 'server/index.js')).toThrow(
      /starts node with --conditions https:\/\/example\.test\/x: --conditions takes the name of an export condition/,
    );
  });

  // Issue 47, second attack run: a list of Node's dangerous options cannot be complete, so a bundle
  // may give node only options known to switch a warning, a feature or a limit.
  it.each([
    // Later positionals are test files Node runs, the bundle's script or not.
    [
      ['--test', '--test-concurrency=4', 'server/index.js', '/tmp/outside.mjs'],
      /with --test, which is not among/,
    ],
    [
      ['--test-reporter=/tmp/reporter.mjs', 'server/index.js'],
      /with --test-reporter=\/tmp\/reporter\.mjs, which is not among/,
    ],
    [['--watch', 'server/index.js'], /with --watch, which is not among/],
    [
      ['--experimental-policy=p.json', 'server/index.js'],
      /with --experimental-policy=p\.json, which is not among/,
    ],
    [['--experimental-permission', 'server/index.js'], /with --experimental-permission, which is not among/],
    [['--icu-data-dir=/tmp', 'server/index.js'], /with --icu-data-dir=\/tmp, which is not among/],
    [['--allow-natives-syntax', 'server/index.js'], /with --allow-natives-syntax, which is not among/],
    [['-c', 'server/index.js'], /with -c, which is not among/],
    [['--no-warnings=1', 'server/index.js'], /with --no-warnings=1: --no-warnings takes no value/],
    [
      ['--max-old-space-size', '512', 'server/index.js'],
      /--max-old-space-size takes a number, written --max-old-space-size=N/,
    ],
    [
      ['--max-old-space-size=lots', 'server/index.js'],
      /--max-old-space-size takes a number, written --max-old-space-size=N/,
    ],
    [
      ['--unhandled-rejections=maybe', 'server/index.js'],
      /--unhandled-rejections takes one of strict, warn, none, throw, warn-with-error-code/,
    ],
    [['--title'], /with --title and no value after it/],
  ])('no option that is not known to be harmless: %j', (args, message) => {
    expect(check(...args)).toThrow(message);
    expect(check(...args)).toThrow(/a bundle may only run what it holds/);
  });

  it.each([
    [['https://example.test/server.mjs'], /names its script by URL/],
    [['data:text/javascript,1'], /names its script by URL/],
    [['-'], /has node read its program from standard input/],
    [['/etc/passwd'], /names a script outside the bundle \(\/etc\/passwd\)/],
    [['--enable-source-maps'], /starts node with no script from the bundle/],
    [['--'], /starts node with no script from the bundle/],
  ])('no script of the bundle: %j', (args, message) => {
    expect(check(...args)).toThrow(message);
  });
});

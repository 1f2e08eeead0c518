// What an interpreter from this computer may be told by a bundle's manifest. Only node (the Node that
// runs Switchboard) and python start a bundle's script: any other program from the PATH — a shell,
// `env`, `npx`, `uv` — could run anything at all. Their options may not run code of their own (`-e`,
// `-c`), load a module before the script (`--import`, `-r`, a loader), name one by URL (`data:`,
// `https:`), open a debugger, read settings from a file, or (python -m) run a module from elsewhere.
// What follows the script is the script's own (folders from the settings, say) and is not looked at.
import { statSync } from 'node:fs';
import path from 'node:path';
import { fileInBundle, outsideBundle } from './bundlePaths';

export const isNodeCommand = (command: string) => /^node(\.exe)?$/i.test(command);
export const isPythonCommand = (command: string) => /^python(\d+(\.\d+)?)?(\.exe)?$/i.test(command);

/** Code in a specifier instead of a file: Node imports these schemes; none is a file of the bundle. */
const URL_SPECIFIER = /^(data|https?|file|blob|node):/i;

const inline = (arg: string) =>
  outsideBundle(`runs code given on the command line (${arg}) instead of a script it holds`);

/** Node's options that run or load code from anywhere but the script, and why each is refused. */
const NODE_REFUSED = new Map<string, string>([
  ...['-e', '--eval', '-p', '--print', '-pe', '-i', '--interactive'].map((o) => [o, 'inline'] as const),
  ...['-r', '--require', '--import', '--loader', '--experimental-loader'].map(
    (o) => [o, 'loads code before its script'] as const,
  ),
  ...[
    '--inspect',
    '--inspect-brk',
    '--inspect-brk-node',
    '--inspect-wait',
    '--inspect-port',
    '--debug-port',
  ].map((o) => [o, "opens Node's debugger, through which whoever reaches it can run code"] as const),
  ...[
    '--env-file',
    '--env-file-if-exists',
    '--experimental-config-file',
    '--experimental-default-config-file',
  ].map((o) => [o, 'reads options from a file, which can load code (NODE_OPTIONS)'] as const),
  ['--run', 'runs a command of package.json in a shell'],
  ['--openssl-config', 'loads an OpenSSL configuration, which can load libraries'],
  ['--experimental-network-imports', 'lets modules be imported from the network'],
  ...['--snapshot-blob', '--build-snapshot', '--build-snapshot-config', '--experimental-sea-config'].map(
    (o) => [o, 'starts from a snapshot instead of its script'] as const,
  ),
]);

/**
 * Node's options that take the next argument as their value (`node --help`, Node 22 and 24): one
 * missing here would make that value look like the script, and the script look like its argument.
 */
const NODE_TAKES_VALUE = new Set([
  ...['-C', '--conditions', '-r', '--require', '--import', '--loader', '--experimental-loader', '-e'],
  ...['--eval', '--allow-fs-read', '--allow-fs-write', '--build-snapshot-config', '--cpu-prof-dir'],
  ...['--cpu-prof-interval', '--cpu-prof-name', '--diagnostic-dir', '--disable-proto', '--disable-warning'],
  ...['--dns-result-order', '--env-file', '--env-file-if-exists', '--experimental-config-file'],
  ...['--experimental-default-type', '--experimental-sea-config', '--experimental-test-isolation'],
  ...['--test-isolation', '--heap-prof-dir', '--heap-prof-interval', '--heap-prof-name'],
  ...['--heapsnapshot-near-heap-limit', '--heapsnapshot-signal', '--icu-data-dir', '--input-type'],
  ...['--inspect-port', '--debug-port', '--inspect-publish-uid', '--localstorage-file'],
  ...['--max-http-header-size', '--max-old-space-size-percentage'],
  ...['--network-family-autoselection-attempt-timeout', '--openssl-config', '--redirect-warnings'],
  ...['--report-dir', '--report-directory', '--report-filename', '--report-signal', '--run'],
  ...['--secure-heap', '--secure-heap-min', '--snapshot-blob', '--test-concurrency'],
  ...['--test-coverage-branches', '--test-coverage-exclude', '--test-coverage-functions'],
  ...['--test-coverage-include', '--test-coverage-lines', '--test-name-pattern', '--test-reporter'],
  ...['--test-reporter-destination', '--test-shard', '--test-skip-pattern', '--test-timeout', '--title'],
  ...['--tls-cipher-list', '--tls-keylog', '--trace-event-categories', '--trace-event-file-pattern'],
  ...['--trace-require-module', '--unhandled-rejections', '--use-largepages', '--v8-pool-size'],
  ...['--watch-kill-signal', '--watch-path', '--security-revert', '--experimental-policy'],
  ...['--policy-integrity', '--experimental-specifier-resolution', '--es-module-specifier-resolution'],
]);

/** Node reads `--a_b` as `--a-b` (its options accept underscores for dashes). */
const nodeName = (name: string) => (name.startsWith('--') ? `--${name.slice(2).replaceAll('_', '-')}` : name);

function checkScript(dir: string, script: string, interpreter: string): void {
  if (URL_SPECIFIER.test(script))
    throw outsideBundle(`names its script by URL (${script}) instead of a file it holds`);
  if (script === '-') throw outsideBundle(`has ${interpreter} read its program from standard input (-)`);
  fileInBundle(dir, script, 'a script');
}

function checkNodeArgs(dir: string, args: string[]): void {
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    const script = arg === '--' ? args[i + 1] : !arg.startsWith('-') || arg === '-' ? arg : undefined;
    if (script !== undefined) {
      checkScript(dir, script, 'node');
      return;
    }
    if (arg === '--') break;
    const joined = /^(--?[^=]+)=(.*)$/s.exec(arg);
    const name = nodeName(joined ? joined[1]! : arg);
    const why = NODE_REFUSED.get(name);
    if (why === 'inline') throw inline(arg);
    if (why) throw outsideBundle(`${why} (${arg})`);
    const value = joined ? joined[2] : NODE_TAKES_VALUE.has(name) ? args[++i] : undefined;
    if (value !== undefined && URL_SPECIFIER.test(value))
      throw outsideBundle(`names a module by URL (${arg} ${value}) instead of a file it holds`);
  }
  throw outsideBundle('starts node with no script from the bundle');
}

const isFile = (p: string) => {
  try {
    return statSync(p).isFile();
  } catch {
    return false;
  }
};

/**
 * `python -m NAME` looks for NAME first in its working folder, the bundle's: there it must be, as
 * NAME.py or a package with __main__.py, each package above it a regular one (an __init__.py), or
 * Python takes the first it finds on this computer (a folder without one is a namespace package,
 * which any installed package of that name outranks).
 */
function checkModule(dir: string, name: string | undefined, isolated: string | undefined): void {
  if (!name || !/^[A-Za-z_]\w*(\.[A-Za-z_]\w*)*$/.test(name))
    throw outsideBundle(`runs a module (-m) named "${name ?? ''}", which names no file of the bundle`);
  if (isolated)
    throw outsideBundle(
      `runs the module "${name}" (-m) with ${isolated}, which keeps Python from looking for it in the bundle`,
    );
  const parts = name.split('.');
  const module = path.join(...parts);
  const wanted = [
    ...parts.slice(0, -1).map((_, i) => path.join(...parts.slice(0, i + 1), '__init__.py')),
    ...(isFile(path.join(dir, module, '__init__.py'))
      ? [path.join(module, '__main__.py')]
      : [`${module}.py`]),
  ];
  const missing = wanted.find((f) => !isFile(path.join(dir, f)));
  if (missing)
    throw outsideBundle(
      `runs the module "${name}" (-m), which the bundle does not hold (it has no ${missing}): Python would find it on this computer instead`,
    );
}

/** Python's options, one letter each and clustered (`-uc`); these take a value (the rest, or the next). */
const PYTHON_TAKES_VALUE = new Set(['c', 'm', 'W', 'X']);

function checkPythonArgs(dir: string, args: string[]): void {
  let isolated: string | undefined;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    const script = arg === '--' ? args[i + 1] : !arg.startsWith('-') || arg === '-' ? arg : undefined;
    if (script !== undefined) {
      checkScript(dir, script, 'python');
      return;
    }
    if (arg === '--') break;
    if (arg.startsWith('--')) {
      // --check-hash-based-pycs MODE; the others only print help or the version.
      if (arg === '--check-hash-based-pycs') i++;
      continue;
    }
    for (let at = 1; at < arg.length; at++) {
      const letter = arg[at]!;
      if (letter === 'I' || letter === 'P') isolated = `-${letter}`;
      if (!PYTHON_TAKES_VALUE.has(letter)) continue;
      const value = at + 1 < arg.length ? arg.slice(at + 1) : args[++i];
      if (letter === 'c') throw inline(arg);
      if (letter === 'm') {
        checkModule(dir, value, isolated);
        return;
      }
      break;
    }
  }
  throw outsideBundle('starts python with no script from the bundle');
}

/** Checks what `command` (a program from this computer, not the bundle's) is told to run. */
export function checkInterpreterArgs(dir: string, command: string, args: string[]): void {
  if (isNodeCommand(command)) {
    checkNodeArgs(dir, args);
    return;
  }
  if (isPythonCommand(command)) {
    checkPythonArgs(dir, args);
    return;
  }
  throw outsideBundle(
    `starts ${command}, a program of this computer that is neither node nor python, and could run anything: a bundle runs a program it holds, or a script it holds with node or python`,
  );
}

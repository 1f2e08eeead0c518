// What a bundle's manifest may tell python before its script. As with Node, the options a bundle may
// give are the ones known to be harmless — a list of the dangerous ones missed `-W`, whose warning
// category is a module Python imports (`-W ignore::antigravity.x` opened a browser). Everything else
// is refused, naming it. `-m NAME` runs a module only if the bundle holds it.
import { statSync } from 'node:fs';
import path from 'node:path';
import { checkScript, inlineCode, outsideBundle } from './bundlePaths';

/** One-letter options that only switch buffering, optimisation, site packages, isolation or a warning. */
const FLAGS = new Set(['u', 'B', 'O', 's', 'S', 'E', 'P', 'I', 'q', 'b']);

/** -W's actions: the whole value, never a category (a module Python imports) or a module pattern. */
const WARNING_ACTIONS = ['default', 'error', 'always', 'module', 'once', 'ignore'];

/** -X options that switch a mode or a limit (pycache_prefix, for one, reads compiled code from a folder). */
const X_OPTIONS = /^(utf8(=[01])?|dev|faulthandler|warn_default_encoding|int_max_str_digits=\d{1,9})$/;

const notAllowed = (option: string) =>
  outsideBundle(
    `starts python with ${option}, which is not among the options a bundle may give it (-u, -B, -O, -s, -S, -E, -P, -I, -q, -b, -W with an action, -X utf8 or dev, -m with a module it holds)`,
  );

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

function checkValue(letter: 'W' | 'X', value: string | undefined): void {
  if (value === undefined) throw outsideBundle(`starts python with -${letter} and no value after it`);
  if (letter === 'W' && !WARNING_ACTIONS.includes(value))
    throw outsideBundle(
      `starts python with -W ${value}: a bundle may give -W only a bare action (${WARNING_ACTIONS.join(', ')}), since a warning category names a module Python imports`,
    );
  if (letter === 'X' && !X_OPTIONS.test(value))
    throw outsideBundle(
      `starts python with -X ${value}, which is not among the -X options a bundle may give it (utf8, dev, faulthandler, warn_default_encoding, int_max_str_digits=N)`,
    );
}

/** Checks python's arguments: allowed options, clustered as Python reads them, then what it runs. */
export function checkPythonArgs(dir: string, args: string[]): void {
  let isolated: string | undefined;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    const script = arg === '--' ? args[i + 1] : !arg.startsWith('-') || arg === '-' ? arg : undefined;
    if (script !== undefined) {
      checkScript(dir, script, 'python');
      return;
    }
    if (arg === '--') break;
    if (arg.startsWith('--')) throw notAllowed(arg);
    // One letter each, clustered (`-uB`); a letter that takes a value takes the rest, or the next.
    for (let at = 1; at < arg.length; at++) {
      const letter = arg[at]!;
      if (FLAGS.has(letter)) {
        if (letter === 'I' || letter === 'P') isolated = `-${letter}`;
        continue;
      }
      if (letter !== 'c' && letter !== 'm' && letter !== 'W' && letter !== 'X')
        throw notAllowed(`-${letter}`);
      const value = at + 1 < arg.length ? arg.slice(at + 1) : args[++i];
      if (letter === 'c') throw inlineCode(arg);
      if (letter === 'm') {
        checkModule(dir, value, isolated);
        return;
      }
      checkValue(letter, value);
      break;
    }
  }
  throw outsideBundle('starts python with no script from the bundle');
}

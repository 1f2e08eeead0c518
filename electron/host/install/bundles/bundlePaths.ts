// What "inside the bundle" means for a manifest: a path that resolves into the folder it was unpacked
// in, said back to the person as the manifest wrote it; a script an interpreter runs is such a file.
import { statSync } from 'node:fs';
import path from 'node:path';
import { BundleError } from './bundleError';

/** A refusal of a manifest that would run something the bundle does not hold. */
export const outsideBundle = (what: string) =>
  new BundleError(
    'outside-bundle',
    `The bundle's manifest ${what}: a bundle may only run what it holds. It cannot be installed.`,
  );

/** A refusal of code given on an interpreter's command line instead of a script the bundle holds. */
export const inlineCode = (arg: string) =>
  outsideBundle(`runs code given on the command line (${arg}) instead of a script it holds`);

/** Code in a specifier instead of a file: Node imports these schemes; none is a file of the bundle. */
const URL_SPECIFIER = /^(data|https?|file|blob|node):/i;

/** Refuses a script `interpreter` would run that is no file the bundle holds. */
export function checkScript(dir: string, script: string, interpreter: string): void {
  if (URL_SPECIFIER.test(script))
    throw outsideBundle(`names its script by URL (${script}) instead of a file it holds`);
  if (script === '-') throw outsideBundle(`has ${interpreter} read its program from standard input (-)`);
  fileInBundle(dir, script, 'a script');
}

/** `p` as the manifest says it: the folder the bundle was unpacked in means nothing to the person. */
export const asWritten = (dir: string, p: string) =>
  p.startsWith(dir) ? `\${__dirname}${p.slice(dir.length)}` : p;

/** Whether `p` (relative to the bundle) is the bundle's folder or lies inside it. */
export function isInBundle(dir: string, p: string): boolean {
  const rel = path.relative(dir, path.resolve(dir, p));
  return !rel.startsWith('..') && !path.isAbsolute(rel);
}

/** `p` (relative to the bundle) inside `dir`, and naming a file there. */
export function fileInBundle(dir: string, p: string, what: string): string {
  const full = path.resolve(dir, p);
  if (full === path.resolve(dir) || !isInBundle(dir, p))
    throw outsideBundle(`names ${what} outside the bundle (${asWritten(dir, p)})`);
  let isFile = false;
  try {
    isFile = statSync(full).isFile();
  } catch {}
  if (!isFile) throw outsideBundle(`names ${what} the bundle does not hold (${asWritten(dir, p)})`);
  return full;
}

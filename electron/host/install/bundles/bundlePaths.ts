// What "inside the bundle" means for a manifest: a path that resolves into the folder it was unpacked
// in, said back to the person as the manifest wrote it.
import { statSync } from 'node:fs';
import path from 'node:path';
import { BundleError } from './bundleError';

/** A refusal of a manifest that would run something the bundle does not hold. */
export const outsideBundle = (what: string) =>
  new BundleError(
    'outside-bundle',
    `The bundle's manifest ${what}: a bundle may only run what it holds. It cannot be installed.`,
  );

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

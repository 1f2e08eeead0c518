import path from 'node:path';

/** Whether the path `p` is the folder `dir` or lies inside it (both absolute). */
export function isInside(p: string, dir: string): boolean {
  const rel = path.relative(dir, p);
  return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel));
}

import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { productionFiles } from './dependencyRules';

/** One import of a file: what it names, and whether only types come through it (erased at run time). */
export interface Import {
  specifier: string;
  typeOnly: boolean;
}

const STATEMENT =
  /(?:^|[\s;])(import|export)\s+(type\s+)?[^'";]*?from\s*['"]([^'"]+)['"]|import\s*\(\s*['"]([^'"]+)['"]\s*\)|require\(\s*['"]([^'"]+)['"]\s*\)|^\s*import\s*['"]([^'"]+)['"]/gm;

/**
 * Every import of `source`. `import type` and `export type` are type-only; anything else — an
 * `import { type A }` too, which verbatimModuleSyntax keeps as an import — runs.
 */
export function importsIn(source: string): Import[] {
  const code = source.replace(/\/\*[\s\S]*?\*\/|(^|[^:])\/\/.*$/gm, '$1');
  return [...code.matchAll(STATEMENT)].map((m) => ({
    specifier: (m[3] ?? m[4] ?? m[5] ?? m[6])!,
    typeOnly: m[2] !== undefined,
  }));
}

const EXTENSIONS = ['', '.ts', '.tsx', '.mts', '.js', '.mjs', '/index.ts', '/index.tsx'];

/** The file a relative specifier names, among `known`, or undefined (a package, or outside them). */
function resolveImport(from: string, specifier: string, known: ReadonlySet<string>): string | undefined {
  if (!specifier.startsWith('.')) return undefined;
  const base = path.posix.normalize(path.posix.join(path.posix.dirname(from), specifier));
  return EXTENSIONS.map((ext) => base + ext).find((candidate) => known.has(candidate));
}

/**
 * The import circles among `files` (path → source) that hold at run time: each a list of files
 * that reach each other through imports that are not type-only (Tarjan's strongly connected
 * components). A circle through a type-only import is none: it is gone once the types are.
 */
export function circlesIn(files: ReadonlyMap<string, string>): string[][] {
  const known = new Set(files.keys());
  const edges = new Map<string, string[]>();
  for (const [file, source] of files)
    edges.set(
      file,
      importsIn(source)
        .filter((i) => !i.typeOnly)
        .map((i) => resolveImport(file, i.specifier, known))
        .filter((target) => target !== undefined),
    );
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const circles: string[][] = [];
  const visit = (file: string) => {
    index.set(file, index.size);
    low.set(file, index.get(file)!);
    stack.push(file);
    onStack.add(file);
    for (const next of edges.get(file) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(file, Math.min(low.get(file)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(file, Math.min(low.get(file)!, index.get(next)!));
    }
    if (low.get(file) !== index.get(file)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== file);
    if (component.length > 1 || edges.get(file)?.includes(file)) circles.push(component.sort());
  };
  for (const file of [...known].sort()) if (!index.has(file)) visit(file);
  return circles;
}

/** The repository's run-time import circles among production files. */
export function importCircles(root: string): string[][] {
  const files = new Map(
    productionFiles(root)
      .map((file) => file.split(path.sep).join('/'))
      .filter((file) => existsSync(path.join(root, file)))
      .map((file) => [file, readFileSync(path.join(root, file), 'utf8')]),
  );
  return circlesIn(files);
}

import { readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';
import { isProductionFile, sourceFiles } from './dependencyRules';

/** Where what ships lives (scripts only run it; the build's own configuration uses build tools). */
const SHIPPED = ['electron', 'shared', 'renderer'];
const BUILD_CONFIG = /(^|\/)(vite\.config|viteConfig)\.ts$/;
/** devDependencies production code may import: the runtime the app is (Electron provides `electron`). */
const PROVIDED = new Set(['electron']);

const VALUE_IMPORT =
  /(?:^|[\s;])(import|export)\s+(?!type\s)([^'"]*?)\s*from\s*['"]([^'"]+)['"]|import\s*\(\s*['"]([^'"]+)['"]\s*\)|^\s*import\s*['"]([^'"]+)['"]/gm;

/** The packages `source` imports for a value (an import that brings only types is none). */
export function valueImports(source: string): string[] {
  const out: string[] = [];
  for (const m of source.matchAll(VALUE_IMPORT)) {
    const clause = m[2];
    const braces = clause ? /^\{([\s\S]*)\}$/.exec(clause.trim()) : null;
    // `import { type A, type B } from 'x'` brings types alone.
    if (
      braces?.[1]
        ?.split(',')
        .map((s) => s.trim())
        .filter(Boolean)
        .every((s) => s.startsWith('type '))
    )
      continue;
    out.push(m[3] ?? m[4] ?? m[5]!);
  }
  return out;
}

export function packageOf(specifier: string): string | undefined {
  if (specifier.startsWith('.') || specifier.startsWith('node:') || path.isAbsolute(specifier))
    return undefined;
  const parts = specifier.split('/');
  const name = specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!;
  return builtinModules.includes(name) ? undefined : name;
}

/** Production files that import, for a value, a package the app does not ship (a devDependency, or none). */
export function devDependencyImports(root: string): string[] {
  const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
    dependencies: Record<string, string>;
  };
  const shipped = new Set(Object.keys(pkg.dependencies));
  return sourceFiles(root, SHIPPED)
    .filter((file) => isProductionFile(file) && !BUILD_CONFIG.test(file.split(path.sep).join('/')))
    .flatMap((file) =>
      valueImports(readFileSync(path.join(root, file), 'utf8'))
        .map(packageOf)
        .filter((name): name is string => name !== undefined && !shipped.has(name) && !PROVIDED.has(name))
        .map((name) => `${file} imports ${name}, which is not in dependencies (the app would not have it)`),
    );
}

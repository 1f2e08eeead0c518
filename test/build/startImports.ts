import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** One module the page loads at start: who first imported it, and the packages it imports itself. */
export interface StartModule {
  file: string;
  importedBy: string | undefined;
  packages: string[];
}

// A static import or re-export (`import type` and `export type` excepted: they load nothing), or a
// bare `import 'x'`. Dynamic `import('x')` is left out: it is fetched when needed, not at start.
// `import { type A } from 'x'` counts: under verbatimModuleSyntax it stays as `import {} from 'x'`,
// which loads the module.
const FROM = /^\s*(?:import|export)\s+(type\s)?[^'";]*?\bfrom\s*['"]([^'"]+)['"]/gm;
const BARE = /^\s*import\s*['"]([^'"]+)['"]/gm;

/** What `source` loads at once: the specifiers of its value imports and re-exports. */
export function staticImports(source: string): string[] {
  const fromClauses = [...source.matchAll(FROM)].filter((m) => !m[1]).map((m) => m[2]!);
  return [...fromClauses, ...[...source.matchAll(BARE)].map((m) => m[1]!)];
}

function resolveLocal(from: string, specifier: string): string | undefined {
  const base = path.resolve(path.dirname(from), specifier);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`])
    if (/\.tsx?$/.test(candidate) && existsSync(candidate)) return candidate;
  return undefined;
}

/**
 * Every module of ours the page loads before it shows, from `entry` along static imports — what
 * vite puts in the start chunk (unless tree-shaking drops it) — with the packages each imports.
 */
export function startImports(entry: string): StartModule[] {
  const seen = new Map<string, StartModule>();
  const queue: [string, string | undefined][] = [[path.resolve(entry), undefined]];
  for (let next = queue.shift(); next; next = queue.shift()) {
    const [file, importedBy] = next;
    if (seen.has(file)) continue;
    const module: StartModule = { file, importedBy, packages: [] };
    seen.set(file, module);
    for (const specifier of staticImports(readFileSync(file, 'utf8'))) {
      if (!specifier.startsWith('.')) module.packages.push(specifier);
      else {
        const local = resolveLocal(file, specifier);
        if (local) queue.push([local, file]);
      }
    }
  }
  return [...seen.values()];
}

/** How `file` came to be loaded: the entry first. */
export function importChain(modules: StartModule[], file: string): string[] {
  const byFile = new Map(modules.map((m) => [m.file, m]));
  const chain: string[] = [];
  for (let at: string | undefined = file; at; at = byFile.get(at)?.importedBy) chain.unshift(at);
  return chain;
}

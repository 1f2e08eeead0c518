import { readFileSync } from 'node:fs';
import path from 'node:path';
import { isProductionFile, productionFiles } from './dependencyRules';

/** docs/architecture.md: no production file beyond this many lines (past ~300, look for the concept it hides). */
export const MAX_LINES = 450;

const linesOf = (source: string): number => source.split('\n').length - (source.endsWith('\n') ? 1 : 0);

/** Why one file is too long, or undefined. `file` is relative to the repository root. */
export function sizeProblem(file: string, source: string): string | undefined {
  if (!isProductionFile(file)) return undefined;
  const lines = linesOf(source);
  return lines > MAX_LINES
    ? `${file}: ${lines} lines (at most ${MAX_LINES}: find the concept it hides, and give it a file)`
    : undefined;
}

export function oversizedFiles(root: string): string[] {
  return productionFiles(root)
    .map((file) => sizeProblem(file, readFileSync(path.join(root, file), 'utf8')))
    .filter((problem) => problem !== undefined);
}

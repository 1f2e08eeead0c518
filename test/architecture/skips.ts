import { readFileSync } from 'node:fs';
import path from 'node:path';
import { isProductionFile, sourceFiles } from './dependencyRules';

/** The helpers that print why they skip (e2e/fixtures/skipWhen.ts and those built on it). */
const SAID_SKIPS = ['skipWhen', 'skipWithoutSandbox', 'electronMissing'];

/** The text of the call's argument list that opens at `open` (the index of its `(`). */
function argumentAt(source: string, open: number): string {
  let depth = 0;
  for (let i = open; i < source.length; i++) {
    if (source[i] === '(') depth++;
    else if (source[i] === ')' && --depth === 0) return source.slice(open + 1, i);
  }
  return source.slice(open + 1);
}

/** The parts of `a || b || …` at the top level of `text`. */
function alternatives(text: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if ('([{'.includes(c)) depth++;
    else if (')]}'.includes(c)) depth--;
    else if (depth === 0 && text.startsWith('||', i)) {
      parts.push(text.slice(start, i));
      start = i + 2;
    }
  }
  return [...parts, text.slice(start)].map((p) => p.trim().replace(/,$/, '').trim());
}

/**
 * Where a test file skips without saying why (the README: no skipped test without an honest reason
 * printed). A condition is said when it is a call of a SAID_SKIPS helper, or a name the file binds to
 * one; `describe.skip`, `runIf`, `todo` and `only` say nothing, and a test's own `skip()` is said
 * only through `skipWhen`. `file` is relative to the repository root.
 */
export function skipProblems(file: string, source: string): string[] {
  const line = (at: number) => source.slice(0, at).split('\n').length;
  const said = new Set(
    [
      ...source.matchAll(
        new RegExp(`(?:const|let)\\s+(\\w+)\\s*=\\s*(?:await\\s+)?(?:${SAID_SKIPS.join('|')})\\(`, 'g'),
      ),
    ].map((m) => m[1]!),
  );
  const isSaid = (part: string) =>
    SAID_SKIPS.some((helper) => part.startsWith(`${helper}(`)) || said.has(part);
  const problems: string[] = [];
  for (const m of source.matchAll(/\b(?:describe|it|test|suite)\.(skip|runIf|todo|only)\b/g))
    problems.push(`${file}:${line(m.index)}: .${m[1]} — skip with .skipIf(skipWhen(condition, 'why'))`);
  for (const m of source.matchAll(/\.skipIf\(/g)) {
    const parts = alternatives(argumentAt(source, m.index + '.skipIf'.length));
    const silent = parts.filter((p) => !isSaid(p));
    if (silent.length > 0)
      problems.push(`${file}:${line(m.index)}: .skipIf(${silent.join(' || ')}) does not say why it skips`);
  }
  for (const m of source.matchAll(/\b(?:ctx|context|t)\.skip\(/g)) {
    const argument = argumentAt(source, m.index + m[0].length - 1).trim();
    if (!argument.startsWith('skipWhen('))
      problems.push(`${file}:${line(m.index)}: ${m[0]}) does not say why — ${m[0]}skipWhen(true, 'why'))`);
  }
  return problems;
}

/** Every test file and test helper in the repository, checked. */
export function silentSkips(root: string): string[] {
  return sourceFiles(root, ['electron', 'shared', 'renderer', 'scripts', 'e2e', 'test', 'bench'])
    .filter((file) => !isProductionFile(file) && !file.startsWith(path.join('test', 'architecture')))
    .flatMap((file) => skipProblems(file, readFileSync(path.join(root, file), 'utf8')));
}

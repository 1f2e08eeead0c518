// Whether a launch runs a package runner — a program that fetches a package by name and runs it —
// anywhere in it: as its command, its program's real file, an argument (`env npx …`, `corepack pnpm
// dlx …`, `python3 -m uv …`), an interpreter's script (`node …/npx-cli.js`, `…/node_modules/npm/…`)
// or a word of a shell string (`sh -c 'npx …'`). While a deny rule's registry cannot be read, which
// packages it means is unknown, so every such launch is refused under it. A launch that reaches a
// runner without naming it (a script file, a name assembled at run time) is not seen: an allow-list is
// the control that holds.
import path from 'node:path';
import type { LaunchToken } from './launchTokens';

/** Programs that fetch a package by name and run it, by their basename. */
const RUNNERS = new Set([
  'npx',
  'npm',
  'pnpm',
  'pnpx',
  'yarn',
  'yarnpkg',
  'bunx',
  'bun',
  'uvx',
  'uv',
  'pipx',
  'pip',
  'docker',
  'podman',
  'nerdctl',
  'dnx',
  'dotnet',
  'corepack',
  'deno',
]);

/** A runner's own package folder: an interpreter running any file in it runs the runner. */
const RUNNER_FOLDER =
  /(?:^|\/)(?:node_modules|site-packages|dist-packages)\/(npm|pnpm|yarn|corepack|uv|pip|pipx)(?:\/|$)/;

/** The runner `token` is (`npx-cli.js`, `NPX.CMD`, `pip3.11`, `…/node_modules/npm/index.js`), or undefined. */
export function runnerOf(token: string): string | undefined {
  const file = token.replace(/\\/g, '/').toLowerCase();
  const base = path.posix
    .basename(file)
    .replace(/\.(exe|cmd|bat|com|ps1|js|cjs|mjs|sh|py)$/, '')
    .replace(/\.__main__$/, '')
    .replace(/-cli$/, '')
    .replace(/^pip\d[\d.]*$/, 'pip');
  if (RUNNERS.has(base)) return base;
  return file.match(RUNNER_FOLDER)?.[1];
}

/** The first package runner any piece of a launch is, or undefined. */
export function runnerIn(tokens: readonly LaunchToken[]): string | undefined {
  for (const { token } of tokens) {
    const runner = runnerOf(token);
    if (runner) return runner;
  }
  return undefined;
}

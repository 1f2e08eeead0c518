// The packages a registry entry names (npm, PyPI, OCI, NuGet identifiers), found in a launch however it
// was written: `npx -y @acme/tool@1.2.3`, `npx --package=@acme/tool mcp`, `uvx --from acme_tool mcp`,
// `pipx run Acme.Tool==2`, `docker run docker.io/acme/tool:1`, `pnpm dlx`, `bunx`, `yarn dlx`, `dnx`. A
// deny rule for an entry then catches its package run by hand, by a link or by an import, not only the
// entry installed from the registry. Words are compared as each registry compares names (npm: lower
// case; PyPI: PEP 503, `-`, `_` and `.` alike; OCI: Docker Hub's default host and `library/`), with any
// version, tag, digest, extra or `--option=` around them taken off.

import path from 'node:path';

/** One package of an entry, as server.json names it. */
export interface PackageName {
  registryType: string;
  identifier: string;
}

const afterOption = (word: string) =>
  /^--?[A-Za-z][\w-]*=/.test(word) ? word.slice(word.indexOf('=') + 1) : word;

function npmName(word: string): string {
  const w = word.replace(/^npm:/i, '').toLowerCase();
  const at = w.indexOf('@', w.startsWith('@') ? 1 : 0);
  return at > 0 ? w.slice(0, at) : w;
}

function pypiName(word: string): string {
  return word
    .split(/[=<>!~;@[\s]/)[0]!
    .toLowerCase()
    .replace(/[-_.]+/g, '-');
}

function ociName(word: string): string {
  let w = word.toLowerCase().split('@')[0]!;
  const slash = w.lastIndexOf('/');
  const colon = w.lastIndexOf(':');
  if (colon > slash) w = w.slice(0, colon);
  w = w.replace(/^(?:docker\.io|index\.docker\.io|registry-1\.docker\.io)\//, '');
  return w.replace(/^library\//, '');
}

const nugetName = (word: string) => word.split('@')[0]!.toLowerCase();

const NAMERS: Readonly<Record<string, (word: string) => string>> = {
  npm: npmName,
  pypi: pypiName,
  oci: ociName,
  nuget: nugetName,
};

/** The first of `packages` that a word of `args` names, or undefined. */
export function namedPackage(
  args: readonly string[],
  packages: readonly PackageName[],
): PackageName | undefined {
  for (const pkg of packages) {
    const name = NAMERS[pkg.registryType.toLowerCase()];
    if (!name) continue;
    const wanted = name(pkg.identifier);
    if (wanted !== '' && args.some((arg) => name(afterOption(arg)) === wanted)) return pkg;
  }
  return undefined;
}

/** Programs that fetch a package by name and run it. */
const RUNNERS = new Set([
  'npx',
  'npm',
  'pnpm',
  'pnpx',
  'yarn',
  'bunx',
  'bun',
  'uvx',
  'uv',
  'pipx',
  'pip',
  'pip3',
  'docker',
  'podman',
  'nerdctl',
  'dnx',
  'dotnet',
  'deno',
]);

/**
 * Which package runner a launch is, by its command or its program's real file (`npx-cli.js` is npx;
 * `NPX.CMD` is npx), or undefined.
 */
export function packageRunner(...programs: (string | undefined)[]): string | undefined {
  for (const program of programs) {
    if (program === undefined) continue;
    const base = path.posix
      .basename(program.replace(/\\/g, '/'))
      .toLowerCase()
      .replace(/\.(exe|cmd|bat|com|ps1|js|cjs|mjs)$/, '')
      .replace(/-cli$/, '');
    if (RUNNERS.has(base)) return base;
  }
  return undefined;
}

// A name for a server from the command that runs it, for the Add form to fill in when the person has
// not named it yet: `npx -y @modelcontextprotocol/server-memory` → memory, `uvx mcp-server-git` → git,
// `docker run -i --rm mcp/github` → github, `node ./weather-mcp/build/index.js` → weather.

/** Programs that run a package named by their first argument that is not an option. */
const RUNNERS = new Set([
  'npx',
  'bunx',
  'pnpx',
  'uvx',
  'pipx',
  'dnx',
  'deno',
  'bun',
  'yarn',
  'pnpm',
  'docker',
  'podman',
]);
/** Words around a package name that say only that it is an MCP server. */
const NOISE =
  /^(?:mcp[-_]server[-_]|server[-_]mcp[-_]|mcp[-_]|server[-_])|(?:[-_]mcp[-_]server|[-_]server[-_]mcp|[-_]mcp|[-_]server)$/g;
/** Path parts that name no server (`build/index.js`, `dist/main.py`). */
const GENERIC = new Set([
  'index',
  'main',
  'server',
  'build',
  'dist',
  'src',
  'lib',
  'bin',
  'out',
  'app',
  'cli',
  'run',
  'start',
]);
/** Arguments of docker/podman run that take a value (so the value is not taken for the image). */
const DOCKER_VALUE_FLAGS = new Set([
  '-e',
  '--env',
  '-v',
  '--volume',
  '--name',
  '-p',
  '--publish',
  '--network',
  '-w',
  '--workdir',
  '--env-file',
  '-u',
  '--user',
  '--mount',
  '--entrypoint',
]);

const base = (p: string) => p.split(/[\\/]/).filter(Boolean);

function packageOf(command: string, args: string[]): string | undefined {
  const program = (base(command).at(-1) ?? '').replace(/\.(?:exe|cmd)$/i, '').toLowerCase();
  if (RUNNERS.has(program)) {
    const rest = program === 'docker' || program === 'podman' ? args.slice(args.indexOf('run') + 1) : args;
    for (let i = 0; i < rest.length; i++) {
      const a = rest[i]!;
      if (DOCKER_VALUE_FLAGS.has(a) && (program === 'docker' || program === 'podman')) i++;
      else if (['run', 'exec', 'dlx', 'x', 'tool'].includes(a) && i === 0) continue;
      else if (!a.startsWith('-')) return a;
    }
    return undefined;
  }
  // An interpreter with a script: the script's folder or name.
  const script = args.find((a) => !a.startsWith('-'));
  if (script && /^(?:node|python3?|deno|bun|tsx|ts-node)$/.test(program)) {
    const parts = base(script).map((p) => p.replace(/\.[cm]?[jt]s$|\.py$/, ''));
    return [...parts].reverse().find((p) => !GENERIC.has(p.toLowerCase()));
  }
  return program;
}

/** A suggested name, or undefined when the command says nothing usable. */
export function suggestedName(command: string, args: string[]): string | undefined {
  const pkg = packageOf(command, args);
  if (!pkg) return undefined;
  const name = (base(pkg.replace(/^@[^/]+\//, '')).at(-1) ?? '')
    .replace(/(?:==|@|:).*$/, '')
    .replace(NOISE, '')
    .replace(/[^A-Za-z0-9_-]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .toLowerCase();
  return name === '' ? undefined : name.slice(0, 40);
}

/** `name`, or `name-2`, `name-3`… the first not in `taken`. */
export function freeName(name: string, taken: readonly string[]): string {
  if (!taken.includes(name)) return name;
  for (let i = 2; ; i++) if (!taken.includes(`${name}-${i}`)) return `${name}-${i}`;
}

import { createHash } from 'node:crypto';
import path from 'node:path';
import type { SandboxRules } from '../../../shared/host/sandboxRules';
import { launcherDomains, launcherOf } from './launcherDomains';
import { secretPlaces } from './secretPlaces';

/** What one confined server may reach, as the engine applies it: every path absolute. */
export interface SandboxPlan {
  denyRead: string[];
  /** Reads re-allowed inside a denied place (the person's Allow, the server's own bundle folder). */
  allowRead: string[];
  allowWrite: string[];
  denyWrite: string[];
  allowedDomains: string[];
  deniedDomains: string[];
  /** The server's own folder: its temp folder and its launcher's cache live there. */
  ownDir: string;
  /** Set for the server inside the sandbox (temp folder, caches, proxy use). */
  env: Record<string, string>;
}

export interface SandboxPlanInput {
  name: string;
  /** The command as configured (which launcher it is) and the program found for it. */
  command: string;
  program: string;
  args: string[];
  cwd: string;
  rules: SandboxRules | undefined;
  home: string;
  /** Switchboard's data folder: hidden, but for the server's own installed bundle. */
  dataDir: string;
  /** Where confined servers get their own folders. */
  sandboxHome: string;
  /** The folders the person gave this server (roots). */
  roots: string[];
  /** Domains the organization's policy allows every confined server, and denies to all. */
  policyDomains?: { allowed: string[]; denied: string[] };
}

/** `~` and `~/x` are the home folder; a relative path is the server's folder's. */
function absolute(p: string, home: string, cwd: string): string {
  if (p === '~') return home;
  if (p.startsWith('~/')) return path.join(home, p.slice(2));
  return path.resolve(cwd, p);
}

const unique = (list: string[]) => [...new Set(list)];

/** The server's own folder: named after it, told apart from a server spelled alike by a hash. */
function ownDirOf(sandboxHome: string, name: string): string {
  const slug = name.replace(/[^A-Za-z0-9._-]+/g, '-').slice(0, 40) || 'server';
  return path.join(sandboxHome, `${slug}-${createHash('sha256').update(name).digest('hex').slice(0, 8)}`);
}

/** The bundle folder in the data folder that the server runs from, if it does. */
function installedIn(input: SandboxPlanInput): string | undefined {
  const bundles = path.join(input.dataDir, 'bundles');
  for (const p of [input.program, input.cwd, ...input.args.filter((a) => path.isAbsolute(a))]) {
    const rel = path.relative(bundles, p);
    if (rel && !rel.startsWith('..') && !path.isAbsolute(rel))
      return path.join(bundles, rel.split(path.sep)[0]!);
  }
  return undefined;
}

/**
 * The rules a server runs under: the secret places, Switchboard's data folder and its `denyRead`
 * hidden; writes only to its `allowWrite`, its roots when the person made them writable, and its own
 * folder; network only to its `allowedDomains`, the policy's, and the registry its launcher needs.
 */
export function sandboxPlan(input: SandboxPlanInput): SandboxPlan {
  const { home, cwd } = input;
  const fs = input.rules?.filesystem ?? {};
  const net = input.rules?.network ?? {};
  const abs = (p: string) => absolute(p, home, cwd);
  const ownDir = ownDirOf(input.sandboxHome, input.name);
  const hidden = unique([...secretPlaces(home), input.dataDir, ...(fs.denyRead ?? []).map(abs)]);
  const bundle = installedIn(input);
  const launcher = launcherOf(input.command);
  const env: Record<string, string> = {
    TMPDIR: path.join(ownDir, 'tmp'),
    // Node reads HTTP(S)_PROXY only when told to (22.21+, 24+): the proxy is the only way out.
    NODE_USE_ENV_PROXY: '1',
  };
  // A launcher's cache of its own: a shared one written from inside would be run later from outside.
  if (launcher && ['npx', 'npm', 'pnpm', 'pnpx', 'yarn', 'bunx'].includes(launcher))
    env.npm_config_cache = path.join(ownDir, 'npm-cache');
  if (launcher && ['uvx', 'uv'].includes(launcher)) {
    env.UV_CACHE_DIR = path.join(ownDir, 'uv-cache');
    env.UV_TOOL_DIR = path.join(ownDir, 'uv-tools');
  }
  if (launcher && ['pipx', 'pip'].includes(launcher)) {
    env.PIP_CACHE_DIR = path.join(ownDir, 'pip-cache');
    env.PIPX_HOME = path.join(ownDir, 'pipx');
  }
  return {
    denyRead: hidden,
    allowRead: unique([...(fs.allowRead ?? []).map(abs), ...(bundle ? [bundle] : [])]),
    allowWrite: unique([
      ownDir,
      ...(fs.allowWrite ?? []).map(abs),
      ...(input.rules?.rootsWritable ? input.roots : []),
    ]),
    // Never written, whatever a writable root or folder covers.
    denyWrite: unique([...secretPlaces(home), input.dataDir, ...(fs.denyWrite ?? []).map(abs)]),
    allowedDomains: unique([
      ...(net.allowedDomains ?? []),
      ...(input.policyDomains?.allowed ?? []),
      ...launcherDomains(input.command),
    ]),
    deniedDomains: unique([...(net.deniedDomains ?? []), ...(input.policyDomains?.denied ?? [])]),
    ownDir,
    env,
  };
}

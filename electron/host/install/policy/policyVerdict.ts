// Whether the managed policy lets a server be added or started. Pure: the same policy, server and
// origin always give the same verdict. Order: a denied server is refused whatever else matches (deny
// wins); then a registry server from another registry than the fixed one; then, with registryOnly, a
// server that does not come from the registry; then, with an allow-list, a server it does not match.
//
// Matching, rule by rule:
//   {"registry": "io.github.acme/tool"}  a server installed from the registry under that name;
//   {"registry": "io.github.acme/*"}     … under any name in that namespace (names compare ignoring case);
//   {"command": "uvx"}                   a local server whose command's basename is uvx (ignoring case
//                                        and a Windows .exe/.cmd/.bat/.com), wherever it lives;
//   {"command": "/opt/acme/bin/mcp"}     a local server whose command is that path (a rule with a slash);
//   … "args": ["acme-mcp"]               and whose arguments begin with these;
//   {"url": "https://mcp.acme.com"}      a remote server on that origin (scheme, host and port);
//   {"url": "https://acme.com/mcp/"}     a remote server whose URL begins with it, at a path boundary
//                                        (both read by normalUrl: a final dot, case, IDN, default port).
// Deny rules on commands are advice more than a wall: a server started through a shell (sh -c …) or a
// renamed copy escapes them. An allow-list is the control that holds.
import path from 'node:path';
import type { ServerConfig } from '../../config/serverConfig';
import { normalUrl, sameNormalUrl } from '../../policy/normalUrl';
import type { ManagedPolicy, PolicyRule } from './managedPolicy';
import type { PolicyState } from './policyFile';

/** Where a server came from, as far as the policy cares. */
export type ServerOrigin =
  | { kind: 'registry'; name: string; registryUrl: string; version?: string }
  /** An install link, in whose format. */
  | { kind: 'link'; format: string }
  | { kind: 'bundle' }
  /** Typed in, imported from another app, or found in config.json with no recorded origin. */
  | { kind: 'manual' };

export type PolicyVerdict = { allowed: true } | { allowed: false; rule: string; reason: string };

const ORG = "your organization's policy";

export function policyVerdict(
  policy: ManagedPolicy,
  server: ServerConfig,
  origin: ServerOrigin,
): PolicyVerdict {
  const denied = policy.deniedServers.find((w) => matches(w.rule, server, origin));
  if (denied) return refuse(denied.text, `${ORG} denies ${describe(denied.rule)}`);
  if (
    policy.registryUrl !== undefined &&
    origin.kind === 'registry' &&
    !sameNormalUrl(origin.registryUrl, policy.registryUrl)
  )
    return refuse(
      `registryUrl ${JSON.stringify(policy.registryUrl)}`,
      `${ORG} allows registry servers only from ${policy.registryUrl}, and this one comes from ${origin.registryUrl}`,
    );
  if (policy.registryOnly && origin.kind !== 'registry')
    return refuse(
      'registryOnly true',
      `${ORG} allows only servers installed from the registry${policy.registryUrl ? ` (${policy.registryUrl})` : ''}, and this one was ${ADDED[origin.kind]}`,
    );
  if (
    policy.allowedServers !== undefined &&
    !policy.allowedServers.some((w) => matches(w.rule, server, origin))
  )
    return refuse(
      policy.allowedServers.length === 0 ? 'allowedServers []' : 'allowedServers',
      policy.allowedServers.length === 0
        ? `${ORG} allows no servers`
        : `${ORG} allows only the servers it lists, and this one (${what(server, origin)}) matches none of them`,
    );
  return { allowed: true };
}

/**
 * The verdict under whatever the policy file holds: no file, no policy; a file that cannot be used
 * fails closed — every server is refused, and the reason says which file and what is wrong with it.
 */
export function stateVerdict(state: PolicyState, server: ServerConfig, origin: ServerOrigin): PolicyVerdict {
  if (state.kind === 'none') return { allowed: true };
  if (state.kind === 'active') return policyVerdict(state.policy, server, origin);
  return refuse(
    state.path,
    `${ORG} file ${state.path} cannot be used (${state.error}); until it is fixed, no server starts`,
  );
}

const ADDED: Record<ServerOrigin['kind'], string> = {
  registry: 'installed from the registry',
  link: 'added from an install link',
  bundle: 'added from a bundle',
  manual: 'added by hand or imported',
};

const refuse = (rule: string, reason: string): PolicyVerdict => ({ allowed: false, rule, reason });

export function matches(rule: PolicyRule, server: ServerConfig, origin: ServerOrigin): boolean {
  if (rule.registry !== undefined) {
    if (origin.kind !== 'registry') return false;
    const want = rule.registry.toLowerCase();
    const name = origin.name.toLowerCase();
    return want.endsWith('/*') ? name.startsWith(want.slice(0, -1)) : name === want;
  }
  if (rule.command !== undefined) {
    if (server.kind !== 'stdio' || !sameCommand(rule.command, server.command)) return false;
    const args = rule.args ?? [];
    return args.length <= server.args.length && args.every((a, i) => server.args[i] === a);
  }
  if (rule.url !== undefined) return server.kind === 'remote' && urlMatches(rule.url, server.url);
  return false;
}

const hasSeparator = (command: string) => /[\\/]/.test(command);
const WINDOWS_EXECUTABLE = /\.(exe|cmd|bat|com)$/i;

function sameCommand(rule: string, command: string): boolean {
  if (!hasSeparator(rule)) {
    const base = (c: string) =>
      path.posix.basename(c.replace(/\\/g, '/')).replace(WINDOWS_EXECUTABLE, '').toLowerCase();
    return base(rule) === base(command.trim());
  }
  if (!hasSeparator(command)) return false;
  const normal = (c: string) => {
    const p = path.posix.normalize(c.trim().replace(/\\/g, '/'));
    // Windows paths (C:/…) ignore case.
    return /^[A-Za-z]:\//.test(p) ? p.toLowerCase() : p;
  };
  return normal(rule) === normal(command);
}

function urlMatches(rule: string, url: string): boolean {
  const want = normalUrl(rule);
  const have = normalUrl(url);
  if (!want || !have || want.origin !== have.origin) return false;
  if (want.path === '/') return true;
  if (!have.path.startsWith(want.path)) return false;
  const next = have.path[want.path.length];
  return want.path.endsWith('/') || next === undefined || next === '/' || next === '?';
}

function describe(rule: PolicyRule): string {
  if (rule.registry !== undefined)
    return rule.registry.endsWith('/*')
      ? `registry servers under ${rule.registry.slice(0, -2)}`
      : `the registry server ${rule.registry}`;
  if (rule.command !== undefined)
    return `the command ${rule.command}${rule.args?.length ? ` with the arguments ${rule.args.join(' ')}` : ''}`;
  return `servers at ${rule.url}`;
}

function what(server: ServerConfig, origin: ServerOrigin): string {
  if (origin.kind === 'registry') return `registry server ${origin.name}`;
  return server.kind === 'stdio' ? `command ${server.command}` : server.url;
}

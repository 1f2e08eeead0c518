// Whether the managed policy lets a server be added or started. Pure: the same policy, server, origin
// and facts (policyFacts.ts: what the launch really runs, looked up once) always give the same verdict.
// Order: a denied server is refused whatever else matches (deny wins); then a registry server from
// another registry than the fixed one; then, with registryOnly, a server the host did not install from
// the registry; then, with an allow-list, a server it does not match, or one whose env sets a variable
// that changes what runs (launchChangingEnv.ts) — with onlyListedEnv, any variable — which the rule
// that matches it does not name (unnamedEnv.ts).
// Without a registryUrl, only the official registry's names are believed: a server installed from
// another registry counts as not from the registry (registryOnly) and matches no allow rule by
// registry name — any registry can publish under any namespace. Deny rules match it whatever its
// registry.
//
// Matching, rule by rule:
//   {"registry": "io.github.acme/tool"}  a server the host installed from the registry under that name
//                                        (InstallRecords: never config.json's word), still as installed
//                                        (as an allow rule: from the policy's registry, or the official);
//   {"registry": "io.github.acme/*"}     … under any name in that namespace (names compare ignoring case);
//                                        as a deny rule, also any launch naming a package (npm, PyPI,
//                                        OCI, NuGet), source repository or remote address the registry
//                                        lists for it, in any piece of the launch (packageNames.ts);
//   {"command": "uvx"}                   a local server whose program is the file `uvx` finds on the app's
//                                        PATH (real files compared: a look-alike elsewhere is another);
//   {"command": "/opt/acme/bin/mcp"}     a local server whose program is that file;
//   … "args": ["acme-mcp"]               and whose arguments begin with these;
//   … "cwd": "/opt/acme"                 (allow) started in that folder; without it, in none of its own;
//   {"url": "https://mcp.acme.com"}      a remote server on that origin (scheme, host and port);
//   {"url": "https://acme.com/mcp/"}     a remote server whose URL begins with it, at a path boundary
//                                        (both read by normalUrl: a final dot, case, IDN, default port,
//                                        IPv4 written as IPv6, repeated slashes); a path is read every
//                                        way a server might (urlRuleMatches: %2f, ;params, case) — a
//                                        deny rule matches if any reading does, an allow rule if all do.
// A deny rule by command also matches the command as written (its basename, or its path), so it is
// never narrower than before; still, `sh -c …` or a copy under another name escapes it. An allow-list
// is the control that holds.
import path from 'node:path';
import { DEFAULT_REGISTRY_URL } from '../../../shared/host/settings';
import type { ServerConfig } from '../config/serverConfig';
import { launchTokens } from './launchTokens';
import type { ManagedPolicy, PolicyRule, WrittenRule } from './managedPolicy';
import { sameNormalUrl } from './normalUrl';
import { namedIn } from './packageNames';
import { runnerIn } from './packageRunners';
import type { PolicyFacts } from './policyFacts';
import type { PolicyState } from './policyFile';
import { unnamedEnv } from './unnamedEnv';
import { urlRuleMatches } from './urlRuleMatches';

/** Where a server came from, as far as the policy cares (InstallRecords.originOf says). */
export type ServerOrigin =
  | { kind: 'registry'; name: string; registryUrl: string; version?: string }
  /** An install link, in whose format. */
  | { kind: 'link'; format: string }
  | { kind: 'bundle' }
  /** Typed in, imported from another app, or found in config.json with no recorded origin. */
  | { kind: 'manual' };

export type PolicyVerdict = { allowed: true } | { allowed: false; rule: string; reason: string };

const ORG = "your organization's policy";
const ALLOWED: PolicyVerdict = { allowed: true };

export function policyVerdict(
  policy: ManagedPolicy,
  server: ServerConfig,
  origin: ServerOrigin,
  facts: PolicyFacts,
): PolicyVerdict {
  for (const denied of policy.deniedServers) {
    const why = deniedBy(denied.rule, server, origin, facts);
    if (why) return refuse(denied.text, why);
  }
  if (policy.requireSandbox && server.kind === 'stdio' && server.sandboxEnabled !== true)
    return refuse(
      'requireSandbox true',
      `${ORG} lets local servers run only sandboxed, and this one would run with your full rights: turn its sandbox on (Run sandboxed)`,
    );
  if (
    policy.registryUrl !== undefined &&
    origin.kind === 'registry' &&
    !sameNormalUrl(origin.registryUrl, policy.registryUrl)
  )
    return refuse(
      `registryUrl ${JSON.stringify(policy.registryUrl)}`,
      `${ORG} allows registry servers only from ${policy.registryUrl}, and this one comes from ${origin.registryUrl}`,
    );
  const unbelieved = unbelievedName(policy, origin);
  if (policy.registryOnly && (origin.kind !== 'registry' || unbelieved))
    return refuse(
      'registryOnly true',
      `${ORG} allows only servers installed from the registry (${policy.registryUrl ?? DEFAULT_REGISTRY_URL}), and this one was ${unbelieved?.why ?? ADDED[origin.kind]}`,
    );
  if (policy.allowedServers === undefined) return ALLOWED;
  // An unbelieved name matches no registry rule: the server is judged as one added by hand.
  return unbelieved
    ? allowListVerdict(
        policy.allowedServers,
        policy.onlyListedEnv,
        server,
        { kind: 'manual' },
        facts,
        unbelieved.said,
      )
    : allowListVerdict(policy.allowedServers, policy.onlyListedEnv, server, origin, facts);
}

/**
 * Why a registry server's name is not believed, when it is not: without a registryUrl, names are
 * believed only from the official registry, which checks who owns a namespace — any other registry
 * can publish under any name. (With a registryUrl, another registry is refused outright above.)
 */
function unbelievedName(
  policy: ManagedPolicy,
  origin: ServerOrigin,
): { why: string; said: string } | undefined {
  if (origin.kind !== 'registry' || policy.registryUrl !== undefined) return undefined;
  if (sameNormalUrl(origin.registryUrl, DEFAULT_REGISTRY_URL)) return undefined;
  const why = `installed from ${origin.registryUrl}, which ${ORG} does not name: only the official registry's names are believed`;
  return { why, said: `registry server ${origin.name}, ${why}` };
}

/**
 * The verdict under whatever the policy file holds: no file, no policy; a file that cannot be used
 * fails closed — every server is refused, and the reason says which file and what is wrong with it.
 */
export function stateVerdict(
  state: PolicyState,
  server: ServerConfig,
  origin: ServerOrigin,
  facts: PolicyFacts,
): PolicyVerdict {
  if (state.kind === 'none') return ALLOWED;
  if (state.kind === 'active') return policyVerdict(state.policy, server, origin, facts);
  return refuse(
    state.path,
    `${ORG} file ${state.path} cannot be used (${state.error}); until it is fixed, no server starts`,
  );
}

const ADDED: Record<ServerOrigin['kind'], string> = {
  registry: 'installed from the registry',
  link: 'added from an install link',
  bundle: 'added from a bundle',
  manual: 'added by hand, imported, or changed since it was installed',
};

const refuse = (rule: string, reason: string): PolicyVerdict => ({ allowed: false, rule, reason });

function allowListVerdict(
  allowed: WrittenRule[],
  onlyListedEnv: boolean,
  server: ServerConfig,
  origin: ServerOrigin,
  facts: PolicyFacts,
  /** How to name the server in a refusal, when not as what() would. */
  said = what(server, origin, facts),
): PolicyVerdict {
  if (allowed.length === 0) return refuse('allowedServers []', `${ORG} allows no servers`);
  const matching = allowed.filter((w) => allowedBy(w.rule, server, origin, facts));
  if (matching.length === 0)
    return refuse(
      'allowedServers',
      `${ORG} allows only the servers it lists, and this one (${said}) matches none of them`,
    );
  const unnamed = (rule: PolicyRule) =>
    server.kind === 'stdio' ? unnamedEnv(server.env, rule.env ?? [], onlyListedEnv) : [];
  if (matching.some((w) => unnamed(w.rule).length === 0)) return ALLOWED;
  const first = matching[0]!;
  const missing = unnamed(first.rule);
  return refuse(
    first.text,
    onlyListedEnv
      ? `${ORG} allows ${describe(first.rule)} only with the environment variables the rule names (onlyListedEnv), and this one also sets ${missing.join(', ')}`
      : `${ORG} allows ${describe(first.rule)}, but not with ${missing.join(', ')} set in its environment: ${missing.length > 1 ? 'these change' : 'it changes'} what runs or where its packages come from, and the rule does not name ${missing.length > 1 ? 'them' : 'it'}`,
  );
}

/** Whether an allow rule lets this server run (its env aside, which allowListVerdict checks). */
export function allowedBy(
  rule: PolicyRule,
  server: ServerConfig,
  origin: ServerOrigin,
  facts: PolicyFacts,
): boolean {
  if (rule.registry !== undefined)
    return origin.kind === 'registry' && registryNamed(rule.registry, origin.name);
  if (rule.command !== undefined) {
    if (server.kind !== 'stdio' || !argsBegin(rule, server.args) || !sameProgram(rule.command, facts))
      return false;
    return rule.cwd !== undefined ? facts.launch?.cwd === facts.folderOf(rule.cwd) : server.cwd === undefined;
  }
  if (rule.url !== undefined)
    return server.kind === 'remote' && urlRuleMatches(rule.url, server.url, 'every');
  return false;
}

/** Why a deny rule refuses this server, or undefined when it does not. */
export function deniedBy(
  rule: PolicyRule,
  server: ServerConfig,
  origin: ServerOrigin,
  facts: PolicyFacts,
): string | undefined {
  const denies = `${ORG} denies ${describe(rule)}`;
  if (rule.registry !== undefined) {
    if (origin.kind === 'registry' && registryNamed(rule.registry, origin.name)) return denies;
    const named = facts.packagesOf(rule.registry);
    if (server.kind === 'remote') {
      const remote = named.known
        ? named.remotes.find((u) => urlRuleMatches(u, server.url, 'any'))
        : undefined;
      return remote && `${denies}, and this server is its remote address ${remote}`;
    }
    const envValues = Object.values(server.env).filter((v): v is string => typeof v === 'string');
    const launch = [server.command, ...server.args, facts.launch?.realProgram ?? ''];
    const tokens = launchTokens([...launch, ...envValues]);
    if (!named.known) {
      const runner = runnerIn(tokens);
      return (
        runner &&
        `${denies}, and which packages that is could not be read from ${named.registryUrl} (${named.why}): until it can, servers that run a package runner (${runner}) are refused`
      );
    }
    const hit = namedIn(tokens, named);
    if (!hit) return undefined;
    // An env value is not quoted: it may be something the person would rather not see in the record.
    const written = (name: string) =>
      hit.word === name
        ? ''
        : launch.includes(hit.word)
          ? ` (written ${JSON.stringify(hit.word.length > 120 ? `${hit.word.slice(0, 120)}…` : hit.word)})`
          : ' (named in its environment)';
    return hit.kind === 'package'
      ? `${denies}, and this server runs its ${hit.pkg.registryType} package ${hit.pkg.identifier}${written(hit.pkg.identifier)}`
      : `${denies}, and this server runs code from its repository ${hit.url}${written(hit.url)}`;
  }
  if (rule.command !== undefined)
    return server.kind === 'stdio' &&
      argsBegin(rule, server.args) &&
      (sameProgram(rule.command, facts) || sameCommandText(rule.command, server.command))
      ? denies
      : undefined;
  if (rule.url !== undefined && server.kind === 'remote' && urlRuleMatches(rule.url, server.url, 'any'))
    return denies;
  return undefined;
}

function registryNamed(rule: string, name: string): boolean {
  const want = rule.toLowerCase();
  const have = name.toLowerCase();
  return want.endsWith('/*') ? have.startsWith(want.slice(0, -1)) : have === want;
}

const argsBegin = (rule: PolicyRule, args: readonly string[]) => {
  const want = rule.args ?? [];
  return want.length <= args.length && want.every((a, i) => args[i] === a);
};

/** Whether the server's program is the very file the rule's command is (both found, both real). */
function sameProgram(ruleCommand: string, facts: PolicyFacts): boolean {
  const program = facts.launch?.realProgram;
  return program !== undefined && program === facts.programOf(ruleCommand);
}

const hasSeparator = (command: string) => /[\\/]/.test(command);
const WINDOWS_EXECUTABLE = /\.(exe|cmd|bat|com)$/i;

/** The command as written: a bare rule by basename (Windows extensions and case aside), a path by path. */
function sameCommandText(rule: string, command: string): boolean {
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

function describe(rule: PolicyRule): string {
  if (rule.registry !== undefined)
    return rule.registry.endsWith('/*')
      ? `registry servers under ${rule.registry.slice(0, -2)}`
      : `the registry server ${rule.registry}`;
  if (rule.command !== undefined)
    return `the command ${rule.command}${rule.args?.length ? ` with the arguments ${rule.args.join(' ')}` : ''}${rule.cwd ? ` in ${rule.cwd}` : ''}`;
  return `servers at ${rule.url}`;
}

/** The server as the policy judged it: what its command really is here, and where it starts. */
function what(server: ServerConfig, origin: ServerOrigin, facts: PolicyFacts): string {
  if (origin.kind === 'registry') return `registry server ${origin.name}`;
  if (server.kind !== 'stdio') return server.url;
  const program = facts.launch?.realProgram;
  const is =
    program === undefined
      ? ', not found on the PATH Switchboard starts servers with'
      : program !== server.command
        ? `, which is ${program} here`
        : '';
  return `command ${server.command}${is}${server.cwd !== undefined ? `, started in ${server.cwd}` : ''}`;
}

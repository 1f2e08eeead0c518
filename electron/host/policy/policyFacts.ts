import { realpath } from 'node:fs/promises';
import { homedir } from 'node:os';
import path from 'node:path';
import { findProgram } from '../../mcp';
import type { ServerConfig, StdioServerConfig } from '../config/serverConfig';
import type { ManagedPolicy } from './managedPolicy';
import type { PackagesOf } from './registryPackages';

/** A local server's launch as it will really run. */
export interface LaunchFacts {
  /** The program as it will be spawned: found on the app's PATH, or the path written; absent: none. */
  program?: string;
  /** That program's real file, every symbolic link followed: what command rules compare. */
  realProgram?: string;
  /** The real folder it starts in. */
  cwd: string;
}

/** What the policy judges a server by besides its config and origin: gathered once, then read. */
export interface PolicyFacts {
  /** A local server's launch (absent for a remote server). */
  launch?: LaunchFacts;
  /** The real file a command rule's program is on this computer (a bare name: found on the app's PATH). */
  programOf(ruleCommand: string): string | undefined;
  /** The real folder a rule's cwd is. */
  folderOf(ruleCwd: string): string;
  /** What a registry rule names, as the policy's registry says. */
  packagesOf(ruleRegistry: string): PackagesOf;
}

export interface FactSources {
  /** The PATH local servers are found on (searchPathOf): never a server's own. */
  searchPath: string | undefined;
  /** What a registry rule names; only asked for rules in deniedServers. */
  packages?: (rule: string, registryUrl: string | undefined) => Promise<PackagesOf>;
}

const real = (file: string) => realpath(file).catch(() => path.resolve(file));

/** The launch of a local server as the transport will start it (serverLaunch: its folder or the home). */
export async function launchFacts(
  config: StdioServerConfig,
  searchPath: string | undefined,
): Promise<LaunchFacts> {
  const cwd = config.cwd ?? homedir();
  const program = await findProgram(config.command, { searchPath, cwd });
  return { ...(program ? { program, realProgram: await real(program) } : {}), cwd: await real(cwd) };
}

/** Everything `policy` may ask about `server`, looked up now (files, PATH, the registry). */
export async function gatherFacts(
  policy: ManagedPolicy,
  server: ServerConfig,
  sources: FactSources,
): Promise<PolicyFacts> {
  const rules = [...(policy.allowedServers ?? []), ...policy.deniedServers].map((w) => w.rule);
  const programs = new Map<string, string | undefined>();
  const folders = new Map<string, string>();
  const packages = new Map<string, PackagesOf>();
  for (const rule of rules) {
    if (rule.command !== undefined && !programs.has(rule.command)) {
      // A rule's command is a bare name or an absolute path (managedPolicy.ts): no folder to read it against.
      const found = await findProgram(rule.command, { searchPath: sources.searchPath });
      programs.set(rule.command, found && (await real(found)));
    }
    if (rule.cwd !== undefined && !folders.has(rule.cwd)) folders.set(rule.cwd, await real(rule.cwd));
  }
  for (const { rule } of policy.deniedServers)
    if (rule.registry !== undefined && sources.packages && !packages.has(rule.registry))
      packages.set(rule.registry, await sources.packages(rule.registry, policy.registryUrl));
  return {
    ...(server.kind === 'stdio' ? { launch: await launchFacts(server, sources.searchPath) } : {}),
    programOf: (command) => programs.get(command),
    folderOf: (cwd) => folders.get(cwd) ?? path.resolve(cwd),
    packagesOf: (registry) =>
      packages.get(registry) ?? { known: true, packages: [], remotes: [], repositories: [] },
  };
}

import type { ActivityBody, PolicyMoment } from '../../../shared/host/activity';
import type { ServerRefusal } from '../../../shared/host/serverView';
import { searchPathOf } from '../../mcp';
import { parseConfig, type ServerConfig, targetOf } from '../config/serverConfig';
import type { InstallRecords } from './installRecords';
import { gatherFacts } from './policyFacts';
import type { PolicyState } from './policyFile';
import { type ServerOrigin, stateVerdict } from './policyVerdict';
import type { RegistryPackages } from './registryPackages';

export interface PolicyGateDeps {
  /** What the managed policy file holds now. */
  policy: () => PolicyState | undefined;
  /** Where servers came from, as the host recorded its installs (absent: every server by hand). */
  installs?: Pick<InstallRecords, 'originOf'>;
  /** What the policy's registry rules name (absent: only servers installed under those names). */
  packages?: Pick<RegistryPackages, 'of'>;
  /** As the host starts servers: programs are found on the login shell's PATH. */
  resolveShellPath?: boolean;
  /** Where refusals are recorded (the activity record). */
  record?: (entry: ActivityBody) => void;
  redact?: (text: string) => string;
}

/** A verdict on one server, and — for a local one judged under a policy — the program that was judged. */
export interface Judgment {
  refusal?: ServerRefusal;
  /** What to spawn: exactly the file the verdict was about (absent: no policy judged it). */
  program?: string;
}

/**
 * The managed policy applied to servers as they really are: where each came from by the host's own
 * install records, what a local one will really run (its program found on the app's PATH, its real
 * file, its folder, its env), and what a registry rule's entries name. The one place the registry, the
 * install previews and the edit form ask; every refusal it is told of goes into the activity record.
 */
export class PolicyGate {
  constructor(private readonly deps: PolicyGateDeps) {}

  /** The verdict on a configured server, from `origin` when given (a preview of an install), else its record. */
  async judge(config: ServerConfig, origin?: ServerOrigin): Promise<Judgment> {
    const state = this.deps.policy();
    if (!state || state.kind === 'none') return {};
    try {
      return await this.verdict(state, config, origin);
    } catch (error) {
      // A control that cannot judge refuses.
      const why = error instanceof Error ? error.message : String(error);
      return {
        refusal: {
          rule: state.path,
          reason: `Switchboard could not judge this server under your organization's policy (${why})`,
        },
      };
    }
  }

  private async verdict(state: PolicyState, config: ServerConfig, origin?: ServerOrigin): Promise<Judgment> {
    const { installs, packages } = this.deps;
    const from = origin ?? (await installs?.originOf(config)) ?? { kind: 'manual' };
    const facts =
      state.kind === 'active'
        ? await gatherFacts(state.policy, config, {
            searchPath: await searchPathOf(this.deps.resolveShellPath),
            ...(packages ? { packages: (rule, url) => packages.of(rule, url) } : {}),
          })
        : undefined;
    const verdict = stateVerdict(state, config, from, facts ?? NO_FACTS);
    return {
      ...(verdict.allowed ? {} : { refusal: { rule: verdict.rule, reason: verdict.reason } }),
      ...(facts?.launch?.program ? { program: facts.launch.program } : {}),
    };
  }

  /** A server about to be spawned: judged now (a refusal recorded), so what runs is what was judged. */
  readonly atStart = async (config: ServerConfig): Promise<Judgment> => {
    const judgment = await this.judge(config);
    if (judgment.refusal) this.refused(config, 'start', judgment.refusal);
    return judgment;
  };

  /**
   * Why the policy would refuse a server not yet written (`raw` as config.json will hold it), judged
   * exactly as the written one will be; recorded as refused `when`.
   */
  async refusalOf(
    name: string,
    raw: Record<string, unknown>,
    when: PolicyMoment,
    origin?: ServerOrigin,
  ): Promise<ServerRefusal | undefined> {
    const [config] = parseConfig({ mcpServers: { [name]: raw } }).servers;
    if (!config) return undefined;
    const { refusal } = await this.judge(config, origin);
    if (refusal) this.refused(config, when, refusal);
    return refusal;
  }

  /** Records a refusal: the server, what it runs or where it is, the rule and why. */
  refused(config: ServerConfig, when: PolicyMoment, refusal: ServerRefusal): void {
    const redact = this.deps.redact ?? ((text: string) => text);
    this.deps.record?.({
      kind: 'policy-refusal',
      server: config.name,
      when,
      rule: redact(refusal.rule),
      reason: redact(refusal.reason),
      target: redact(targetOf(config)),
    });
  }
}

/** An unusable policy file refuses before any fact is asked. */
const NO_FACTS = {
  programOf: () => undefined,
  folderOf: (cwd: string) => cwd,
  packagesOf: () => ({ known: true as const, packages: [], remotes: [], repositories: [] }),
};

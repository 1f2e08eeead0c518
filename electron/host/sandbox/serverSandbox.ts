import { type SandboxRules, type SandboxView, sandboxRules } from '../../../shared/host/sandboxRules';
import { Emitter, type SpawnedLaunch, type Transport, type WrappedLaunch } from '../../mcp';
import type { StdioServerConfig } from '../config/serverConfig';
import { isInside } from './isInside';
import { allowOf, widenedRules } from './sandboxAllow';
import type { SandboxEngine, SandboxReadiness } from './sandboxEngine';
import { type SandboxPlan, sandboxPlan } from './sandboxPlan';
import { type Denial, denialOfLine, readDenialOfOutput, shownPath, ViolationGroups } from './violationGroups';
import { protectedInside } from './writeProtection';

/** A write `plan` lets through. */
function wasAllowed(target: string, plan: SandboxPlan): boolean {
  return plan.allowWrite.some((d) => isInside(target, d)) && !plan.denyWrite.some((d) => isInside(target, d));
}

/** What a sandbox needs of a server's config: its name (its own folder), launcher and rules. */
export type SandboxedServer = Pick<StdioServerConfig, 'name' | 'command' | 'sandboxEnabled' | 'sandbox'>;

/** What every confined server shares: the engine, where things are, and the organization's rules. */
export interface SandboxHost {
  engine: SandboxEngine;
  /** The person's home folder (whose secret places are hidden). */
  home: string;
  /** Switchboard's data folder (hidden). */
  dataDir: string;
  /** Where confined servers get folders of their own (temp, caches). */
  sandboxHome: string;
  /** The folders the person gave a server. */
  rootsFor(server: string): string[];
  /** Domains the organization allows every confined server, and denies to all. */
  policyDomains?(): { allowed: string[]; denied: string[] };
  /** The first denial of each kind while the app runs, for the activity record. */
  denied?(server: string, denial: { access: Denial['access']; target: string }): void;
  /**
   * Each server's denials by name, kept while the app runs: an edit (an Allow) makes a new session,
   * and the other denials stay on its card.
   */
  denials?: Map<string, ViolationGroups>;
}

/**
 * One local server's sandbox: whether it is confined, the plan it runs under, and what it tried
 * beyond it (grouped, each with the rule that would allow it). Owned by the server's session.
 */
export class ServerSandbox {
  private readonly groups: ViolationGroups;
  private plan: SandboxPlan | undefined;
  private readiness: SandboxReadiness | undefined;
  private readonly changeEmitter = new Emitter<void>();
  readonly onChange = this.changeEmitter.event;

  constructor(
    private readonly config: SandboxedServer,
    private readonly host: SandboxHost,
  ) {
    const kept = host.denials?.get(config.name);
    this.groups =
      kept ??
      new ViolationGroups(host.home, (denial) =>
        allowOf(denial, {
          home: host.home,
          dataDir: host.dataDir,
          policyDenied: (domain) => (host.policyDomains?.().denied ?? []).includes(domain),
        }),
      );
    host.denials?.set(config.name, this.groups);
  }

  get enabled(): boolean {
    return this.config.sandboxEnabled === true;
  }

  /** The wrap the server's transport spawns through, when it is confined. */
  wrap(): ((launch: SpawnedLaunch) => Promise<WrappedLaunch>) | undefined {
    if (!this.enabled) return undefined;
    return async (launch) => {
      this.readiness = await this.host.engine.ready();
      const plan = sandboxPlan({
        name: this.config.name,
        command: this.config.command,
        program: launch.program,
        args: launch.args,
        cwd: launch.cwd ?? this.host.home,
        rules: this.config.sandbox,
        home: this.host.home,
        dataDir: this.host.dataDir,
        sandboxHome: this.host.sandboxHome,
        roots: this.host.rootsFor(this.config.name),
        ...(this.host.policyDomains ? { policyDomains: this.host.policyDomains() } : {}),
      });
      // What makes the person's shell, git or editor run code later stays unwritable in its folders.
      plan.denyWrite = [
        ...new Set([
          ...plan.denyWrite,
          ...protectedInside(
            plan.allowWrite.filter((p) => p !== plan.ownDir),
            this.host.home,
          ),
        ]),
      ];
      this.plan = plan;
      this.changeEmitter.fire();
      return this.host.engine.wrap(launch, plan, (line) => {
        const denial = denialOfLine(line);
        // Linux reports every write *attempt* outside the runtime's base rules: one this server's own
        // rules allowed went through, and is no denial.
        if (denial && !(denial.access === 'write' && wasAllowed(denial.target, plan))) this.note(denial);
      });
    };
  }

  /** What the server prints: a failed open inside a hidden place is a denied read (see readDenialOfOutput). */
  follow(transport: Transport): () => void {
    return transport.onLog((entry) => {
      const plan = this.plan;
      if (entry.source !== 'stderr' || !plan) return;
      const denial = readDenialOfOutput(entry.text, plan.denyRead, plan.allowRead);
      if (denial) this.note(denial);
    });
  }

  private note(denial: Denial): void {
    if (this.groups.add(denial))
      this.host.denied?.(this.config.name, {
        access: denial.access,
        target: denial.access === 'network' ? denial.target : shownPath(denial.target, this.host.home),
      });
    this.changeEmitter.fire();
  }

  /**
   * Allow for this server: `current` (the `sandbox` the file holds now) with what `violationId` was
   * denied allowed.
   */
  allowing(violationId: string, current: unknown): SandboxRules {
    const violation = this.groups.get(violationId);
    if (!violation) throw new Error(`${this.config.name}'s sandbox has no denial ${violationId} (any more)`);
    const rules = sandboxRules.optional().safeParse(current);
    if (!rules.success)
      throw new Error(`${this.config.name}'s "sandbox" in config.json is not valid: fix it first`);
    const widened = widenedRules(rules.data, violation);
    // Allowed: no longer a question (it comes back if the server is denied it again).
    this.groups.delete(violationId);
    return widened;
  }

  view(): SandboxView {
    if (!this.enabled) return { state: 'off' };
    if (this.readiness && !this.readiness.ok)
      return {
        state: 'unavailable',
        missing: this.readiness.missing,
        ...(this.readiness.install ? { install: this.readiness.install } : {}),
      };
    const plan = this.plan;
    const home = this.host.home;
    const fs = this.config.sandbox?.filesystem;
    const own = 'its own folder';
    return {
      state: 'confined',
      writes: plan
        ? plan.allowWrite.map((p) => (p === plan.ownDir ? own : shownPath(p, home)))
        : [own, ...(fs?.allowWrite ?? [])],
      hosts: plan ? plan.allowedDomains : (this.config.sandbox?.network?.allowedDomains ?? []),
      hidden: [
        'credentials, keys, browser profiles and keychains',
        "Switchboard's data folder",
        ...(fs?.denyRead ?? []),
      ],
      violations: this.groups.list(),
    };
  }

  dispose(): void {
    this.changeEmitter.dispose();
  }
}

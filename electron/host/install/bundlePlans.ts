// Bundles opened and not yet made into a server: checked and unpacked (installBundle), waiting for the
// person to fill their form and confirm. A bundle given up — cancelled, expired, or left when the host
// stops — takes its unpacked folder with it; one confirmed becomes the server's, removed with it.
import { randomUUID } from 'node:crypto';
import type { BundleOpened, BundleServerPreview, BundleSourceView } from '../../../shared/host/bundleView';
import { BundleError } from './bundles/bundleError';
import { formProblems } from './bundles/bundleForm';
import { type BundleRuntime, currentRuntime } from './bundles/bundleRuntime';
import { type BundleServerDraft, bundleServerDraft } from './bundles/bundleServerDraft';
import {
  type InstalledBundle,
  type InstallOptions,
  installBundle,
  removeBundle,
} from './bundles/installBundle';
import { bundlePreviewView, bundleServerLaunch } from './bundleViews';
import type { RegistryOrigin } from './registry/registryOrigin';

/** An opened bundle waits this long for its form. */
const TTL_MS = 30 * 60_000;
/** Opened bundles at once: each holds an unpacked folder. */
const MAX_PLANS = 8;

/** What a plan holds besides its draft: given back as is when a confirmed server could not be written. */
interface Opened {
  bundle: InstalledBundle;
  source: BundleSourceView;
  /** The registry entry it was opened from, recorded with its server (absent: a file). */
  registryOrigin?: RegistryOrigin;
}

interface Plan extends Opened {
  at: number;
  draft?: BundleServerDraft;
}

export type BundleOpenOptions = Omit<InstallOptions, 'file' | 'bundlesDir' | 'runtime'> & {
  registryOrigin?: RegistryOrigin;
};

export class BundlePlans {
  private readonly plans = new Map<string, Plan>();

  constructor(
    readonly bundlesDir: string,
    private readonly runtime: BundleRuntime = currentRuntime(),
  ) {}

  /**
   * Checks and unpacks `file` into a plan: its preview, or the refusal saying why (nothing kept).
   * `source` is what the person knows the file by; the config records it as the bundle's file.
   */
  async open(
    file: string,
    source: BundleSourceView,
    { registryOrigin, ...options }: BundleOpenOptions = {},
  ): Promise<BundleOpened> {
    await this.expire();
    if (this.plans.size >= MAX_PLANS)
      return {
        ok: false,
        problem: 'busy',
        message: 'Too many bundles are open at once: finish or cancel one first.',
      };
    let bundle: InstalledBundle;
    try {
      bundle = await installBundle({ ...options, file, bundlesDir: this.bundlesDir, runtime: this.runtime });
    } catch (error) {
      if (error instanceof BundleError) return { ok: false, problem: error.problem, message: error.message };
      throw error;
    }
    const shown = source.kind === 'file' ? source.file : source.url;
    bundle = { ...bundle, origin: { ...bundle.origin, file: shown } };
    const planId = randomUUID();
    this.plans.set(planId, { bundle, source, ...(registryOrigin ? { registryOrigin } : {}), at: Date.now() });
    return { ok: true, ...bundlePreviewView(planId, bundle, source, this.runtime) };
  }

  /** The server the values make, for the person to confirm; nothing is written. */
  prepare(planId: string, name: string, values: Record<string, unknown>): BundleServerPreview {
    const plan = this.require(planId);
    plan.at = Date.now();
    plan.draft = undefined;
    const problems = formProblems(plan.bundle.form, values);
    if (problems.length > 0)
      return { ok: false, problems: problems.map((p) => ({ field: p.key, message: p.message })) };
    try {
      plan.draft = bundleServerDraft(plan.bundle, { name, values, runtime: this.runtime });
    } catch (error) {
      if (error instanceof BundleError) return { ok: false, problems: [{ message: error.message }] };
      throw error;
    }
    return {
      ok: true,
      name,
      launch: bundleServerLaunch(plan.draft),
      secrets: plan.draft.secrets.map((s) => s.id),
    };
  }

  /** The server `prepare` made of a plan (undefined until its settings were reviewed). */
  prepared(planId: string): BundleServerDraft | undefined {
    return this.require(planId).draft;
  }

  /** The prepared server, taken out of the plans: from now on its folder is the server's. */
  take(planId: string): BundleServerDraft {
    const plan = this.require(planId);
    if (!plan.draft) throw new Error('Review the bundle with its settings before adding it');
    this.plans.delete(planId);
    return plan.draft;
  }

  /** A prepared server that could not be written after all: its plan back, to try again or cancel. */
  putBack(planId: string, draft: BundleServerDraft, opened: Opened): void {
    this.plans.set(planId, { ...opened, at: Date.now(), draft });
  }

  /** What the plan was opened from: its bundle, source and registry entry (to record, or to put back). */
  peek(planId: string): Opened {
    const { bundle, source, registryOrigin } = this.require(planId);
    return { bundle, source, ...(registryOrigin ? { registryOrigin } : {}) };
  }

  async cancel(planId: string): Promise<void> {
    const plan = this.plans.get(planId);
    this.plans.delete(planId);
    if (plan) await removeBundle(this.bundlesDir, plan.bundle.origin.dir);
  }

  /** Every open bundle given up (the host stops). */
  async clear(): Promise<void> {
    await Promise.all([...this.plans.keys()].map((id) => this.cancel(id)));
  }

  private require(planId: string): Plan {
    const plan = this.plans.get(planId);
    if (!plan) throw new Error('This bundle has expired or was added already: open it again');
    return plan;
  }

  private async expire(): Promise<void> {
    const now = Date.now();
    for (const [id, plan] of this.plans) if (now - plan.at > TTL_MS) await this.cancel(id);
  }
}

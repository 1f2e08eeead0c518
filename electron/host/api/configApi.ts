import type { CONFIG_METHODS } from '../../../shared/ipc/configContract';
import type { AreaApi } from '../../../shared/ipc/contract';
import { defaultImportPath, type ImportPlan, planImport } from '../config/imports';
import { refuseTakenName } from '../config/refuseTakenName';
import { parseConfig } from '../config/serverConfig';
import { applyImport, draftOf, draftRaw, draftValues, removeServer, saveDraft } from '../config/serverEditor';
import type { HostParts } from '../hostParts';
import { removeUnusedBundle } from '../install/bundleHousekeeping';
import { ExpiringPlans } from './expiringPlans';

/** Import previews wait this long for the person to apply them. */
const PLAN_TTL_MS = 30 * 60_000;

/** The config area of the contract: a server's edit form, and imports from other apps' files. */
export function configApi(host: HostParts) {
  const plans = new ExpiringPlans<ImportPlan>(PLAN_TTL_MS);
  return {
    async getServerDraft(id) {
      const config = host.registry.configOf(id);
      if (!config) throw new Error(`No server named "${id}"`);
      return draftOf(config);
    },
    async saveServer(id, draft, previousId) {
      const renaming = previousId !== null && previousId !== id;
      if (previousId === null || renaming) refuseTakenName(host.registry, id);
      // Its install record goes with the name; its launch, if edited, no longer matches it anyway.
      if (renaming) await host.installs.rename(previousId, id);
      try {
        await saveDraft(id, draft, host.registry, host.secrets, previousId);
      } catch (error) {
        if (renaming && !host.registry.configOf(id))
          await host.installs.rename(id, previousId).catch(() => {});
        throw error;
      }
    },
    async draftRefusal(id, draft, previousId) {
      const existing = host.registry.configOf(previousId ?? id);
      const raw = draftRaw(draft, existing?.raw ?? {}, draftValues(draft));
      // Judged by the record of the server it edits: an edited launch counts as added by hand.
      const [config] = parseConfig({ mcpServers: { [id]: raw } }).servers;
      const origin = existing && config ? await host.installs.originOf(config, existing.name) : undefined;
      return (
        (await host.policy.refusalOf(id, raw, existing ? 'edit' : 'add', origin ?? { kind: 'manual' })) ??
        null
      );
    },
    async removeServer(id) {
      const raw = host.registry.configOf(id)?.raw;
      await removeServer(id, host.registry, host.secrets);
      await host.installs.forget(id);
      // Stopped by now: an installed bundle's files go with the server (unless another still names them).
      await removeUnusedBundle(raw, host.registry.configuredServers(), host.bundlePlans.bundlesDir);
    },
    async previewImport(source, filePath) {
      const plan = await planImport(
        source,
        filePath ?? defaultImportPath(source),
        host.registry.configuredServers(),
      );
      const planId = plans.add(plan);
      // An import is added by hand, whatever its file says of where its servers came from.
      const servers = await Promise.all(
        plan.preview.servers.map(async (s) => {
          const refused = await host.policy.refusalOf(s.name, plan.raws[s.name]!, 'import', {
            kind: 'manual',
          });
          return refused ? { ...s, refused } : s;
        }),
      );
      return { ...plan.preview, servers, planId };
    },
    async applyImport(planId, selection) {
      const plan = plans.get(planId);
      if (!plan) throw new Error('This import preview has expired: preview the file again');
      await applyImport(plan, selection, host.registry, host.secrets);
      plans.delete(planId);
      // A server it replaced is no longer what the host installed under that name.
      for (const name of selection.servers) await host.installs.forget(name);
    },
  } satisfies AreaApi<typeof CONFIG_METHODS>;
}

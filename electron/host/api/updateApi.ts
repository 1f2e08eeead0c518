import { randomUUID } from 'node:crypto';
import type { LaunchView } from '../../../shared/host/updateView';
import type { AreaApi } from '../../../shared/ipc/contract';
import type { UPDATE_METHODS } from '../../../shared/ipc/updateContract';
import { isSecretRef, type ServerConfig, serverToRaw } from '../config/serverConfig';
import { launchSummary } from '../config/serverIdentity';
import type { HostParts } from '../hostParts';
import { checkRuntime, RegistryClient, readOrigin, updateAvailable } from '../install/registry';
import { UpdateChecks } from '../install/updateChecks';
import { buildUpdate, type ServerDraft } from '../install/updateDraft';

/** A prepared update waits this long for the person. */
const TTL_MS = 30 * 60_000;
/** What decides what a server runs or where it connects: replaced whole by an update. */
const LAUNCH_KEYS = ['command', 'args', 'env', 'cwd', 'url', 'type', 'headers'];

function launchView(config: ServerConfig): LaunchView {
  if (config.kind === 'stdio') return { kind: 'stdio', launch: launchSummary(config)! };
  return {
    kind: 'remote',
    url: config.url,
    transport: config.type,
    headers: Object.entries(config.headers)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([name, value]) => (isSecretRef(value) ? { name, secret: true as const } : { name, value })),
  };
}

const UNRECORDED =
  'Switchboard has no record of installing it (installed by an earlier version, imported, or written into config.json): install it again from Browse to take its updates';

/** The store ids a config refers to. */
const refsOf = (config: ServerConfig) =>
  Object.values(config.kind === 'stdio' ? config.env : config.headers)
    .filter(isSecretRef)
    .map((r) => r.$secret);

/**
 * Updates of servers installed from the MCP Registry: a quiet check against the registry each came
 * from, and an update previewed as the launch before and after, written only when confirmed. The
 * trust prompt then stands before a changed local command runs, as for any edit.
 */
export function updateApi(host: HostParts) {
  const checks = new UpdateChecks();
  const plans = new Map<string, { server: string; before: string; draft: ServerDraft; at: number }>();
  const forget = () => {
    const now = Date.now();
    for (const [id, p] of plans) if (now - p.at > TTL_MS) plans.delete(id);
  };
  /** The entry a server was installed from, as the host recorded its install (never config.json's word). */
  const installed = async (server: string) => {
    const config = host.registry.configOf(server);
    if (!config) throw new Error(`No server named "${server}"`);
    const origin = await host.installs.registryOriginOf(server);
    if (!origin)
      throw new Error(
        `${server} was not installed from a registry by Switchboard, so it has no update to take${readOrigin(config.raw) ? `: ${UNRECORDED}` : ''}`,
      );
    return { config, origin };
  };

  return {
    async checkServerUpdate(server) {
      const config = host.registry.configOf(server);
      if (!config) return { state: 'none' };
      const origin = await host.installs.registryOriginOf(server);
      if (!origin) {
        // config.json says where it came from, and nothing the host did says so: not believed.
        const claimed = readOrigin(config.raw);
        return claimed
          ? { state: 'unknown', version: claimed.version, reason: UNRECORDED }
          : { state: 'none' };
      }
      const result = await checks.check(origin);
      if (result.state === 'available')
        return { state: 'available', from: result.from, to: result.to, entry: origin.name };
      if (result.state === 'current') return { state: 'current', version: result.version };
      return { state: 'unknown', version: result.version, reason: result.reason };
    },
    async prepareUpdate({ server, values }) {
      forget();
      const { config, origin } = await installed(server);
      const latest = await new RegistryClient({ baseUrl: origin.registryUrl }).getServer(origin.name);
      const update = updateAvailable(origin, latest);
      if (!update.available)
        throw new Error(
          `${server} is at ${origin.version}, and the registry's latest is ${latest.version}: there is no update to take`,
        );
      const built = await buildUpdate(config, origin, latest, values, host.secrets);
      const labelOf = (key: string) =>
        latest.choices.flatMap((c) => ('fields' in c ? c.fields : [])).find((f) => f.key === key)?.label ??
        key;
      if (!built.ok)
        return {
          ok: false,
          server,
          from: update.from,
          to: update.to,
          problems: built.problems,
          fields: built.fields,
          kept: built.kept,
        };
      const { draft } = built;
      const planId = randomUUID();
      plans.set(planId, { server, before: JSON.stringify(serverToRaw(config)), draft, at: Date.now() });
      const runtime = draft.runtime
        ? await checkRuntime(draft.runtime, { resolveShellPath: host.registry.resolvesShellPath })
        : undefined;
      const old = new Set(refsOf(config));
      // Judged as it will stand once written and recorded as installed at the new version.
      const refused = await host.policy.refusalOf(server, serverToRaw(draft.config), 'update', {
        kind: 'registry',
        name: origin.name,
        registryUrl: origin.registryUrl,
        version: update.to,
      });
      return {
        ok: true,
        planId,
        server,
        entry: origin.name,
        registryUrl: origin.registryUrl,
        from: update.from,
        to: update.to,
        before: launchView(config),
        // The sandbox is the person's (on, off, widened): an update keeps it, and shows it kept.
        after: launchView(
          config.kind === 'stdio' && draft.config.kind === 'stdio'
            ? { ...draft.config, sandboxEnabled: config.sandboxEnabled, sandbox: config.sandbox }
            : draft.config,
        ),
        ...(runtime ? { runtime } : {}),
        kept: built.kept.map(labelOf),
        secrets: Object.keys(draft.secrets).filter((id) => !old.has(id)),
        ...(refused ? { refused } : {}),
      };
    },
    async confirmUpdate(planId) {
      const plan = plans.get(planId);
      if (!plan) throw new Error('This update has expired: prepare it again');
      const { config, origin } = await installed(plan.server);
      if (JSON.stringify(serverToRaw(config)) !== plan.before)
        throw new Error(`${plan.server} changed since this update was prepared: review it again`);
      const raw: Record<string, unknown> = { ...config.raw };
      for (const key of LAUNCH_KEYS) delete raw[key];
      // A sign-in set up for one origin does not follow the server to another.
      if (
        config.kind === 'remote' &&
        (plan.draft.config.kind !== 'remote' ||
          new URL(config.url).origin !== new URL(plan.draft.config.url).origin)
      )
        delete raw.oauth;
      Object.assign(raw, serverToRaw(plan.draft.config));
      // Store first: a config that references a secret which failed to save would not start.
      for (const [id, value] of Object.entries(plan.draft.secrets)) await host.secrets.set(id, value);
      // The host's record follows the update: the entry's new version, the launch it built now.
      await host.installs.installing(
        [{ server: plan.server, from: { kind: 'registry', ...plan.draft.origin }, raw }],
        () =>
          host.registry.upsert(plan.server, raw, {
            via: 'update',
            detail: `${plan.draft.origin.name}@${plan.draft.origin.version}`,
          }),
      );
      plans.delete(planId);
      const now = new Set(Object.keys(plan.draft.secrets));
      for (const ref of refsOf(config)) if (!now.has(ref)) await host.secrets.delete(ref);
      checks.forget(origin);
      return { server: plan.server, version: plan.draft.origin.version };
    },
  } satisfies AreaApi<typeof UPDATE_METHODS>;
}

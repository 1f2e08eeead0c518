import { randomUUID } from 'node:crypto';
import type { AreaApi } from '../../../shared/ipc/contract';
import type { INSTALL_METHODS } from '../../../shared/ipc/installContract';
import { refuseTakenName } from '../config/refuseTakenName';
import { serverToRaw } from '../config/serverConfig';
import { saveNewDrafts } from '../config/serverEditor';
import type { HostParts } from '../hostParts';
import { configuredRegistry } from '../install/configuredRegistry';
import { InstalledEntries } from '../install/installedEntries';
import { linkDraft, linkServerView } from '../install/linkPlan';
import { type LinkServer, parseInstallLink } from '../install/links/installLink';
import { buildDraft, checkRuntime, RegistryPager } from '../install/registry';
import { RegistryIcons } from '../install/registryIcons';
import { entryView, installPreview, type ServerDraftOf, validEntryView } from '../install/registryViews';
import { confinedByDefault, confinedConfig, withSandboxChoice } from '../sandbox/confinedByDefault';
import { ExpiringPlans } from './expiringPlans';

/** A Browse query's pages ("More") and a prepared install wait this long. */
const TTL_MS = 30 * 60_000;
/** Entries per page of Browse. */
const PAGE_SIZE = 30;

/**
 * The install area of the contract: browse the MCP Registry, and install an entry the way a hand-added
 * server is added — written to config.json (secrets to the SecretStore) only when the person confirms
 * what it runs; a local server then waits for the same trust prompt as any new command.
 */
export function installApi(host: HostParts) {
  const pagers = new ExpiringPlans<{ pager: RegistryPager; registryUrl: string }>(TTL_MS);
  const plans = new ExpiringPlans<ServerDraftOf>(TTL_MS);
  const linkPlans = new ExpiringPlans<{ servers: LinkServer[]; format: string }>(TTL_MS);
  const icons = new RegistryIcons();
  const client = () => configuredRegistry(host.settings);
  /** Which entries the configured servers were installed from, as the host recorded it. */
  const installed = () =>
    InstalledEntries.of(Object.keys(host.registry.configuredServers()), (server) =>
      host.installs.registryOriginOf(server),
    );
  const taken = (name: string) => refuseTakenName(host.registry, name);

  return {
    async browseRegistry({ search, browseId }) {
      let held = browseId ? pagers.get(browseId) : undefined;
      if (browseId && !held) throw new Error('This list has expired: search again');
      if (!held) {
        const c = await client();
        held = {
          pager: new RegistryPager(c, {
            ...(search.trim() ? { search: search.trim() } : {}),
            limit: PAGE_SIZE,
          }),
          registryUrl: c.baseUrl,
        };
      }
      const id = browseId ?? randomUUID();
      const [page, mine] = await Promise.all([held.pager.next(), installed()]);
      if (held.pager.done) pagers.delete(id);
      else pagers.set(id, held);
      return {
        registryUrl: held.registryUrl,
        browseId: id,
        entries: page.entries.map((e) => entryView(e, icons, mine)),
        more: !held.pager.done,
      };
    },
    async getRegistryEntry(name) {
      const [entry, mine] = await Promise.all([(await client()).getServer(name), installed()]);
      return validEntryView(entry, icons, mine);
    },
    async registryIcon(ids) {
      return (await icons.icon(ids)) ?? null;
    },
    async checkRuntime(runtime) {
      return checkRuntime(runtime, { resolveShellPath: host.registry.resolvesShellPath });
    },
    async prepareInstall({ entry, choice, values, name }) {
      taken(name);
      // The entry's latest, resolved now: what is confirmed is the concrete version it records.
      const latest = await (await client()).getServer(entry);
      const built = buildDraft(latest, choice, values, { name });
      if (!built.ok) return { ok: false, problems: built.problems };
      // What the registry publishes is no one's own writing here: it starts sandboxed.
      const draft = built.kind === 'server' ? { ...built, config: confinedConfig(built.config) } : built;
      if (draft.kind === 'bundle')
        return {
          ok: false,
          problems: [
            {
              message: `${latest.name} ${latest.version} is an MCP bundle (.mcpb): Browse does not install bundles yet`,
            },
          ],
        };
      const runtime = draft.runtime
        ? await checkRuntime(draft.runtime, { resolveShellPath: host.registry.resolvesShellPath })
        : undefined;
      const planId = plans.add(draft);
      // Judged as it will stand once the host has recorded installing it from this entry.
      const { name: entryName, registryUrl, version } = draft.origin;
      const refused = await host.policy.refusalOf(draft.config.name, draft.config.raw, 'install', {
        kind: 'registry',
        name: entryName,
        registryUrl,
        version,
      });
      return { ok: true, ...installPreview(planId, draft, runtime), ...(refused ? { refused } : {}) };
    },
    async confirmInstall(planId, sandbox) {
      const draft = plans.get(planId);
      if (!draft) throw new Error('This install has expired: prepare it again');
      const { config, secrets } = draft;
      taken(config.name);
      const raw = withSandboxChoice(config.raw, sandbox);
      // Store first: a config that references a secret which failed to save would not start.
      for (const [id, value] of Object.entries(secrets)) await host.secrets.set(id, value);
      // The host's own record of where it came from: the policy believes this, not config.json.
      await host.installs.installing(
        [{ server: config.name, from: { kind: 'registry', ...draft.origin }, raw }],
        () => host.registry.upsert(config.name, raw, { via: 'registry' }),
      );
      plans.delete(planId);
      return { server: config.name };
    },
    async previewLink({ link, from }) {
      const read = parseInstallLink(link, from === null ? {} : { from });
      if (!read.ok) return read;
      const { origin, install, warnings } = read.preview;
      const servers = install.kind === 'servers' ? install.servers : [];
      const planId = linkPlans.add({ servers, format: origin.format });
      const asLinked = { kind: 'link' as const, format: origin.format };
      // What a link adds starts sandboxed (see confirmLink): judged and shown so.
      const confined = servers.map((s) => ({ ...s, config: confinedConfig(s.config) }));
      const refusals = await Promise.all(
        confined.map((s) => host.policy.refusalOf(s.config.name, serverToRaw(s.config), 'link', asLinked)),
      );
      return {
        ok: true,
        planId,
        app: origin.app,
        ...(origin.from !== undefined ? { from: origin.from } : {}),
        warnings,
        servers: confined.map((s, i) =>
          linkServerView(s, {
            exists: host.registry.configOf(s.config.name) !== undefined,
            refused: refusals[i],
          }),
        ),
        ...(install.kind === 'registry'
          ? { registry: { name: install.name, ...(install.version ? { version: install.version } : {}) } }
          : {}),
      };
    },
    async confirmLink(planId, answers) {
      const plan = linkPlans.get(planId);
      if (!plan) throw new Error('This link preview has expired: open the link again');
      // Every draft first: a value left to fill stops the whole link before anything is written.
      const drafts = plan.servers.map((s) => {
        taken(s.config.name);
        return { id: s.config.name, draft: linkDraft(s, answers) };
      });
      // One change: a link's servers are all written, or none of them — each recorded as from the link.
      const from = { kind: 'link' as const, format: plan.format };
      await saveNewDrafts(
        drafts,
        {
          configOf: (id) => host.registry.configOf(id),
          upsert: (id, raw) => host.registry.upsert(id, raw),
          remove: (id) => host.registry.remove(id),
          upsertMany: (drafted, origin) => {
            // The form's drafts carry no sandbox: what a link adds starts confined, as the person chose.
            const raws = Object.fromEntries(
              Object.entries(drafted).map(([server, raw]) => [
                server,
                withSandboxChoice(confinedByDefault(raw), answers.sandbox?.[server]),
              ]),
            );
            return host.installs.installing(
              Object.entries(raws).map(([server, raw]) => ({ server, from, raw })),
              () => host.registry.upsertMany(raws, origin),
            );
          },
        },
        host.secrets,
      );
      linkPlans.delete(planId);
      return { servers: drafts.map((d) => d.id) };
    },
  } satisfies AreaApi<typeof INSTALL_METHODS>;
}

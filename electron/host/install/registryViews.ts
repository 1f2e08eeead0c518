// The registry library's entries and drafts as the page sees them (shared/host/registryView.ts): the
// entry without its raw server.json, and an install's preview without any secret value.
import type {
  InstallPreview,
  RegistryEntryView,
  RuntimeCheckView,
  ValidEntryView,
} from '../../../shared/host/registryView';
import { isSecretRef } from '../config/serverConfig';
import { launchSummary } from '../config/serverIdentity';
import type { InstalledEntries } from './installedEntries';
import { type InstallDraft, type RegistryEntry, suggestedServerName, type ValidEntry } from './registry';
import type { RegistryIcons } from './registryIcons';

/**
 * The entry as the page sees it; its icons as ids `icons` will fetch them by, and the servers installed
 * from it when `installed` is given.
 */
export function validEntryView(
  entry: ValidEntry,
  icons: RegistryIcons,
  installed?: InstalledEntries,
): ValidEntryView {
  const { server: _, repository, icons: declared, ...shown } = entry;
  const installedAs = installed?.of(entry) ?? [];
  return {
    ...shown,
    ...(installedAs.length > 0 ? { installed: installedAs } : {}),
    icons: icons.refs(declared, entry.registryUrl),
    ...(repository
      ? {
          repository: {
            url: repository.url,
            source: repository.source,
            ...(repository.subfolder ? { subfolder: repository.subfolder } : {}),
          },
        }
      : {}),
    suggestedName: suggestedServerName(entry),
  };
}

export function entryView(
  entry: RegistryEntry,
  icons: RegistryIcons,
  installed?: InstalledEntries,
): RegistryEntryView {
  return entry.valid ? validEntryView(entry, icons, installed) : entry;
}

export type ServerDraftOf = Extract<InstallDraft, { kind: 'server' }>;

/** What the person confirms: the launch exactly as the trust prompt will show it, or the URL and headers. */
export function installPreview(
  planId: string,
  draft: ServerDraftOf,
  runtime: RuntimeCheckView | undefined,
): InstallPreview {
  const { config, origin } = draft;
  const common = {
    planId,
    name: config.name,
    origin: {
      registryUrl: origin.registryUrl,
      name: origin.name,
      version: origin.version,
      choice: origin.choice,
    },
    secrets: Object.keys(draft.secrets),
  };
  if (config.kind === 'stdio')
    return { ...common, kind: 'stdio', launch: launchSummary(config)!, ...(runtime ? { runtime } : {}) };
  return {
    ...common,
    kind: 'remote',
    url: config.url,
    transport: config.type === 'sse' ? 'sse' : 'http',
    headers: Object.entries(config.headers)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([name, value]) => (isSecretRef(value) ? { name, secret: true } : { name, value })),
  };
}

// One item of a registry answer (`{server, _meta}`) read whole or not at all: a valid entry with what a
// person needs to choose it, or an invalid one with every reason. Nothing of an invalid entry is used.

import { isRecord } from '../../../../shared/json/isRecord';
import { type InstallChoice, installChoices } from './installChoices';
import type { Icon, Repository, ServerJson } from './serverJson';
import { validateServerJson } from './validateServerJson';

const OFFICIAL_META = 'io.modelcontextprotocol.registry/official';
const REGISTRY_STATUSES = ['active', 'deprecated', 'deleted'] as const;
type RegistryStatus = (typeof REGISTRY_STATUSES)[number];

/** What the registry itself says of the entry (absent fields: the registry did not say). */
interface OfficialMeta {
  status?: RegistryStatus;
  /** Why it is deprecated or deleted, in the publisher's words. */
  statusMessage?: string;
  statusChangedAt?: string;
  publishedAt?: string;
  updatedAt?: string;
  isLatest?: boolean;
}

export interface ValidEntry {
  valid: true;
  registryUrl: string;
  name: string;
  version: string;
  /** The entry's title, else its name. */
  title: string;
  description: string;
  /** http(s) only: another scheme is not a link the app opens. */
  websiteUrl?: string;
  /** Present when its URL is http(s). */
  repository?: Repository;
  /** https only, as the schema asks. */
  icons: Icon[];
  official: OfficialMeta;
  /** What installing it would run or connect to, one choice per package and remote. */
  choices: InstallChoice[];
  server: ServerJson;
}

export interface InvalidEntry {
  valid: false;
  registryUrl: string;
  /** The name and version it gives, when they are strings, to say which entry this is. */
  name?: string;
  version?: string;
  reasons: string[];
}

export type RegistryEntry = ValidEntry | InvalidEntry;

const isStatus = (v: unknown): v is RegistryStatus => REGISTRY_STATUSES.some((s) => s === v);

const isWebUrl = (text: string, protocols = ['http:', 'https:']) =>
  URL.canParse(text) && protocols.includes(new URL(text).protocol);

/** `_meta["io.modelcontextprotocol.registry/official"]` as the OpenAPI document describes it. */
function readOfficial(meta: unknown, reasons: string[]): OfficialMeta {
  const at = `_meta["${OFFICIAL_META}"]`;
  if (meta === undefined) return {};
  if (!isRecord(meta)) {
    reasons.push('_meta must be an object');
    return {};
  }
  const official = meta[OFFICIAL_META];
  if (official === undefined) return {};
  if (!isRecord(official)) {
    reasons.push(`${at} must be an object`);
    return {};
  }
  const out: OfficialMeta = {};
  const { status, statusMessage, isLatest } = official;
  if (status !== undefined) {
    if (isStatus(status)) out.status = status;
    else
      reasons.push(
        `${at}.status must be one of ${REGISTRY_STATUSES.join(', ')} (not ${JSON.stringify(status)})`,
      );
  }
  if (statusMessage !== undefined) {
    if (typeof statusMessage === 'string' && statusMessage.length <= 500) out.statusMessage = statusMessage;
    else reasons.push(`${at}.statusMessage must be a text of at most 500 characters`);
  }
  for (const key of ['statusChangedAt', 'publishedAt', 'updatedAt'] as const) {
    const value = official[key];
    if (value === undefined) continue;
    if (typeof value === 'string' && !Number.isNaN(Date.parse(value))) out[key] = value;
    else reasons.push(`${at}.${key} must be a date and time`);
  }
  if (isLatest !== undefined) {
    if (typeof isLatest === 'boolean') out.isLatest = isLatest;
    else reasons.push(`${at}.isLatest must be true or false`);
  }
  return out;
}

/** `item` as one entry of `registryUrl`'s answer. */
export function readEntry(item: unknown, registryUrl: string): RegistryEntry {
  const invalid = (reasons: string[], server?: unknown): InvalidEntry => {
    const name = isRecord(server) && typeof server.name === 'string' ? server.name.slice(0, 200) : undefined;
    const version =
      isRecord(server) && typeof server.version === 'string' ? server.version.slice(0, 255) : undefined;
    return {
      valid: false,
      registryUrl,
      ...(name !== undefined ? { name } : {}),
      ...(version !== undefined ? { version } : {}),
      reasons,
    };
  };
  if (!isRecord(item)) return invalid(['the entry is not an object {server, _meta}']);
  if (item.server === undefined) return invalid(['the entry has no "server"']);
  const reasons: string[] = [];
  const official = readOfficial(item._meta, reasons);
  const check = validateServerJson(item.server);
  if (!check.ok) reasons.push(...check.reasons);
  if (!check.ok || reasons.length > 0) return invalid(reasons, item.server);
  const server = check.server;
  return {
    valid: true,
    registryUrl,
    name: server.name,
    version: server.version,
    title: server.title ?? server.name,
    description: server.description,
    ...(server.websiteUrl && isWebUrl(server.websiteUrl) ? { websiteUrl: server.websiteUrl } : {}),
    ...(server.repository && isWebUrl(server.repository.url) ? { repository: server.repository } : {}),
    icons: (server.icons ?? []).filter((icon) => isWebUrl(icon.src, ['https:'])),
    official,
    choices: installChoices(server),
    server,
  };
}

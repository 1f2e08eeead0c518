import type { ServerOrigin } from '../../../shared/host/activity';
import type {
  DraftValue,
  ImportSelection,
  OAuthClientDraft,
  SecretDraftValue,
  ServerDraft,
} from '../../../shared/host/serverDraft';
import type { SecretField, SecretStore } from '../secrets/secretStore';
import { secretId, secretRefProblem } from '../secrets/secretStore';
import type { ImportPlan } from './imports';
import { refuseTakenName } from './refuseTakenName';
import {
  type ConfigValue,
  isSecretRef,
  type OAuthClientConfig,
  type RemoteServerConfig,
  type SecretRef,
  type ServerConfig,
} from './serverConfig';

/**
 * Where the edited servers go: the registry, which saves the file and restarts exactly what an edit
 * changed (config/ says what it needs; servers/ provides it).
 */
export interface ConfiguredServers {
  configOf(id: string): ServerConfig | undefined;
  upsert(id: string, raw: Record<string, unknown>): Promise<void>;
  /** Several servers in one save; nothing is written if any of them is invalid. */
  upsertMany(raws: Record<string, Record<string, unknown>>, origin?: ServerOrigin): Promise<void>;
  remove(id: string): Promise<void>;
}

/** The edit form's view of a server: secrets as `{ secret: true, keep: true }`, never their values. */
export function draftOf(config: ServerConfig): ServerDraft {
  const values = (record: Record<string, ConfigValue>): Record<string, DraftValue> =>
    Object.fromEntries(
      Object.entries(record).map(([k, v]) => [
        k,
        isSecretRef(v) ? { secret: true, keep: true } : { value: v },
      ]),
    );
  const common = {
    ...(config.disabled ? { disabled: true } : {}),
    ...(config.requestTimeoutMs ? { requestTimeoutMs: config.requestTimeoutMs } : {}),
    ...(config.maxTotalTimeoutMs ? { maxTotalTimeoutMs: config.maxTotalTimeoutMs } : {}),
    ...(config.protocol ? { protocol: config.protocol } : {}),
  };
  if (config.kind === 'stdio') {
    return {
      kind: 'stdio',
      command: config.command,
      args: [...config.args],
      ...(config.cwd ? { cwd: config.cwd } : {}),
      env: values(config.env),
      ...common,
    };
  }
  return {
    kind: 'remote',
    url: config.url,
    type: config.type,
    headers: values(config.headers),
    ...(config.oauth ? { oauth: oauthDraftOf(config.oauth) } : {}),
    ...common,
  };
}

function oauthDraftOf(oauth: OAuthClientConfig): OAuthClientDraft {
  const kept = { secret: true, keep: true } as const;
  return {
    clientId: oauth.clientId,
    ...(oauth.grant ? { grant: oauth.grant } : {}),
    ...(oauth.algorithm ? { algorithm: oauth.algorithm } : {}),
    ...(oauth.clientSecret ? { clientSecret: kept } : {}),
    ...(oauth.privateKey ? { privateKey: kept } : {}),
  };
}

/** The stored secret a field of `config` refers to: a value, a header, or the OAuth client's secret or key. */
function storedRef(config: ServerConfig, field: SecretField, name: string): unknown {
  if (field === 'oauth') return config.kind === 'remote' ? config.oauth?.[name as 'clientSecret'] : undefined;
  return (config.kind === 'stdio' ? config.env : config.headers)[name];
}

/**
 * Why the stored secret of `name` may not follow the edited server, or undefined when it may. A kept
 * secret goes only where it went before: the same kind of server, the same field and name, and the
 * same program (local) or origin (remote). Anywhere else the person types the value again.
 */
function keepProblem(
  before: ServerConfig | undefined,
  draft: ServerDraft,
  name: string,
  field: SecretField = draft.kind === 'stdio' ? 'env' : 'headers',
): string | undefined {
  const missing = `${field} ${name}: there is no stored secret to keep; enter its value`;
  if (!before) return missing;
  if (before.kind !== draft.kind)
    return `${field} ${name}: the stored secret was for a ${before.kind === 'stdio' ? 'local command' : 'remote server'}; enter the value again for the ${draft.kind === 'stdio' ? 'local command' : 'remote server'}`;
  if (before.kind === 'stdio' && draft.kind === 'stdio' && before.command !== draft.command)
    return `env ${name}: the stored secret was given to ${before.command}; the server now runs ${draft.command}: enter the value again`;
  if (before.kind === 'remote' && draft.kind === 'remote') {
    const was = originOf(before.url);
    const now = originOf(draft.url);
    if (was !== now)
      return `${field} ${name}: the stored secret was sent to ${was}; the server now points to ${now ?? draft.url}: enter the value again`;
  }
  const old = storedRef(before, field, name);
  if (!isSecretRef(old) || secretRefProblem(before.name, field, name, old, before)) return missing;
  return undefined;
}

const originOf = (url: string): string | undefined => (URL.canParse(url) ? new URL(url).origin : undefined);

/**
 * Saves a server from the edit form, under `id` (renamed from `previousId` when given). Values marked
 * secret go to the SecretStore and the file gets references; kept secrets stay only where
 * `keepProblem` allows (a renamed server's move to its new id); secrets no longer referenced are
 * deleted from the store. Unknown fields are kept.
 */
export async function saveDraft(
  id: string,
  draft: ServerDraft,
  registry: ConfiguredServers,
  secrets: SecretStore,
  previousId: string | null = null,
): Promise<void> {
  const renaming = previousId !== null && previousId !== id;
  const existing = registry.configOf(renaming ? previousId : id);
  if (renaming && !existing) throw new Error(`No server named "${previousId}"`);
  const planned = await planSave(id, draft, existing, renaming, secrets);
  // Store first: a config that references a secret which failed to save would not start.
  for (const [ref, value] of planned.toStore) await secrets.set(ref, value);
  await registry.upsert(id, planned.raw);
  if (renaming) {
    await removeServer(previousId, registry, secrets);
    return;
  }
  for (const old of existing ? secretRefsOf(existing) : []) {
    if (!planned.kept.has(old)) await secrets.delete(old);
  }
}

/**
 * Several new servers (an install link's) written as one change: every draft is worked out first, then
 * their secrets stored, then config.json saved once — one of them wrong writes none of them.
 */
export async function saveNewDrafts(
  drafts: { id: string; draft: ServerDraft }[],
  registry: ConfiguredServers,
  secrets: SecretStore,
): Promise<void> {
  const raws: Record<string, Record<string, unknown>> = {};
  const toStore: [string, string][] = [];
  for (const { id, draft } of drafts) {
    // Taken by a server configured, or by one drafted before it in this change.
    refuseTakenName({ configOf: (name) => registry.configOf(name) ?? raws[name] }, id);
    const planned = await planSave(id, draft, undefined, false, secrets);
    raws[id] = planned.raw;
    toStore.push(...planned.toStore);
  }
  for (const [ref, value] of toStore) await secrets.set(ref, value);
  await registry.upsertMany(raws, { via: 'link' });
}

/** What saving a draft writes: its config.json entry, the secrets to store, the stored ones it keeps. */
async function planSave(
  id: string,
  draft: ServerDraft,
  existing: ServerConfig | undefined,
  renaming: boolean,
  secrets: SecretStore,
): Promise<{ raw: Record<string, unknown>; toStore: [string, string][]; kept: Set<string> }> {
  const field = draft.kind === 'stdio' ? 'env' : 'headers';
  const incoming = draft.kind === 'stdio' ? draft.env : draft.headers;
  const values: Record<string, ConfigValue> = {};
  const toStore: [string, string][] = [];
  for (const [name, v] of Object.entries(incoming)) {
    const ref = secretId(id, field, name, draft);
    if ('keep' in v) {
      const problem = keepProblem(existing, draft, name);
      if (problem) throw new Error(problem);
      if (renaming) {
        const old = existing!.kind === 'stdio' ? existing!.env[name] : existing!.headers[name];
        const value = await secrets.get((old as { $secret: string }).$secret);
        if (value === undefined) throw new Error(`The stored secret for ${name} is missing; enter it again`);
        toStore.push([ref, value]);
      }
      values[name] = { $secret: ref };
    } else if (v.secret) {
      toStore.push([ref, v.value]);
      values[name] = { $secret: ref };
    } else {
      values[name] = v.value;
    }
  }
  const oauth =
    draft.kind === 'remote' && draft.oauth
      ? await oauthToSave(id, draft, draft.oauth, existing, renaming, secrets, toStore)
      : undefined;
  const kept = new Set(
    [...Object.values(values), oauth?.clientSecret, oauth?.privateKey]
      .filter(isSecretRef)
      .map((r) => r.$secret),
  );
  return { raw: draftRaw(draft, existing?.raw ?? {}, values, oauth), toStore, kept };
}

/**
 * A draft's env or headers as config.json will hold them, for judging before anything is stored: a
 * secret (typed or kept) as a reference, whose value the policy never needs.
 */
export function draftValues(draft: ServerDraft): Record<string, ConfigValue> {
  return Object.fromEntries(
    Object.entries(draft.kind === 'stdio' ? draft.env : draft.headers).map(([name, v]) => [
      name,
      'keep' in v || v.secret ? { $secret: `${name} (not yet stored)` } : v.value,
    ]),
  );
}

/**
 * config.json's entry for a draft: what the form decides replaced, everything else the entry held kept
 * (its recorded origin, fields the form does not show). `values` are the env or headers as written.
 */
export function draftRaw(
  draft: ServerDraft,
  previous: Record<string, unknown>,
  values: Record<string, ConfigValue>,
  oauth?: OAuthClientConfig,
): Record<string, unknown> {
  const raw: Record<string, unknown> = { ...previous };
  for (const key of [
    'command',
    'args',
    'cwd',
    'env',
    'url',
    'type',
    'headers',
    'oauth',
    'disabled',
    'requestTimeoutMs',
    'maxTotalTimeoutMs',
    'protocol',
  ]) {
    delete raw[key];
  }
  if (draft.kind === 'stdio') {
    Object.assign(raw, { command: draft.command, args: draft.args, env: values });
    if (draft.cwd) raw.cwd = draft.cwd;
  } else {
    Object.assign(raw, { url: draft.url, headers: values });
    if (draft.type !== 'auto') raw.type = draft.type;
    if (oauth) raw.oauth = oauth;
  }
  if (draft.disabled) raw.disabled = true;
  if (draft.requestTimeoutMs) raw.requestTimeoutMs = draft.requestTimeoutMs;
  if (draft.maxTotalTimeoutMs) raw.maxTotalTimeoutMs = draft.maxTotalTimeoutMs;
  if (draft.protocol) raw.protocol = draft.protocol;
  return raw;
}

/**
 * The file form of the form's OAuth client. Its secret and key follow the same rules as any other
 * stored value: typed ones go to the store, kept ones only where `keepProblem` allows.
 */
async function oauthToSave(
  id: string,
  draft: Extract<ServerDraft, { kind: 'remote' }>,
  client: OAuthClientDraft,
  existing: ServerConfig | undefined,
  renaming: boolean,
  secrets: SecretStore,
  toStore: [string, string][],
): Promise<OAuthClientConfig> {
  const stored = async (name: 'clientSecret' | 'privateKey', v: SecretDraftValue | undefined) => {
    if (v === undefined) return undefined;
    const ref: SecretRef = { $secret: secretId(id, 'oauth', name, draft) };
    if (!('keep' in v)) {
      toStore.push([ref.$secret, v.value]);
      return ref;
    }
    const problem = keepProblem(existing, draft, name, 'oauth');
    if (problem) throw new Error(problem);
    if (renaming) {
      const old = (existing as RemoteServerConfig).oauth![name]!;
      const value = await secrets.get(old.$secret);
      if (value === undefined) throw new Error(`The stored ${name} is missing; enter it again`);
      toStore.push([ref.$secret, value]);
    }
    return ref;
  };
  const clientSecret = await stored('clientSecret', client.clientSecret);
  const privateKey = await stored('privateKey', client.privateKey);
  return {
    clientId: client.clientId,
    ...(client.grant ? { grant: client.grant } : {}),
    ...(client.algorithm ? { algorithm: client.algorithm } : {}),
    ...(clientSecret ? { clientSecret } : {}),
    ...(privateKey ? { privateKey } : {}),
  };
}

/** Removes a server from the file, then the secrets it referenced. */
export async function removeServer(
  id: string,
  registry: ConfiguredServers,
  secrets: SecretStore,
): Promise<void> {
  const config = registry.configOf(id);
  await registry.remove(id);
  for (const ref of config ? secretRefsOf(config) : []) await secrets.delete(ref);
}

/** The store ids a server's config refers to (only its own: see secretRefProblem). */
function secretRefsOf(config: ServerConfig): string[] {
  const field = config.kind === 'stdio' ? 'env' : 'headers';
  const own = (f: SecretField, entries: [string, unknown][]) =>
    entries
      .filter(
        (entry): entry is [string, SecretRef] =>
          isSecretRef(entry[1]) && !secretRefProblem(config.name, f, entry[0], entry[1], config),
      )
      .map(([, ref]) => ref.$secret);
  return [
    ...own(field, Object.entries(config.kind === 'stdio' ? config.env : config.headers)),
    ...(config.kind === 'remote' && config.oauth ? own('oauth', Object.entries(config.oauth)) : []),
  ];
}

/** Writes the chosen servers of an import, with their secrets, in one save. */
export async function applyImport(
  plan: ImportPlan,
  selection: ImportSelection,
  registry: ConfiguredServers,
  secrets: SecretStore,
): Promise<void> {
  const chosen = plan.preview.servers.filter((s) => selection.servers.includes(s.name));
  // Work out every value before storing any: a missing input must leave nothing half-written.
  const toStore: [string, string][] = [];
  for (const server of chosen) {
    for (const prompt of server.secrets) {
      if (prompt.origin === 'found') {
        toStore.push([prompt.id, plan.foundSecrets[prompt.id]!]);
        continue;
      }
      const typed = selection.inputs[prompt.id] ?? {};
      let value = prompt.template!;
      for (const inputId of prompt.inputIds ?? []) {
        const v = typed[inputId];
        if (v === undefined)
          throw new Error(`${server.name}: enter a value for "${prompt.description ?? inputId}"`);
        value = value.split(`\${input:${inputId}}`).join(v);
      }
      toStore.push([prompt.id, value]);
    }
  }
  for (const [id, value] of toStore) await secrets.set(id, value);
  await registry.upsertMany(Object.fromEntries(chosen.map((s) => [s.name, plan.raws[s.name]!])), {
    via: 'import',
  });
}

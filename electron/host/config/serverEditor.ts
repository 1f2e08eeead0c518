import type { DraftValue, ImportSelection, ServerDraft } from '../../../shared/host/serverDraft';
import type { SecretStore } from '../secrets/secretStore';
import { secretId } from '../secrets/secretStore';
import type { ServerRegistry } from '../servers/serverRegistry';
import type { ImportPlan } from './imports';
import { type ConfigValue, isSecretRef, type ServerConfig } from './serverConfig';

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
  return { kind: 'remote', url: config.url, type: config.type, headers: values(config.headers), ...common };
}

/**
 * Saves a server from the edit form. Values marked secret go to the SecretStore and the file gets
 * references; secrets no longer referenced are deleted from the store. Unknown fields are kept.
 */
export async function saveDraft(
  id: string,
  draft: ServerDraft,
  registry: ServerRegistry,
  secrets: SecretStore,
): Promise<void> {
  const existing = registry.configOf(id);
  const field = draft.kind === 'stdio' ? 'env' : 'headers';
  const incoming = draft.kind === 'stdio' ? draft.env : draft.headers;
  const before = existing ? (existing.kind === 'stdio' ? existing.env : existing.headers) : {};
  const values: Record<string, ConfigValue> = {};
  const toStore: [string, string][] = [];
  for (const [name, v] of Object.entries(incoming)) {
    const ref = secretId(id, field, name);
    if ('keep' in v) {
      const old = before[name];
      if (!isSecretRef(old))
        throw new Error(`${field} ${name}: there is no stored secret to keep; enter its value`);
      values[name] = old;
    } else if (v.secret) {
      toStore.push([ref, v.value]);
      values[name] = { $secret: ref };
    } else {
      values[name] = v.value;
    }
  }
  const raw: Record<string, unknown> = { ...(existing?.raw ?? {}) };
  for (const key of [
    'command',
    'args',
    'cwd',
    'env',
    'url',
    'type',
    'headers',
    'disabled',
    'requestTimeoutMs',
    'maxTotalTimeoutMs',
  ]) {
    delete raw[key];
  }
  if (draft.kind === 'stdio') {
    Object.assign(raw, { command: draft.command, args: draft.args, env: values });
    if (draft.cwd) raw.cwd = draft.cwd;
  } else {
    Object.assign(raw, { url: draft.url, headers: values });
    if (draft.type !== 'auto') raw.type = draft.type;
  }
  if (draft.disabled) raw.disabled = true;
  if (draft.requestTimeoutMs) raw.requestTimeoutMs = draft.requestTimeoutMs;
  if (draft.maxTotalTimeoutMs) raw.maxTotalTimeoutMs = draft.maxTotalTimeoutMs;
  // Store first: a config that references a secret which failed to save would not start.
  for (const [ref, value] of toStore) await secrets.set(ref, value);
  await registry.upsert(id, raw);
  const kept = new Set(
    Object.values(values)
      .filter(isSecretRef)
      .map((r) => r.$secret),
  );
  for (const old of Object.values(before)) {
    if (isSecretRef(old) && !kept.has(old.$secret)) await secrets.delete(old.$secret);
  }
}

/** Writes the chosen servers of an import, with their secrets, in one save. */
export async function applyImport(
  plan: ImportPlan,
  selection: ImportSelection,
  registry: ServerRegistry,
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
  await registry.upsertMany(Object.fromEntries(chosen.map((s) => [s.name, plan.raws[s.name]!])));
}

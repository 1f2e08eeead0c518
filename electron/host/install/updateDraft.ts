// An installed registry server at the registry's latest version: the same install choice built again
// with what the person chose before (recorded in its origin) and its stored secrets, unless they typed
// something new. A secret follows only where it went before (the same program, or the same origin):
// anywhere else it is asked for again, as the edit form does.
import { type ConfigValue, isSecretRef, type ServerConfig } from '../config/serverConfig';
import type { SecretField, SecretStore } from '../secrets/secretStore';
import { secretRefProblem } from '../secrets/secretStore';
import {
  buildDraft,
  type ChosenValue,
  type InputField,
  type InstallDraft,
  type InstallProblem,
  type InstallValues,
  type RegistryOrigin,
  type ValidEntry,
} from './registry';

export type ServerDraft = Extract<InstallDraft, { kind: 'server' }>;

export type UpdateDraft =
  | {
      ok: true;
      draft: ServerDraft;
      /** Fields whose earlier value (or stored secret) was carried over, by the new version's keys. */
      kept: string[];
    }
  | { ok: false; problems: InstallProblem[]; fields: InputField[]; kept: string[] };

const isDeclaration = (field: InputField) => !field.key.includes('/variables/');

/** The earlier choice for `field`: the same key and name, else the one value of that kind and name. */
function chosenFor(field: InputField, chosen: readonly ChosenValue[]): ChosenValue | undefined {
  const same = (c: ChosenValue) => c.target === field.target && c.label === field.label;
  const byKey = chosen.find((c) => c.key === field.key && same(c));
  if (byKey) return byKey;
  const byName = chosen.filter(same);
  return byName.length === 1 ? byName[0] : undefined;
}

/** The plain value config.json holds for an env variable or header of the same name (a server installed before values were recorded). */
function configured(config: ServerConfig, field: InputField): ConfigValue | undefined {
  if (!isDeclaration(field)) return undefined;
  if (field.target === 'env' && config.kind === 'stdio') return config.env[field.label];
  if (field.target === 'header' && config.kind === 'remote') return config.headers[field.label];
  return undefined;
}

/**
 * `config` (installed as `origin`) rebuilt from `latest`, the values the person `typed` now taking
 * precedence over what is carried over. Nothing is stored or written.
 */
export async function buildUpdate(
  config: ServerConfig,
  origin: RegistryOrigin,
  latest: ValidEntry,
  typed: InstallValues,
  secrets: Pick<SecretStore, 'get'>,
): Promise<UpdateDraft> {
  const choice = latest.choices.find((c) => c.id === origin.choice);
  const fail = (message: string): UpdateDraft => ({
    ok: false,
    problems: [{ message }],
    fields: [],
    kept: [],
  });
  if (!choice)
    return fail(
      `${latest.name} ${latest.version} no longer offers ${origin.choice}, the way it was installed`,
    );
  if (choice.kind === 'unavailable')
    return fail(
      `${latest.name} ${latest.version} cannot be installed the same way: ${choice.reasons.join('; ')}`,
    );
  if (choice.kind === 'bundle')
    return fail(
      `${latest.name} ${latest.version} is now an MCP bundle (.mcpb), which Browse does not install yet`,
    );

  const values: Record<string, string | readonly string[]> = {};
  const kept: string[] = [];
  /** Secrets carried from the store: the reference they were stored under, by field key. */
  const carried = new Map<string, string>();
  for (const field of choice.fields) {
    if (typed[field.key] !== undefined) {
      values[field.key] = typed[field.key]!;
      continue;
    }
    const before = configured(config, field);
    if (field.secret) {
      if (!isSecretRef(before)) continue;
      const kind: SecretField = field.target === 'env' ? 'env' : 'headers';
      if (secretRefProblem(config.name, kind, field.label, before, config)) continue;
      const value = await secrets.get(before.$secret);
      if (value === undefined) continue;
      values[field.key] = value;
      carried.set(field.key, before.$secret);
      kept.push(field.key);
      continue;
    }
    const chosen = chosenFor(field, origin.values ?? []);
    if (chosen) {
      values[field.key] = chosen.value;
      kept.push(field.key);
    } else if (typeof before === 'string' && before !== field.default) {
      values[field.key] = before;
      kept.push(field.key);
    }
  }

  const draft = buildDraft(latest, choice.id, values, { name: config.name });
  if (!draft.ok) return { ok: false, problems: draft.problems, fields: choice.fields, kept };
  if (draft.kind !== 'server') return fail('an MCP bundle cannot be updated from Browse yet');
  // A carried secret goes only where it went: a new program or origin gets a new reference, and then
  // the person types the value for it.
  const stale = [...carried].filter(([, ref]) => !Object.hasOwn(draft.secrets, ref));
  if (stale.length > 0)
    return {
      ok: false,
      problems: stale.map(([key]) => {
        const field = choice.fields.find((f) => f.key === key)!;
        return {
          field: key,
          message: `${field.label}: the stored secret was for ${config.kind === 'stdio' ? config.command : new URL(config.url).origin}; the new version ${draft.config.kind === 'stdio' ? `runs ${draft.config.command}` : `points to ${new URL(draft.config.url).origin}`}: enter it again`,
        };
      }),
      fields: choice.fields,
      kept: kept.filter((k) => !carried.has(k) || !stale.some(([s]) => s === k)),
    };
  return { ok: true, draft, kept };
}

// An install choice and the values filled in, turned into a server exactly as config.json holds one:
// StdioServerConfig or RemoteServerConfig, secrets as {"$secret": id} references with their values
// returned apart for the secret store, and the entry it came from. Nothing is written here.
import {
  type ConfigValue,
  parseConfig,
  type RemoteServerConfig,
  type ServerConfig,
  type StdioServerConfig,
  serverToRaw,
} from '../../config/serverConfig';
import { type SecretTarget, secretId } from '../../secrets/secretStore';
import { keyValueOf, remoteUrl } from './declaredValues';
import type { InputField } from './inputFields';
import { InputResolver, type InstallProblem, type InstallValues } from './inputResolver';
import { installChoices } from './installChoices';
import { packageLaunch, type Runtime } from './packageLaunch';
import { type ChosenValue, ORIGIN_FIELD, originToRaw, type RegistryOrigin } from './registryOrigin';
import { exactVersionProblem } from './safeWords';
import type { ServerJson } from './serverJson';

export interface DraftOptions {
  /** The server's name in config.json (see suggestedServerName). */
  name: string;
}

/** An .mcpb bundle for the bundle installer: nothing of it is in config.json yet. */
interface BundleReference {
  name: string;
  url: string;
  fileSha256: string;
}

export type InstallDraft =
  | {
      ok: true;
      kind: 'server';
      config: ServerConfig;
      /** Secret values by the id their references name; for the secret store, never for the file. */
      secrets: Record<string, string>;
      origin: RegistryOrigin;
      /** The program that must be on PATH (checkRuntime), for a local server. */
      runtime?: Runtime;
    }
  | { ok: true; kind: 'bundle'; bundle: BundleReference; origin: RegistryOrigin }
  | { ok: false; problems: InstallProblem[] };

/** A name for config.json from the entry's: its last part, `io.github.user/weather` → `weather`. */
export function suggestedServerName(server: { name: string }): string {
  const last = server.name.split('/').pop() ?? server.name;
  return last.replace(/[^A-Za-z0-9._-]/g, '-') || 'server';
}

type Values = Record<string, ConfigValue>;

/** Puts each value into `into`, a secret as a reference to its id with the value kept in `secrets`. */
function placeValues(
  values: Record<string, { value: string; secret: boolean }>,
  idOf: (name: string) => string,
  secrets: Record<string, string>,
): Values {
  const into: Values = {};
  for (const [name, { value, secret }] of Object.entries(values)) {
    if (!secret) {
      into[name] = value;
      continue;
    }
    const id = idOf(name);
    into[name] = { $secret: id };
    secrets[id] = value;
  }
  return into;
}

/**
 * The server `choiceId` of `entry` installs, with `values` filled in (by InputField key), or every
 * problem that stops it: nothing half-built is returned.
 */
export function buildDraft(
  entry: { server: ServerJson; registryUrl: string },
  choiceId: string,
  values: InstallValues,
  options: DraftOptions,
): InstallDraft {
  const fail = (problems: InstallProblem[]): InstallDraft => ({ ok: false, problems });
  const { server } = entry;
  const versionProblem = exactVersionProblem(server.version);
  if (versionProblem)
    return fail([{ message: `The entry's version ${versionProblem}: install one concrete version` }]);
  const choice = installChoices(server).find((c) => c.id === choiceId);
  if (!choice)
    return fail([{ message: `${server.name} ${server.version} has no install choice ${choiceId}` }]);
  if (choice.kind === 'unavailable') return fail(choice.reasons.map((message) => ({ message })));
  const name = options.name.trim();
  const chosen = choice.kind === 'bundle' ? [] : chosenValues(choice.fields, values);
  const origin: RegistryOrigin = {
    registryUrl: entry.registryUrl,
    name: server.name,
    version: server.version,
    choice: choiceId,
    ...(chosen.length ? { values: chosen } : {}),
  };
  if (choice.kind === 'bundle')
    return {
      ok: true,
      kind: 'bundle',
      bundle: { name, url: choice.url, fileSha256: choice.fileSha256 },
      origin,
    };

  const r = new InputResolver(values);
  const secrets: Record<string, string> = {};
  const index = Number(choiceId.split('/')[1]);
  let config: StdioServerConfig | RemoteServerConfig | undefined;
  let runtime: Runtime | undefined;
  if (choice.kind === 'package') {
    const launch = packageLaunch(server.packages![index]!, choiceId, r);
    if (launch) {
      runtime = launch.runtime;
      const target: SecretTarget = { kind: 'stdio', command: launch.runtime };
      const env = placeValues(launch.env, (n) => secretId(name, 'env', n, target), secrets);
      config = {
        name,
        kind: 'stdio',
        disabled: false,
        command: launch.runtime,
        args: launch.args,
        env,
        raw: {},
      };
    }
  } else {
    const remote = server.remotes![index]!;
    const url = remoteUrl(remote.url, remote.variables, choiceId, r);
    const headers: Record<string, { value: string; secret: boolean }> = {};
    (remote.headers ?? []).forEach((h, i) => {
      const value = keyValueOf(h, `${choiceId}/headers/${i}`, 'header', r);
      if (value) headers[h.name] = value;
    });
    if (url !== undefined) {
      const target: SecretTarget = { kind: 'remote', url };
      const placed = placeValues(headers, (n) => secretId(name, 'headers', n, target), secrets);
      config = {
        name,
        kind: 'remote',
        disabled: false,
        url,
        type: choice.transport,
        headers: placed,
        raw: {},
      };
    }
  }
  if (r.problems.length > 0 || !config) return fail(r.problems);
  return checkedDraft(config, secrets, origin, runtime);
}

/**
 * What the person chose, to keep through an update: each value given that is not its field's default
 * and not a secret (a secret stays in the secret store only).
 */
function chosenValues(fields: readonly InputField[], values: InstallValues): ChosenValue[] {
  return fields.flatMap((field): ChosenValue[] => {
    const given = values[field.key];
    if (field.secret || given === undefined) return [];
    const value = typeof given === 'string' ? given : given.filter((v) => v !== '');
    if (value.length === 0 || (typeof value === 'string' && value === field.default)) return [];
    return [{ key: field.key, target: field.target, label: field.label, value: value as string | string[] }];
  });
}

/** The draft as config.json will read it: parsed back through the config's own rules. */
function checkedDraft(
  config: ServerConfig,
  secrets: Record<string, string>,
  origin: RegistryOrigin,
  runtime: Runtime | undefined,
): InstallDraft {
  const raw = { ...serverToRaw(config), [ORIGIN_FIELD]: originToRaw(origin) };
  const parsed = parseConfig({ mcpServers: { [config.name]: raw } });
  const problems = [...parsed.issues, ...parsed.invalid.flatMap((s) => s.issues)].map((i) => ({
    message: `${i.path} ${i.message}`,
  }));
  const read = parsed.servers[0];
  if (problems.length > 0 || !read) return { ok: false, problems };
  return { ok: true, kind: 'server', config: read, secrets, origin, ...(runtime ? { runtime } : {}) };
}

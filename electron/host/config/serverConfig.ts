// The de-facto `mcpServers` format (Claude Desktop, Cursor…) plus Switchboard's own fields. Parsing
// never throws: every problem becomes an issue naming the server and field, and the rest still loads.
// The fields, their limits and their messages are the ones the edit form's drafts are checked with
// (shared/host/serverFields.ts); only the file's spelling of values and transports is its own.

import type { ZodType } from 'zod';
import { escapeInvisible, hasInvisible } from '../../../shared/host/invisible';
import { commandLine } from '../../../shared/host/launchText';
import { type SandboxRules, sandboxEnabled, sandboxRules } from '../../../shared/host/sandboxRules';
import {
  type OAuthClientFields,
  oauthClientFields,
  oauthClientProblem,
  plainValue,
  type RemoteEndpoint,
  remoteEndpoint,
  type ServerOptions,
  type StdioLaunch,
  serverOptions,
  stdioLaunch,
  valueName,
} from '../../../shared/host/serverFields';
import { isRecord } from '../../../shared/json/isRecord';

/** A value kept in the SecretStore; the config file holds only this reference. */
export interface SecretRef {
  $secret: string;
}
export type ConfigValue = string | SecretRef;

interface CommonConfig extends Omit<ServerOptions, 'disabled'> {
  name: string;
  disabled: boolean;
  /** The server's object as it stands in the file, unknown fields included: written back as is. */
  raw: Record<string, unknown>;
}
export interface StdioServerConfig extends CommonConfig, StdioLaunch {
  kind: 'stdio';
  env: Record<string, ConfigValue>;
  /** Confined by the sandbox (electron/host/sandbox); VS Code's field name. */
  sandboxEnabled?: boolean;
  /** What the sandbox lets it reach beyond the host's defaults; VS Code's shape. */
  sandbox?: SandboxRules;
}
/** A pre-registered OAuth client: its secret or private key only as references to the SecretStore. */
export interface OAuthClientConfig extends OAuthClientFields {
  clientSecret?: SecretRef;
  privateKey?: SecretRef;
}
export interface RemoteServerConfig extends CommonConfig, RemoteEndpoint {
  kind: 'remote';
  headers: Record<string, ConfigValue>;
  /** Absent: Switchboard registers itself with the server's authorization server. */
  oauth?: OAuthClientConfig;
}
export type ServerConfig = StdioServerConfig | RemoteServerConfig;

interface ConfigIssue {
  /** Where: `mcpServers.github.args[1]`. */
  path: string;
  message: string;
}

export interface ParsedConfig {
  servers: ServerConfig[];
  /** Servers that could not be loaded, with why; the file keeps them untouched. */
  invalid: { name: string; issues: ConfigIssue[] }[];
  /** Problems with the file as a whole. */
  issues: ConfigIssue[];
}

export const isSecretRef = (v: unknown): v is SecretRef =>
  isRecord(v) && typeof v.$secret === 'string' && Object.keys(v).length === 1;

const quote = (name: string) => (/^[A-Za-z0-9_-]+$/.test(name) ? `.${name}` : `[${JSON.stringify(name)}]`);

export function parseConfig(document: unknown): ParsedConfig {
  const result: ParsedConfig = { servers: [], invalid: [], issues: [] };
  if (!isRecord(document)) {
    result.issues.push({ path: '(file)', message: 'must be a JSON object with an "mcpServers" object' });
    return result;
  }
  const servers = document.mcpServers ?? {};
  if (!isRecord(servers)) {
    result.issues.push({ path: 'mcpServers', message: 'must be an object of servers by name' });
    return result;
  }
  for (const [name, raw] of Object.entries(servers)) {
    const issues: ConfigIssue[] = [];
    const server = parseServer(name, raw, `mcpServers${quote(name)}`, issues);
    if (server && issues.length === 0) result.servers.push(server);
    else result.invalid.push({ name, issues });
  }
  return result;
}

/** The file names a transport only when it is not `auto`; other hosts' files say "streamable-http". */
const fileType = remoteEndpoint.shape.type.exclude(['auto'], { error: 'must be "http" or "sse"' });
const TYPE_ALIASES = new Map<unknown, string>([
  ['streamable-http', 'http'],
  ['streamableHttp', 'http'],
]);

type Issue = (field: string, message: string) => void;

/** `value` checked by `schema`; each problem becomes an issue at `field` (and where inside it). */
function check<T>(issue: Issue, field: string, schema: ZodType<T>, value: unknown): T | undefined {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  for (const i of parsed.error.issues) {
    issue(
      field + i.path.map((k) => (typeof k === 'number' ? `[${k}]` : quote(String(k)))).join(''),
      i.message,
    );
  }
  return undefined;
}

function parseServer(
  name: string,
  raw: unknown,
  at: string,
  issues: ConfigIssue[],
): ServerConfig | undefined {
  const issue: Issue = (field, message) => issues.push({ path: `${at}${field}`, message });
  if (name.trim() === '') issue('', 'a server needs a non-empty name');
  // The name is shown everywhere and tells servers apart in consent dialogs: what you see is all of it.
  else if (hasInvisible(name))
    issue('', `the name "${escapeInvisible(name)}" holds invisible or control characters: rename it`);
  if (!isRecord(raw)) {
    issue('', 'must be an object');
    return undefined;
  }
  const options = serverOptions.shape;
  const common: CommonConfig = {
    name,
    disabled: check(issue, '.disabled', options.disabled, raw.disabled) ?? false,
    raw,
  };
  for (const field of ['requestTimeoutMs', 'maxTotalTimeoutMs'] as const) {
    const ms = check(issue, `.${field}`, options[field], raw[field]);
    if (ms !== undefined) common[field] = ms;
  }
  const protocol = check(issue, '.protocol', options.protocol, raw.protocol);
  if (protocol !== undefined) common.protocol = protocol;
  const hasCommand = raw.command !== undefined;
  const hasUrl = raw.url !== undefined;
  if (hasCommand === hasUrl) {
    issue(
      '',
      hasCommand
        ? 'has both "command" and "url": pick one'
        : 'needs "command" (local server) or "url" (remote)',
    );
    return undefined;
  }
  let server: ServerConfig | undefined;
  if (hasCommand) {
    const launch = stdioLaunch.shape;
    const command = check(issue, '.command', launch.command, raw.command);
    const args = check(issue, '.args', launch.args, raw.args ?? []);
    const cwd = check(issue, '.cwd', launch.cwd, raw.cwd);
    const env = parseValues(raw.env, '.env', issue);
    const enabled = check(issue, '.sandboxEnabled', sandboxEnabled.optional(), raw.sandboxEnabled);
    const rules = check(issue, '.sandbox', sandboxRules.optional(), raw.sandbox);
    if (command !== undefined && args !== undefined)
      server = {
        ...common,
        kind: 'stdio',
        command,
        args,
        env,
        ...(cwd !== undefined ? { cwd } : {}),
        ...(enabled !== undefined ? { sandboxEnabled: enabled } : {}),
        ...(rules !== undefined ? { sandbox: rules } : {}),
      };
  } else {
    const url = check(issue, '.url', remoteEndpoint.shape.url, raw.url);
    const type =
      raw.type === undefined
        ? 'auto'
        : check(issue, '.type', fileType, TYPE_ALIASES.get(raw.type) ?? raw.type);
    const headers = parseValues(raw.headers, '.headers', issue);
    // A remote server runs elsewhere: nothing here can confine it, and a setting that seems to is worse.
    for (const field of ['sandboxEnabled', 'sandbox'])
      if (raw[field] !== undefined)
        issue(`.${field}`, 'applies to local servers only (a remote server runs on another computer)');
    const oauth = raw.oauth === undefined ? undefined : parseOAuthClient(raw.oauth, issue);
    if (url !== undefined && type !== undefined)
      server = { ...common, kind: 'remote', url, type, headers, ...(oauth ? { oauth } : {}) };
  }
  return issues.length === 0 ? server : undefined;
}

function parseValues(value: unknown, field: string, issue: Issue): Record<string, ConfigValue> {
  const out: Record<string, ConfigValue> = {};
  if (value === undefined) return out;
  if (!isRecord(value)) {
    issue(field, 'must be an object of names to strings');
    return out;
  }
  for (const [k, v] of Object.entries(value)) {
    const at = `${field}${quote(k)}`;
    if (check(issue, at, valueName, k) === undefined) continue;
    if (isSecretRef(v)) out[k] = v;
    else if (typeof v !== 'string') issue(at, 'must be a string or a secret reference {"$secret": "…"}');
    else if (check(issue, at, plainValue, v) !== undefined) out[k] = v;
  }
  return out;
}

const OAUTH_KEYS = ['clientId', 'clientSecret', 'privateKey', 'grant', 'algorithm'];

function parseOAuthClient(value: unknown, issue: Issue): OAuthClientConfig | undefined {
  if (!isRecord(value)) {
    issue('.oauth', 'must be an object: {"clientId": "…", "clientSecret": {"$secret": "…"}, "grant": "…"}');
    return undefined;
  }
  let ok = true;
  const bad: Issue = (field, message) => {
    ok = false;
    issue(field, message);
  };
  for (const key of Object.keys(value)) {
    if (!OAUTH_KEYS.includes(key))
      bad(`.oauth${quote(key)}`, `is not an oauth field (${OAUTH_KEYS.join(', ')})`);
  }
  const fields = oauthClientFields.shape;
  const clientId = check(bad, '.oauth.clientId', fields.clientId, value.clientId);
  const grant = check(bad, '.oauth.grant', fields.grant, value.grant);
  const algorithm = check(bad, '.oauth.algorithm', fields.algorithm, value.algorithm);
  const secretRef = (key: 'clientSecret' | 'privateKey', what: string): SecretRef | undefined => {
    const v = value[key];
    if (v === undefined) return undefined;
    if (isSecretRef(v)) return v;
    bad(
      `.oauth.${key}`,
      `must be a secret reference {"$secret": "…"}: a ${what} is never written in this file; enter it in the server's settings, which keep it in the secret store`,
    );
    return undefined;
  };
  const clientSecret = secretRef('clientSecret', 'client secret');
  const privateKey = secretRef('privateKey', 'private key');
  if (!ok || clientId === undefined) return undefined;
  const problem = oauthClientProblem({
    grant,
    hasSecret: clientSecret !== undefined,
    hasKey: privateKey !== undefined,
  });
  if (problem) {
    issue('.oauth', problem);
    return undefined;
  }
  return {
    clientId,
    ...(grant ? { grant } : {}),
    ...(algorithm ? { algorithm } : {}),
    ...(clientSecret ? { clientSecret } : {}),
    ...(privateKey ? { privateKey } : {}),
  };
}

/** The command line (quoted as the trust prompt shows it) or URL, as a person reads it. */
export function targetOf(config: ServerConfig): string {
  return config.kind === 'remote' ? config.url : commandLine(config);
}

/** The file form of a server: its raw object with the known fields set from `config`, others kept. */
export function serverToRaw(config: ServerConfig): Record<string, unknown> {
  const raw: Record<string, unknown> = { ...config.raw };
  const set = (key: string, value: unknown, keep: boolean) => {
    if (keep) raw[key] = value;
    else delete raw[key];
  };
  if (config.kind === 'stdio') {
    raw.command = config.command;
    set('args', config.args, config.args.length > 0 || 'args' in config.raw);
    set('env', config.env, Object.keys(config.env).length > 0 || 'env' in config.raw);
    set('cwd', config.cwd, config.cwd !== undefined);
    set('sandboxEnabled', config.sandboxEnabled, config.sandboxEnabled !== undefined);
    set('sandbox', config.sandbox, config.sandbox !== undefined);
    delete raw.url;
    delete raw.type;
    delete raw.headers;
    delete raw.oauth;
  } else {
    raw.url = config.url;
    set('type', config.type, config.type !== 'auto');
    set('headers', config.headers, Object.keys(config.headers).length > 0 || 'headers' in config.raw);
    set('oauth', config.oauth, config.oauth !== undefined);
    delete raw.command;
    delete raw.args;
    delete raw.env;
    delete raw.cwd;
    delete raw.sandboxEnabled;
    delete raw.sandbox;
  }
  set('disabled', config.disabled, config.disabled || 'disabled' in config.raw);
  set('requestTimeoutMs', config.requestTimeoutMs, config.requestTimeoutMs !== undefined);
  set('maxTotalTimeoutMs', config.maxTotalTimeoutMs, config.maxTotalTimeoutMs !== undefined);
  set('protocol', config.protocol, config.protocol !== undefined);
  return raw;
}

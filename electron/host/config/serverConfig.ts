// The de-facto `mcpServers` format (Claude Desktop, Cursor…) plus Switchboard's own fields. Parsing
// never throws: every problem becomes an issue naming the server and field, and the rest still loads.

import { escapeInvisible, hasInvisible } from '../../../shared/host/invisible';

/** A value kept in the SecretStore; the config file holds only this reference. */
export interface SecretRef {
  $secret: string;
}
export type ConfigValue = string | SecretRef;

interface CommonConfig {
  name: string;
  disabled: boolean;
  requestTimeoutMs?: number;
  maxTotalTimeoutMs?: number;
  /** The server's object as it stands in the file, unknown fields included: written back as is. */
  raw: Record<string, unknown>;
}
export interface StdioServerConfig extends CommonConfig {
  kind: 'stdio';
  command: string;
  args: string[];
  env: Record<string, ConfigValue>;
  cwd?: string;
}
export interface RemoteServerConfig extends CommonConfig {
  kind: 'remote';
  url: string;
  /** `auto`: detect Streamable HTTP or legacy SSE (the spec's backwards-compatibility rule). */
  type: 'http' | 'sse' | 'auto';
  headers: Record<string, ConfigValue>;
}
export type ServerConfig = StdioServerConfig | RemoteServerConfig;

export interface ConfigIssue {
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

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
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

function parseServer(
  name: string,
  raw: unknown,
  at: string,
  issues: ConfigIssue[],
): ServerConfig | undefined {
  const issue = (field: string, message: string) => issues.push({ path: `${at}${field}`, message });
  if (name.trim() === '') issue('', 'a server needs a non-empty name');
  // The name is shown everywhere and tells servers apart in consent dialogs: what you see is all of it.
  else if (hasInvisible(name))
    issue('', `the name "${escapeInvisible(name)}" holds invisible or control characters: rename it`);
  if (!isRecord(raw)) {
    issue('', 'must be an object');
    return undefined;
  }
  const common: CommonConfig = { name, disabled: false, raw };
  if (raw.disabled !== undefined) {
    if (typeof raw.disabled === 'boolean') common.disabled = raw.disabled;
    else issue('.disabled', 'must be true or false');
  }
  for (const field of ['requestTimeoutMs', 'maxTotalTimeoutMs'] as const) {
    const v = raw[field];
    if (v === undefined) continue;
    if (typeof v === 'number' && Number.isInteger(v) && v > 0) common[field] = v;
    else issue(`.${field}`, 'must be a positive whole number of milliseconds');
  }
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
  if (hasCommand) {
    if (typeof raw.command !== 'string' || raw.command.trim() === '')
      issue('.command', 'must be a non-empty string');
    const args: string[] = [];
    if (raw.args !== undefined) {
      if (!Array.isArray(raw.args)) issue('.args', 'must be an array of strings');
      else
        raw.args.forEach((a, i) => {
          if (typeof a === 'string') args.push(a);
          else issue(`.args[${i}]`, 'must be a string');
        });
    }
    if (raw.cwd !== undefined && typeof raw.cwd !== 'string') issue('.cwd', 'must be a string (a directory)');
    const env = parseValues(raw.env, '.env', issue);
    return {
      ...common,
      kind: 'stdio',
      command: String(raw.command),
      args,
      env,
      ...(typeof raw.cwd === 'string' ? { cwd: raw.cwd } : {}),
    };
  }
  let url = '';
  if (typeof raw.url !== 'string' || !URL.canParse(raw.url)) issue('.url', 'must be a URL');
  else if (!/^https?:$/.test(new URL(raw.url).protocol)) issue('.url', 'must be an http:// or https:// URL');
  else url = raw.url;
  let type: RemoteServerConfig['type'] = 'auto';
  if (raw.type !== undefined) {
    // "streamable-http"/"streamableHttp" appear in other hosts' files for the same thing.
    const t = raw.type === 'streamable-http' || raw.type === 'streamableHttp' ? 'http' : raw.type;
    if (t === 'http' || t === 'sse') type = t;
    else issue('.type', 'must be "http" or "sse"');
  }
  const headers = parseValues(raw.headers, '.headers', issue);
  return { ...common, kind: 'remote', url, type, headers };
}

function parseValues(
  value: unknown,
  field: string,
  issue: (field: string, message: string) => void,
): Record<string, ConfigValue> {
  const out: Record<string, ConfigValue> = {};
  if (value === undefined) return out;
  if (!isRecord(value)) {
    issue(field, 'must be an object of names to strings');
    return out;
  }
  for (const [k, v] of Object.entries(value)) {
    if (typeof v === 'string' || isSecretRef(v)) out[k] = v;
    else issue(`${field}${quote(k)}`, 'must be a string or a secret reference {"$secret": "…"}');
  }
  return out;
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
    delete raw.url;
    delete raw.type;
    delete raw.headers;
  } else {
    raw.url = config.url;
    set('type', config.type, config.type !== 'auto');
    set('headers', config.headers, Object.keys(config.headers).length > 0 || 'headers' in config.raw);
    delete raw.command;
    delete raw.args;
    delete raw.env;
    delete raw.cwd;
  }
  set('disabled', config.disabled, config.disabled || 'disabled' in config.raw);
  set('requestTimeoutMs', config.requestTimeoutMs, config.requestTimeoutMs !== undefined);
  set('maxTotalTimeoutMs', config.maxTotalTimeoutMs, config.maxTotalTimeoutMs !== undefined);
  return raw;
}

// Turns one server as a link gives it, already in the `mcpServers`-entry form, into a draft in the
// config's shape — checked by parseConfig, so a link is held to exactly what config.json is — plus what
// a person must see before adding it. Refuses (LinkError) what must never be drafted at all.
import { escapeInvisible, hasInvisible } from '../../../../shared/host/invisible';
import { isRecord } from '../../../../shared/json/isRecord';
import { isSecretRef, parseConfig } from '../../config/serverConfig';
import { isSecretName } from '../../logs/redactor';
import { LinkError, type LinkServer, type LinkValueRef } from './linkTypes';

const MAX_NAME_LENGTH = 100;

/** The fields every host's link may set: the de-facto `mcpServers` entry. */
export const ENTRY_FIELDS = ['command', 'args', 'env', 'cwd', 'url', 'type', 'headers'] as const;
/** Switchboard's own links may also set Switchboard's own fields (never a stored secret). */
export const SWITCHBOARD_FIELDS = [
  ...ENTRY_FIELDS,
  'requestTimeoutMs',
  'maxTotalTimeoutMs',
  'protocol',
  'oauth',
  'disabled',
] as const;

export interface DraftOptions {
  fields: readonly string[];
  /** VS Code inputs by id: their descriptions become hints for the values that use them. */
  inputs?: Map<string, string | undefined>;
  /** Values that are only prompts (Goose's `env=NAME=description`): name → what to ask. */
  prompts?: Map<string, string>;
  description?: string;
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it finds
const CONTROL = /[\u0000-\u001f\u007f]/;
const INPUT = /\$\{input:([^}]+)\}/g;
const VARIABLE = /\$\{(?!input:)[^}]+\}/;
/** What docs write where your own value goes: `<YOUR_TOKEN>`, `YOUR_API_KEY`, `${input:…}`, `xxxx`. */
const PLACEHOLDER = /<[^<>]*>|\$\{[^}]*\}|\byour[-_ ]|replace[-_ ]?(?:me|with)|x{4,}/i;

function checkName(name: string): string {
  const trimmed = name.trim();
  if (trimmed === '') throw new LinkError('the link gives the server an empty name');
  if (Array.from(trimmed).length > MAX_NAME_LENGTH)
    throw new LinkError(`the server's name is longer than ${MAX_NAME_LENGTH} characters`);
  if (hasInvisible(trimmed))
    throw new LinkError(
      `the server's name "${escapeInvisible(trimmed)}" holds invisible or control characters`,
    );
  return trimmed;
}

/** A URL the link says a server lives at: http(s) only, whatever the link's own format allows. */
export function checkServerUrl(url: unknown, what = 'the server URL'): string {
  if (typeof url !== 'string' || url.trim() === '') throw new LinkError(`${what} is missing`);
  if (!URL.canParse(url)) throw new LinkError(`${what} is not a URL`);
  const protocol = new URL(url).protocol;
  if (protocol !== 'https:' && protocol !== 'http:')
    throw new LinkError(`${what} is a ${protocol} URL: only http:// and https:// servers can be added`);
  return url;
}

export function draftServer(rawName: string, entry: unknown, options: DraftOptions): LinkServer {
  const name = checkName(rawName);
  if (!isRecord(entry)) throw new LinkError(`the server "${name}" is not a JSON object`);
  const warnings: string[] = [];
  const raw: Record<string, unknown> = {};
  const ignored: string[] = [];
  for (const [key, value] of Object.entries(entry)) {
    if (options.fields.includes(key)) raw[key] = value;
    else ignored.push(key);
  }
  if (ignored.length > 0)
    warnings.push(
      `left out what Switchboard does not use: ${ignored.map((k) => JSON.stringify(k)).join(', ')}`,
    );
  if (containsSecretRef(raw))
    throw new LinkError(
      `the server "${name}" refers to a stored secret ({"$secret": …}): a link may bring values, never references to Switchboard's secrets`,
    );

  if (raw.command !== undefined) {
    if (typeof raw.command === 'string' && CONTROL.test(raw.command))
      throw new LinkError(`the command of "${name}" holds a line break, NUL or other control character`);
    if (raw.type !== undefined && raw.type !== 'stdio')
      throw new LinkError(`the server "${name}" has a command and "type": ${JSON.stringify(raw.type)}`);
    delete raw.type;
    checkLaunchText(name, raw, warnings);
  }
  if (raw.url !== undefined) {
    checkServerUrl(raw.url, `the URL of "${name}"`);
    const url = new URL(raw.url as string);
    if (url.username || url.password) warnings.push('the URL carries a user name or password, shown here');
    if (url.protocol === 'http:' && !isLoopback(url.hostname))
      warnings.push(`${url.origin} is plain http: what is sent to it (headers, tokens) is not encrypted`);
  }
  for (const field of ['env', 'headers'] as const) checkValueNames(name, field, raw[field]);

  const parsed = parseConfig({ mcpServers: { [name]: raw } });
  const invalid = parsed.invalid[0];
  if (invalid) {
    const prefix = /^mcpServers(\.[A-Za-z0-9_-]+|\[".*?"\])/;
    const issues = invalid.issues.map(
      (i) => `${i.path.replace(prefix, '').replace(/^\./, '') || 'the server'}: ${i.message}`,
    );
    throw new LinkError(`the server "${name}" cannot be added: ${issues.join('; ')}`);
  }
  const config = parsed.servers[0]!;
  const secretLooking: LinkValueRef[] = [];
  const needsValue: LinkServer['needsValue'] = [];
  const field: LinkValueRef['field'] = config.kind === 'stdio' ? 'env' : 'headers';
  const values = config.kind === 'stdio' ? config.env : config.headers;
  const stray = config.kind === 'stdio' ? raw.headers : raw.env;
  if (isRecord(stray) && Object.keys(stray).length > 0)
    warnings.push(
      `${field === 'env' ? 'headers' : 'env'} left out: a ${config.kind === 'stdio' ? 'local' : 'remote'} server has none`,
    );
  for (const [key, value] of Object.entries(values)) {
    if (typeof value !== 'string') continue;
    const ref: LinkValueRef = { field, name: key };
    const prompt = options.prompts?.get(key);
    const inputs = [...value.matchAll(INPUT)].map((m) => m[1]!);
    if (prompt !== undefined) {
      needsValue.push({ ...ref, ...(prompt ? { hint: prompt } : {}) });
    } else if (inputs.length > 0) {
      const hint = options.inputs?.get(inputs[0]!);
      needsValue.push({ ...ref, ...(hint ? { hint } : {}) });
      warnings.push(
        `${field} ${key} asks for ${inputs.map((i) => `\${input:${i}}`).join(', ')}: enter the value before it starts`,
      );
    } else if (value === '' || PLACEHOLDER.test(value)) {
      needsValue.push(ref);
      if (VARIABLE.test(value))
        warnings.push(
          `${field} ${key} uses ${value.match(VARIABLE)![0]}, which Switchboard does not expand: edit it before it starts`,
        );
    } else if (isSecretName(key)) {
      secretLooking.push(ref);
      warnings.push(
        `${field} ${key} looks like a secret: the link carries its value in plain text, so it is shown here (anyone who saw the link has it)`,
      );
    }
  }
  return {
    config,
    ...(options.description ? { description: options.description } : {}),
    secretLooking,
    needsValue,
    warnings,
  };
}

function checkLaunchText(name: string, raw: Record<string, unknown>, warnings: string[]): void {
  const texts: [string, unknown][] = [['the command', raw.command]];
  if (Array.isArray(raw.args))
    texts.push(...raw.args.map((a, i): [string, unknown] => [`argument ${i + 1}`, a]));
  if (raw.cwd !== undefined) texts.push(['the working folder', raw.cwd]);
  for (const [what, text] of texts) {
    if (typeof text !== 'string') continue;
    if (text.includes('\0')) throw new LinkError(`${what} of "${name}" holds a NUL character`);
    if (what !== 'the command' && CONTROL.test(text))
      warnings.push(`${what} holds a line break or control character`);
    if (VARIABLE.test(text))
      warnings.push(
        `${what} uses ${text.match(VARIABLE)![0]}, which Switchboard does not expand: edit it before it starts`,
      );
  }
  if (typeof raw.cwd === 'string') warnings.push(`it runs in the folder ${raw.cwd}`);
}

function checkValueNames(name: string, field: 'env' | 'headers', values: unknown): void {
  if (!isRecord(values)) return;
  for (const [key, value] of Object.entries(values)) {
    if (CONTROL.test(key) || (field === 'env' && key.includes('=')))
      throw new LinkError(
        `${field} of "${name}" has a name holding ${field === 'env' ? '"=" or ' : ''}a control character`,
      );
    if (typeof value !== 'string') continue;
    if (value.includes('\0')) throw new LinkError(`${field} ${key} of "${name}" holds a NUL character`);
    if (field === 'headers' && CONTROL.test(value))
      throw new LinkError(`header ${key} of "${name}" holds a line break or control character`);
  }
}

function containsSecretRef(value: unknown): boolean {
  if (isSecretRef(value)) return true;
  if (Array.isArray(value)) return value.some(containsSecretRef);
  return isRecord(value) && Object.values(value).some(containsSecretRef);
}

function isLoopback(host: string): boolean {
  return host === 'localhost' || host === '[::1]' || /^127\.\d+\.\d+\.\d+$/.test(host);
}

import { readFile, stat } from 'node:fs/promises';
import { homedir } from 'node:os';
import path from 'node:path';
import type {
  ImportPreview,
  ImportSource,
  ImportValue,
  SecretPrompt,
} from '../../../shared/host/serverDraft';
import { isRecord } from '../../../shared/json/isRecord';
import { jsonFault } from '../../store/jsonFault';
import { isSecretName } from '../logs/redactor';
import { type SecretTarget, secretId } from '../secrets/secretStore';
import { isSecretRef, parseConfig, targetOf } from './serverConfig';

export type { ImportSource };

/** Where each app keeps its MCP servers (VS Code: the user-level mcp.json). */
export function defaultImportPath(
  source: ImportSource,
  env: NodeJS.ProcessEnv = process.env,
  platform: NodeJS.Platform = process.platform,
): string {
  const home = env.HOME ?? homedir();
  const appData =
    platform === 'darwin'
      ? path.join(home, 'Library', 'Application Support')
      : platform === 'win32'
        ? (env.APPDATA ?? path.join(home, 'AppData', 'Roaming'))
        : (env.XDG_CONFIG_HOME ?? path.join(home, '.config'));
  if (source === 'claude-desktop') return path.join(appData, 'Claude', 'claude_desktop_config.json');
  if (source === 'cursor') return path.join(home, '.cursor', 'mcp.json');
  return path.join(appData, 'Code', 'User', 'mcp.json');
}

/** The preview plus what applying needs; stays in the host. */
export interface ImportPlan {
  preview: ImportPreview;
  raws: Record<string, Record<string, unknown>>;
  /** Values found in the source file under secret-looking names, by secret id. */
  foundSecrets: Record<string, string>;
}

const INPUT = /\$\{input:([^}]+)\}/g;
const OTHER_VARIABLE = /\$\{(?!input:)[^}]+\}/;

export async function planImport(
  source: ImportSource,
  filePath: string,
  existing: Record<string, unknown>,
): Promise<ImportPlan> {
  const document = await readImportFile(filePath);
  // What each configured server runs or reaches, to flag an import that duplicates one.
  const configured = parseConfig({ mcpServers: existing }).servers.map((s) => ({
    name: s.name,
    target: targetOf(s),
  }));
  const doc = (typeof document === 'object' && document !== null ? document : {}) as Record<string, unknown>;
  const servers = (source === 'vscode' ? doc.servers : doc.mcpServers) as Record<string, unknown> | undefined;
  const inputs = new Map<string, { description?: string }>();
  if (source === 'vscode' && Array.isArray(doc.inputs)) {
    for (const input of doc.inputs as { id?: unknown; description?: unknown }[]) {
      if (typeof input?.id === 'string')
        inputs.set(input.id, {
          description: typeof input.description === 'string' ? input.description : undefined,
        });
    }
  }
  const plan: ImportPlan = {
    preview: { source, path: filePath, servers: [], warnings: [] },
    raws: {},
    foundSecrets: {},
  };
  if (typeof servers !== 'object' || servers === null) {
    plan.preview.warnings.push(
      `${filePath} has no "${source === 'vscode' ? 'servers' : 'mcpServers'}" object: nothing to import`,
    );
    return plan;
  }
  for (const [name, value] of Object.entries(servers)) {
    const warnings: string[] = [];
    const secrets: SecretPrompt[] = [];
    const sent: ImportValue[] = [];
    const raw = convert(source, value, warnings);
    // A file brings values, never references into Switchboard's store: a {"$secret": …} here would
    // hand this server whatever the store keeps under that id (the API key, another server's token).
    const references = (['env', 'headers'] as const).flatMap((field) =>
      Object.entries(isRecord(raw[field]) ? raw[field] : {})
        .filter(([, v]) => isSecretRef(v))
        .map(([key]) => `${field}.${key}`),
    );
    if (references.length > 0) {
      plan.preview.warnings.push(
        `${name} skipped: ${references.join(', ')} ${references.length === 1 ? 'refers' : 'refer'} to a stored secret ({"$secret": …}); an imported file may bring values, never references to Switchboard's secrets`,
      );
      continue;
    }
    // Stored values are bound to where this server sends them (see secretId).
    const target: SecretTarget =
      typeof raw.url === 'string'
        ? { kind: 'remote', url: raw.url }
        : { kind: 'stdio', command: String(raw.command ?? '') };
    for (const field of ['env', 'headers'] as const) {
      const values = raw[field] as Record<string, unknown> | undefined;
      if (!values || typeof values !== 'object') continue;
      for (const [key, v] of Object.entries(values)) {
        if (typeof v !== 'string') continue;
        const ids = [...v.matchAll(INPUT)].map((m) => m[1]!);
        const id = secretId(name, field, key, target);
        if (ids.length > 0) {
          const unknown = ids.filter((i) => !inputs.has(i));
          if (unknown.length > 0)
            warnings.push(`${field} ${key} uses undeclared input(s) ${unknown.join(', ')}`);
          secrets.push({
            id,
            server: name,
            field,
            name: key,
            origin: 'input',
            description: inputs.get(ids[0]!)?.description,
            template: v,
            inputIds: ids,
          });
          values[key] = { $secret: id };
          sent.push({ field, name: key, secret: 'input' });
        } else if (isSecretName(key) && v !== '' && !OTHER_VARIABLE.test(v)) {
          secrets.push({ id, server: name, field, name: key, origin: 'found' });
          plan.foundSecrets[id] = v;
          values[key] = { $secret: id };
          sent.push({ field, name: key, secret: 'found' });
        } else {
          if (OTHER_VARIABLE.test(v))
            warnings.push(
              `${field} ${key} uses ${v.match(OTHER_VARIABLE)![0]}, which Switchboard does not expand: edit it after import`,
            );
          sent.push({ field, name: key, value: v });
        }
      }
    }
    const parsed = parseConfig({ mcpServers: { [name]: raw } });
    if (parsed.invalid.length > 0) {
      plan.preview.warnings.push(
        `${name} skipped: ${parsed.invalid[0]!.issues.map((i) => `${i.path.replace('mcpServers', source)}: ${i.message}`).join('; ')}`,
      );
      continue;
    }
    const server = parsed.servers[0]!;
    plan.raws[name] = raw;
    const sends = server.kind === 'stdio' ? 'env' : 'headers';
    plan.preview.servers.push({
      name,
      kind: server.kind,
      target: targetOf(server),
      sendsTo: server.kind === 'stdio' ? 'the environment of the local command' : new URL(server.url).origin,
      ...(server.kind === 'stdio' && server.cwd ? { cwd: server.cwd } : {}),
      exists: name in existing,
      ...sameAsOf(configured, name, targetOf(server)),
      // Only what the server kind sends: a remote server's stray env (or a command's headers) goes nowhere.
      values: sent.filter((v) => v.field === sends),
      secrets: secrets.filter((p) => p.field === sends),
      warnings,
    });
  }
  return plan;
}

function sameAsOf(configured: { name: string; target: string }[], name: string, target: string) {
  const twin = configured.find((c) => c.name !== name && c.target === target);
  return twin ? { sameAs: twin.name } : {};
}

/** The largest file an import reads: MCP configs are a few kilobytes. */
const MAX_IMPORT_BYTES = 1024 * 1024;

/**
 * Reads a config file to import. The path comes from the page, so only a JSON file is read (not any
 * file the app can open), and no error quotes its contents: a wrong path must not become a way to
 * read the start of ~/.ssh/id_ed25519 through an error message.
 */
async function readImportFile(filePath: string): Promise<unknown> {
  const fail = (why: string) => new Error(`Cannot import from ${filePath}: ${why}`);
  if (!path.isAbsolute(filePath)) throw fail('give the full path of the file');
  if (!/\.jsonc?$/i.test(filePath)) throw fail('only .json (or VS Code .jsonc) config files are imported');
  let text: string;
  try {
    const info = await stat(filePath);
    if (!info.isFile()) throw fail('not a file');
    if (info.size > MAX_IMPORT_BYTES)
      throw fail(`larger than ${MAX_IMPORT_BYTES / 1024} KiB: not an MCP config`);
    text = await readFile(filePath, 'utf8');
  } catch (error) {
    if ((error as Error).message.startsWith('Cannot import')) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    throw fail(
      code === 'ENOENT' ? 'no such file' : code === 'EACCES' ? 'permission denied' : 'cannot be read',
    );
  }
  const json = stripJsonComments(text);
  try {
    return JSON.parse(json);
  } catch (error) {
    throw fail(jsonFault(json, error));
  }
}

/** One server in the source's format → ours. Unknown fields travel along. */
function convert(source: ImportSource, value: unknown, warnings: string[]): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return { invalid: value };
  const raw: Record<string, unknown> = structuredClone(value as Record<string, unknown>);
  for (const field of ['env', 'headers'] as const) {
    if (raw[field] && typeof raw[field] === 'object') raw[field] = { ...(raw[field] as object) };
  }
  if (source === 'vscode') {
    if (raw.type === 'stdio') delete raw.type;
    if ('envFile' in raw) warnings.push('envFile is not supported: add those variables to env after import');
  }
  return raw;
}

/** VS Code's mcp.json is JSONC: comments, then trailing commas, are dropped; strings are left alone. */
function stripJsonComments(text: string): string {
  const withoutComments = scan(text, (t, i) => {
    if (t[i] === '/' && t[i + 1] === '/') {
      const end = t.indexOf('\n', i);
      return { skip: (end === -1 ? t.length : end) - i };
    }
    if (t[i] === '/' && t[i + 1] === '*') {
      const end = t.indexOf('*/', i + 2);
      return { skip: (end === -1 ? t.length : end + 2) - i, replace: ' ' };
    }
    return undefined;
  });
  return scan(withoutComments, (t, i) =>
    t[i] === ',' && /^\s*[}\]]/.test(t.slice(i + 1, i + 200)) ? { skip: 1 } : undefined,
  );
}

/** Copies `text`, letting `at` drop (or replace) spans that start outside string literals. */
function scan(
  text: string,
  at: (t: string, i: number) => { skip: number; replace?: string } | undefined,
): string {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    if (text[i] === '"') {
      const start = i;
      for (i++; i < text.length && text[i] !== '"'; i++) if (text[i] === '\\') i++;
      out += text.slice(start, i + 1);
      continue;
    }
    const drop = at(text, i);
    if (drop) {
      out += drop.replace ?? '';
      i += drop.skip - 1;
    } else out += text[i];
  }
  return out;
}

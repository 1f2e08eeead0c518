import { createHash } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import { parse as parseYaml } from 'yaml';
import { fieldOf } from '../../../shared/fieldOf';
import type { ReadResourceResult, ResourceContents, ServerCapabilities } from '../../../shared/mcp/protocol';
import { ErrorCode } from '../jsonrpc/errorCodes';
import { McpError } from '../mcpError';
import type { CallOptions } from './mcpClientOptions';
import { collectPages, type Requester } from './pagination';

/**
 * The Skills extension (SEP-2640, `io.modelcontextprotocol/skills`): a server lists skills with
 * `skills/list`, each entry naming its SKILL.md, its frontmatter, and every file with a sha256
 * digest and a byte size. Nothing of a skill is read until a person chooses to load it; then each
 * file read is verified against its entry (size, digest; SKILL.md's frontmatter field by field)
 * and nothing unverified is used.
 */
const SKILLS_EXTENSION = 'io.modelcontextprotocol/skills';
/** SEP-2640's limits for one skill. */
const MAX_SKILL_FILES = 512;
const MAX_SKILL_BYTES = 16 * 1024 * 1024;

interface SkillFile {
  uri: string;
  /** `sha256:` and 64 lowercase hex digits. */
  digest: string;
  size: number;
}
export interface SkillEntry {
  /** skill://<skill-path>/SKILL.md */
  uri: string;
  frontmatter: { name: string; description: string } & Record<string, unknown>;
  resources: SkillFile[];
}
export interface LoadedSkill {
  entry: SkillEntry;
  /** SKILL.md first, then the other files in the entry's order: each one verified. */
  files: { uri: string; mimeType?: string; text?: string; bytes: number }[];
}

export function offersSkills(capabilities: ServerCapabilities): boolean {
  const settings = capabilities.extensions?.[SKILLS_EXTENSION];
  return typeof settings === 'object' && settings !== null && !Array.isArray(settings);
}

const DIGEST = /^sha256:[0-9a-f]{64}$/;
const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** The skill's name: the last segment of its path (the part before /SKILL.md). */
function skillNameOf(uri: string): string | undefined {
  const m = /^skill:\/\/(?:.+\/)?([^/]+)\/SKILL\.md$/.exec(uri);
  return m?.[1];
}

/** A `skills/list` entry checked against SEP-2640, or the reason it cannot be used. */
export function checkSkillEntry(raw: unknown): SkillEntry | { invalid: string } {
  if (!isObject(raw)) return { invalid: 'an entry that is not an object' };
  const { uri, frontmatter, resources } = raw;
  if (typeof uri !== 'string') return { invalid: 'an entry without a uri' };
  const name = skillNameOf(uri);
  if (!name) return { invalid: `${uri}: not a skill://…/SKILL.md URI` };
  if (!isObject(frontmatter)) return { invalid: `${uri}: no frontmatter` };
  if (typeof frontmatter.name !== 'string' || typeof frontmatter.description !== 'string')
    return { invalid: `${uri}: its frontmatter has no string name and description` };
  if (frontmatter.name !== name)
    return {
      invalid: `${uri}: its path ends in "${name}" but its frontmatter name is "${frontmatter.name}"`,
    };
  if (!Array.isArray(resources)) return { invalid: `${uri}: no resources list` };
  if (resources.length > MAX_SKILL_FILES)
    return {
      invalid: `${uri}: ${resources.length} files, more than the ${MAX_SKILL_FILES} a skill may have`,
    };
  const dir = uri.slice(0, -'SKILL.md'.length);
  const seen = new Set<string>();
  let total = 0;
  for (const file of resources) {
    if (!isObject(file) || typeof file.uri !== 'string')
      return { invalid: `${uri}: a file entry without a uri` };
    if (!file.uri.startsWith(dir) || file.uri.includes('/../') || file.uri.endsWith('/..'))
      return { invalid: `${uri}: the file ${file.uri} is outside the skill` };
    if (seen.has(file.uri)) return { invalid: `${uri}: the file ${file.uri} is listed twice` };
    seen.add(file.uri);
    if (typeof file.digest !== 'string' || !DIGEST.test(file.digest))
      return { invalid: `${uri}: the file ${file.uri} has no sha256:<hex> digest` };
    if (typeof file.size !== 'number' || !Number.isInteger(file.size) || file.size < 0)
      return { invalid: `${uri}: the file ${file.uri} has no size` };
    total += file.size;
  }
  if (!seen.has(uri)) return { invalid: `${uri}: its resources do not list the SKILL.md itself` };
  if (total > MAX_SKILL_BYTES)
    return { invalid: `${uri}: ${total} bytes in all, more than the ${MAX_SKILL_BYTES} a skill may have` };
  return { uri, frontmatter: frontmatter as SkillEntry['frontmatter'], resources: resources as SkillFile[] };
}

/**
 * A file as read, checked against its entry: the byte length, then the sha256 of the bytes. The
 * problem in words, or undefined when it is what the entry promised.
 */
function verifySkillFile(
  file: SkillFile,
  read: ResourceContents[],
): { problem: string } | { bytes: Buffer; text?: string; mimeType?: string } {
  const content = read.find((c) => c.uri === file.uri) ?? (read.length === 1 ? read[0] : undefined);
  if (!content) return { problem: `${file.uri} was not in what the server returned` };
  const text = fieldOf(content, 'text');
  const blob = fieldOf(content, 'blob');
  if (typeof text !== 'string' && typeof blob !== 'string')
    return { problem: `${file.uri} came back with neither a text nor a base64 blob` };
  const bytes = typeof text === 'string' ? Buffer.from(text, 'utf8') : Buffer.from(blob as string, 'base64');
  if (bytes.length !== file.size)
    return { problem: `${file.uri} is ${bytes.length} bytes, its entry says ${file.size}` };
  const digest = `sha256:${createHash('sha256').update(bytes).digest('hex')}`;
  if (digest !== file.digest)
    return { problem: `${file.uri} has the digest ${digest}, its entry says ${file.digest}` };
  return {
    bytes,
    ...(typeof text === 'string' ? { text } : {}),
    ...(typeof content.mimeType === 'string' && content.mimeType ? { mimeType: content.mimeType } : {}),
  };
}

/** SKILL.md's YAML frontmatter compared with its entry's, every field: the first difference, or undefined. */
function frontmatterMismatch(entry: SkillEntry, text: string): string | undefined {
  const m = /^---\r?\n([\s\S]*?)\r?\n---(?:\r?\n|$)/.exec(text);
  if (!m) return 'SKILL.md has no YAML frontmatter';
  let parsed: unknown;
  try {
    parsed = parseYaml(m[1]!);
  } catch (error) {
    return `SKILL.md's frontmatter is not YAML (${(error as Error).message.split('\n')[0]})`;
  }
  if (!isObject(parsed)) return "SKILL.md's frontmatter is not a mapping";
  for (const key of new Set([...Object.keys(entry.frontmatter), ...Object.keys(parsed)])) {
    if (!isDeepStrictEqual(entry.frontmatter[key], parsed[key]))
      return `SKILL.md's frontmatter says ${key}: ${JSON.stringify(parsed[key])}, its entry ${JSON.stringify(entry.frontmatter[key])}`;
  }
  return undefined;
}

/** What listing and loading skills needs of a client. */
export interface SkillSource extends Requester {
  readResource(uri: string, options?: CallOptions): Promise<ReadResourceResult>;
}

/**
 * The server's skills: every page of `skills/list`, each entry checked. Only the listing — no file
 * of any skill is read here. Entries that break the rules are left out, each with its reason.
 */
export async function listSkills(
  client: SkillSource,
  options: CallOptions = {},
): Promise<{ skills: SkillEntry[]; refused: string[] }> {
  const skills: SkillEntry[] = [];
  const refused: string[] = [];
  for (const raw of await collectPages(client, 'skills/list', options)) {
    const checked = checkSkillEntry(raw);
    if ('invalid' in checked) refused.push(checked.invalid);
    else skills.push(checked);
  }
  return { skills, refused };
}

/**
 * Loads one skill a person chose (every file read past the cache): SKILL.md first — its size, digest and frontmatter checked before
 * anything else is read — then each other file, each verified. The first discrepancy ends it: an
 * McpError naming the file and what did not match, and nothing of the skill is used.
 */
export async function loadSkill(
  client: SkillSource,
  entry: SkillEntry,
  options: CallOptions = {},
): Promise<LoadedSkill> {
  const refuse = (why: string) =>
    new McpError(ErrorCode.InvalidResult, `Skill "${entry.frontmatter.name}" was not loaded: ${why}`, {
      server: client.serverName,
      method: 'resources/read',
    });
  const manifest = entry.resources.find((f) => f.uri === entry.uri)!;
  const files: LoadedSkill['files'] = [];
  for (const file of [manifest, ...entry.resources.filter((f) => f !== manifest)]) {
    // What the server serves now: a cached read of an older version would fail its new digest.
    const read = await client.readResource(file.uri, { ...options, fresh: true });
    const checked = verifySkillFile(file, read.contents);
    if ('problem' in checked) throw refuse(checked.problem);
    if (file === manifest) {
      const mismatch = frontmatterMismatch(entry, checked.text ?? '');
      if (mismatch) throw refuse(mismatch);
    }
    files.push({
      uri: file.uri,
      bytes: checked.bytes.length,
      ...(checked.text !== undefined ? { text: checked.text } : {}),
      ...(checked.mimeType ? { mimeType: checked.mimeType } : {}),
    });
  }
  return { entry, files };
}

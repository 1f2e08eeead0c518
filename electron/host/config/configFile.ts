import { readFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import path from 'node:path';
import { JsonTooDeep, nestedDeeperThan } from '../../../shared/json/jsonDepth';
import { writeFileAtomic } from '../../store/atomicWrite';
import { jsonFault } from '../../store/jsonFault';
import { type ParsedConfig, parseConfig } from './serverConfig';

/**
 * Where Switchboard keeps its data: SWITCHBOARD_HOME when set (tests, portable use), else the
 * per-OS user data directory (the same place Electron's app.getPath('userData') names).
 */
export function switchboardHome(env: NodeJS.ProcessEnv = process.env): string {
  if (env.SWITCHBOARD_HOME) return path.resolve(env.SWITCHBOARD_HOME);
  if (process.platform === 'darwin')
    return path.join(homedir(), 'Library', 'Application Support', 'Switchboard');
  if (process.platform === 'win32') {
    return path.join(env.APPDATA ?? path.join(homedir(), 'AppData', 'Roaming'), 'Switchboard');
  }
  return path.join(env.XDG_CONFIG_HOME ?? path.join(homedir(), '.config'), 'Switchboard');
}

export type LoadedConfig =
  | { state: 'missing'; document: Record<string, unknown>; parsed: ParsedConfig }
  | { state: 'ok'; document: Record<string, unknown>; parsed: ParsedConfig }
  /** Not JSON, or not the shape of a config file: nothing loads, and the file is left exactly as it is. */
  | { state: 'unreadable'; error: string; parsed: ParsedConfig };

export class ConfigFileError extends Error {}

/**
 * The config file. Loading never throws and never changes the file; saving is atomic (temp file,
 * fsync, rename) and keeps the previous version as `<file>.bak`. A file that is not valid JSON is
 * never overwritten: the person fixes or moves it first.
 */
export class ConfigFile {
  private writing: Promise<void> = Promise.resolve();

  constructor(readonly filePath: string) {}

  static inHome(home: string): ConfigFile {
    return new ConfigFile(path.join(home, 'config.json'));
  }

  get backupPath(): string {
    return `${this.filePath}.bak`;
  }

  async load(): Promise<LoadedConfig> {
    let text: string;
    try {
      text = await readFile(this.filePath, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
        const document = { mcpServers: {} };
        return { state: 'missing', document, parsed: parseConfig(document) };
      }
      const why = `cannot read ${this.filePath}: ${(error as Error).message}`;
      return { state: 'unreadable', error: why, parsed: fileIssue(why) };
    }
    let document: unknown;
    try {
      document = JSON.parse(text.replace(/^\uFEFF/, ''));
    } catch (error) {
      const why = `${this.filePath} is ${jsonFault(text, error)}`;
      return { state: 'unreadable', error: why, parsed: fileIssue(why) };
    }
    // Nested past what the app reads (a field no server uses, say): it could be neither compared nor saved.
    if (nestedDeeperThan(document)) {
      const why = new JsonTooDeep(this.filePath).message;
      return { state: 'unreadable', error: why, parsed: fileIssue(why) };
    }
    const parsed = parseConfig(document);
    // Not an object, or servers that are not an object of servers: nothing to load, nothing to save over.
    if (parsed.issues.length > 0) {
      const what = parsed.issues.map((i) => (i.path === '(file)' ? i.message : `${i.path} ${i.message}`));
      return { state: 'unreadable', error: `${this.filePath}: ${what.join('; ')}`, parsed };
    }
    return { state: 'ok', document: document as Record<string, unknown>, parsed };
  }

  /** Writes `document` atomically. Serialised: concurrent saves land one after the other. */
  save(document: Record<string, unknown>): Promise<void> {
    const next = this.writing.then(() => this.write(document));
    this.writing = next.catch(() => {});
    return next;
  }

  private async write(document: Record<string, unknown>): Promise<void> {
    const current = await this.load();
    if (current.state === 'unreadable') {
      throw new ConfigFileError(
        `Not saving: ${current.error}. Fix or move the file; Switchboard will not overwrite it.`,
      );
    }
    await writeFileAtomic(this.filePath, `${JSON.stringify(document, null, 2)}\n`, {
      backup: current.state === 'ok',
    });
  }
}

function fileIssue(message: string): ParsedConfig {
  return { servers: [], invalid: [], issues: [{ path: '(file)', message }] };
}

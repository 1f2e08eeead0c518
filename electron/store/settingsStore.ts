import path from 'node:path';
import {
  baseUrlProblem,
  clientMetadataUrlProblem,
  DEFAULT_SETTINGS,
  type Settings,
} from '../../shared/host/settings';
import { JsonFile } from './jsonFile';

interface Stored {
  settings: Settings;
  problems: string[];
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** Reads what it can: each bad value is named in `problems` and replaced by its default. */
export function parseSettings(value: unknown): Stored {
  const problems: string[] = [];
  const settings = structuredClone(DEFAULT_SETTINGS);
  if (!isObject(value))
    return { settings, problems: value === undefined ? [] : ['the file is not a JSON object'] };
  const anthropic = isObject(value.anthropic) ? value.anthropic : {};
  if (anthropic.baseUrl !== undefined) {
    const problem =
      typeof anthropic.baseUrl === 'string' ? baseUrlProblem(anthropic.baseUrl) : 'not a string';
    if (problem) problems.push(`anthropic.baseUrl: ${problem}`);
    else settings.anthropic.baseUrl = anthropic.baseUrl as string;
  }
  if (anthropic.defaultModel !== undefined) {
    if (typeof anthropic.defaultModel === 'string' && anthropic.defaultModel.trim())
      settings.anthropic.defaultModel = anthropic.defaultModel.trim();
    else problems.push('anthropic.defaultModel: not a model name');
  }
  const oauth = isObject(value.oauth) ? value.oauth : {};
  if (oauth.clientMetadataUrl !== undefined && oauth.clientMetadataUrl !== '') {
    const problem =
      typeof oauth.clientMetadataUrl === 'string'
        ? clientMetadataUrlProblem(oauth.clientMetadataUrl)
        : 'not a string';
    if (problem) problems.push(`oauth.clientMetadataUrl: ${problem}`);
    else settings.oauth.clientMetadataUrl = oauth.clientMetadataUrl as string;
  }
  const sampling = isObject(value.sampling) ? value.sampling : {};
  for (const [key, min, max] of [
    ['maxTokensCap', 1, 1_000_000],
    ['perServerPerMinute', 0, 10_000],
  ] as const) {
    const v = sampling[key];
    if (v === undefined) continue;
    if (typeof v === 'number' && Number.isInteger(v) && v >= min && v <= max) settings.sampling[key] = v;
    else problems.push(`sampling.${key}: must be a whole number from ${min} to ${max}`);
  }
  return { settings, problems };
}

/** The settings file (settings.json in the data directory). */
export class SettingsStore {
  private readonly file: JsonFile<Settings>;
  private problems: string[] = [];

  constructor(filePath: string) {
    this.file = new JsonFile(filePath, {
      what: 'settings file',
      empty: () => structuredClone(DEFAULT_SETTINGS),
      parse: (value) => {
        const parsed = parseSettings(value);
        this.problems = parsed.problems;
        return parsed.settings;
      },
      // A broken file: defaults, with the reason shown in Settings; it is replaced only when saved.
      unreadableIsEmpty: true,
    });
  }

  static inHome(home: string): SettingsStore {
    return new SettingsStore(path.join(home, 'settings.json'));
  }

  async get(): Promise<Stored> {
    const settings = await this.file.read();
    return { settings: structuredClone(settings), problems: [...this.problems] };
  }

  /** Saves new settings after checking them; a bad value is refused with what is wrong. */
  async set(next: Settings): Promise<void> {
    const checked = parseSettings(next);
    if (checked.problems.length > 0) throw new Error(`Settings not saved: ${checked.problems.join('; ')}`);
    await this.file.update(() => checked.settings);
    this.problems = [];
  }
}

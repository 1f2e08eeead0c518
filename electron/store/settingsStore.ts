import path from 'node:path';
import {
  ANTHROPIC,
  baseUrlProblem,
  clientMetadataUrlProblem,
  DEFAULT_SETTINGS,
  type OpenAICompatibleProvider,
  openAIProvidersProblems,
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
  if (value.openai !== undefined) {
    if (!Array.isArray(value.openai)) problems.push('openai: not a list');
    else
      for (const [i, entry] of (value.openai as unknown[]).entries()) {
        const where = `openai[${i}]`;
        if (!isObject(entry)) {
          problems.push(`${where}: not an object`);
          continue;
        }
        const { id, name, baseUrl, defaultModel, images } = entry;
        if (typeof id !== 'string' || typeof name !== 'string' || typeof baseUrl !== 'string') {
          problems.push(`${where}: id, name and baseUrl must be strings`);
          continue;
        }
        // A bad model name costs only itself: the provider (and its conversations) stays.
        const modelOk = typeof defaultModel === 'string' && defaultModel.trim() !== '';
        if (defaultModel !== undefined && !modelOk) problems.push(`${where}.defaultModel: not a model name`);
        const provider: OpenAICompatibleProvider = {
          id,
          name: name.trim(),
          baseUrl,
          ...(modelOk ? { defaultModel: (defaultModel as string).trim() } : {}),
          ...(images === false ? { images: false as const } : {}),
        };
        const wrong = openAIProvidersProblems([...settings.openai, provider]).map((p) =>
          p.replace(`openai[${settings.openai.length}]`, where),
        );
        if (wrong.length > 0) problems.push(...wrong);
        else settings.openai.push(provider);
      }
  }
  if (value.defaultProvider !== undefined) {
    const id = value.defaultProvider;
    if (typeof id === 'string' && (id === ANTHROPIC || settings.openai.some((p) => p.id === id)))
      settings.defaultProvider = id;
    else problems.push(`defaultProvider: ${JSON.stringify(id)} is not a provider in Settings`);
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
  if (value.toolTokenBudget !== undefined) {
    const v = value.toolTokenBudget;
    if (typeof v === 'number' && Number.isInteger(v) && v >= 100 && v <= 1_000_000)
      settings.toolTokenBudget = v;
    else problems.push('toolTokenBudget: must be a whole number from 100 to 1000000');
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
  const elicitation = isObject(value.elicitation) ? value.elicitation : {};
  const perMinute = elicitation.perServerPerMinute;
  if (perMinute !== undefined) {
    if (typeof perMinute === 'number' && Number.isInteger(perMinute) && perMinute >= 0 && perMinute <= 10_000)
      settings.elicitation.perServerPerMinute = perMinute;
    else problems.push('elicitation.perServerPerMinute: must be a whole number from 0 to 10000');
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

import path from 'node:path';
import { TOOL_SEARCH_MODES, type ToolSearchMode } from '../../shared/chat/toolSearch';
import {
  clientMetadataUrlProblem,
  DEFAULT_SETTINGS,
  providerOf,
  registryUrlProblem,
  type Settings,
} from '../../shared/host/settings';
import { JsonFile } from './jsonFile';
import { readProviders } from './readProviders';
import { readTelemetrySettings } from './readTelemetrySettings';

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
  const providers = readProviders(value);
  settings.providers = providers.providers;
  problems.push(...providers.problems);
  if (value.defaultProvider !== undefined) {
    const id = value.defaultProvider;
    if (typeof id === 'string' && providerOf(settings, id)) settings.defaultProvider = id;
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
  if (value.registryUrl !== undefined && value.registryUrl !== '') {
    const url = value.registryUrl;
    const problem = typeof url === 'string' ? registryUrlProblem(url) : 'not a string';
    if (problem) problems.push(`registryUrl: ${JSON.stringify(url)} ${problem}`);
    else settings.registryUrl = url as string;
  }
  if (value.toolTokenBudget !== undefined) {
    const v = value.toolTokenBudget;
    if (typeof v === 'number' && Number.isInteger(v) && v >= 100 && v <= 1_000_000)
      settings.toolTokenBudget = v;
    else problems.push('toolTokenBudget: must be a whole number from 100 to 1000000');
  }
  if (value.toolSearch !== undefined) {
    const v = value.toolSearch;
    if (typeof v === 'string' && (TOOL_SEARCH_MODES as readonly string[]).includes(v))
      settings.toolSearch = v as ToolSearchMode;
    else problems.push(`toolSearch: must be one of ${TOOL_SEARCH_MODES.join(', ')}`);
  }
  if (value.titleWithModel !== undefined) {
    if (typeof value.titleWithModel === 'boolean') settings.titleWithModel = value.titleWithModel;
    else problems.push('titleWithModel: must be true or false');
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
  const activity = isObject(value.activity) ? value.activity : {};
  for (const [key, max] of [
    ['keepDays', 36_500],
    ['keepMegabytes', 1_000_000],
  ] as const) {
    const v = activity[key];
    if (v === undefined) continue;
    if (typeof v === 'number' && Number.isInteger(v) && v >= 0 && v <= max) settings.activity[key] = v;
    else problems.push(`activity.${key}: must be a whole number from 0 to ${max}`);
  }
  if (activity.keepResultsWhole !== undefined) {
    if (typeof activity.keepResultsWhole === 'boolean')
      settings.activity.keepResultsWhole = activity.keepResultsWhole;
    else problems.push('activity.keepResultsWhole: must be true or false');
  }
  const telemetry = readTelemetrySettings(value.telemetry);
  if (telemetry.telemetry) settings.telemetry = telemetry.telemetry;
  problems.push(...telemetry.problems);
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

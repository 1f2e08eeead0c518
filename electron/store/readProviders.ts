import {
  BUILT_IN_PROVIDERS,
  builtInOfKind,
  isProviderKind,
  PROVIDER_KIND_LABELS,
  PROVIDER_KINDS,
  type ProviderSettings,
  providerIdProblem,
} from '../../shared/host/providerSettings';
import { PROVIDER_SCHEMAS } from '../../shared/host/providerSettingsSchema';
import { baseUrlProblem } from '../../shared/host/settings';

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** One provider entry as found in the file, and how a problem with it names it. */
interface Found {
  value: unknown;
  where: string;
}

/**
 * The model providers of a settings file, in today's form (`providers: [{ id, kind, … }]`) or in the
 * form versions before it wrote (`anthropic: {baseUrl, defaultModel}` beside `openai: [{id, name,
 * baseUrl, …}]`), read into today's: nothing of the earlier form is lost, and the file is rewritten in
 * today's form only when the person saves. Each entry that cannot be used is named in `problems` and
 * left out; a bad value that costs only itself (a model name) is named and left out of its entry; a
 * built-in provider always stands, its defaults in place of what was wrong.
 */
export function readProviders(file: Record<string, unknown>): {
  providers: ProviderSettings[];
  problems: string[];
} {
  const problems: string[] = [];
  const found = file.providers === undefined ? earlierForm(file, problems) : todaysForm(file, problems);
  const providers: ProviderSettings[] = [];
  for (const { value, where } of found) {
    const entry = readEntry(value, where, providers, problems);
    if (entry) providers.push(entry);
  }
  // Those the file does not hold (or holds unusable) as they start, first.
  const missing = BUILT_IN_PROVIDERS.filter((b) => !providers.some((p) => p.id === b.id));
  return { providers: [...structuredClone(missing), ...providers], problems };
}

function todaysForm(file: Record<string, unknown>, problems: string[]): Found[] {
  for (const earlier of ['anthropic', 'openai'])
    if (file[earlier] !== undefined)
      problems.push(`${earlier}: an earlier version's form of the providers, not read beside "providers"`);
  if (!Array.isArray(file.providers)) {
    problems.push('providers: not a list');
    return [];
  }
  return file.providers.map((value: unknown, i) => ({
    value,
    where:
      isObject(value) && typeof value.id === 'string' ? `providers[${i}] (${value.id})` : `providers[${i}]`,
  }));
}

/** The Anthropic provider and the OpenAI-compatible list, as versions before `providers` wrote them. */
function earlierForm(file: Record<string, unknown>, problems: string[]): Found[] {
  const found: Found[] = [];
  if (isObject(file.anthropic)) {
    const { baseUrl, defaultModel } = file.anthropic;
    found.push({
      value: {
        ...builtInOfKind('anthropic'),
        ...(baseUrl !== undefined ? { baseUrl } : {}),
        ...(defaultModel !== undefined ? { defaultModel } : {}),
      },
      where: 'anthropic',
    });
  }
  if (file.openai !== undefined) {
    if (!Array.isArray(file.openai)) problems.push('openai: not a list');
    else
      for (const [i, value] of (file.openai as unknown[]).entries())
        found.push({
          value: isObject(value) ? { kind: 'openai-compatible', ...value } : value,
          where: `openai[${i}]`,
        });
  }
  return found;
}

/** One entry, or undefined (named in `problems`) when it cannot be used. */
function readEntry(
  value: unknown,
  where: string,
  before: readonly ProviderSettings[],
  problems: string[],
): ProviderSettings | undefined {
  if (!isObject(value)) {
    problems.push(`${where}: not an object`);
    return undefined;
  }
  const { id, kind, name, baseUrl, defaultModel, ...own } = value;
  if (!isProviderKind(kind)) {
    problems.push(
      `${where}.kind: ${JSON.stringify(kind)} is not a kind of provider this version knows (${PROVIDER_KINDS.join(', ')})`,
    );
    return undefined;
  }
  const builtIn = builtInOfKind(kind);
  const wrong: string[] = [];
  let entry: Record<string, unknown>;
  if (builtIn) {
    // A built-in provider stands whatever the file says: each bad value is named and its default used.
    if (id !== builtIn.id) {
      problems.push(
        `${where}.id: the ${PROVIDER_KIND_LABELS[kind]} provider is "${builtIn.id}"; Settings holds one`,
      );
      return undefined;
    }
    if (before.some((p) => p.id === id)) {
      problems.push(`${where}.id: "${id}" is used twice`);
      return undefined;
    }
    entry = { ...builtIn };
    if (name !== undefined) {
      if (typeof name === 'string' && name.trim()) entry.name = name.trim();
      else problems.push(`${where}.name: empty`);
    }
    if (baseUrl !== undefined) {
      const problem = typeof baseUrl === 'string' ? baseUrlProblem(baseUrl) : 'not a string';
      if (problem) problems.push(`${where}.baseUrl: ${problem}`);
      else entry.baseUrl = baseUrl;
    }
  } else {
    if (typeof id !== 'string' || typeof name !== 'string' || typeof baseUrl !== 'string') {
      problems.push(`${where}: id, name and baseUrl must be strings`);
      return undefined;
    }
    const idProblem = providerIdProblem(id);
    if (idProblem) wrong.push(`${where}.id: ${idProblem}`);
    else if (before.some((p) => p.id === id)) wrong.push(`${where}.id: "${id}" is used twice`);
    if (!name.trim()) wrong.push(`${where}.name: empty`);
    const urlProblem = baseUrlProblem(baseUrl);
    if (urlProblem) wrong.push(`${where}.baseUrl: ${urlProblem}`);
    entry = { id, kind, name: name.trim(), baseUrl };
  }
  // A bad model name, or a bad value of the kind's own, costs only itself: the provider (and its
  // conversations) stays.
  if (defaultModel !== undefined) {
    if (typeof defaultModel === 'string' && defaultModel.trim()) entry.defaultModel = defaultModel.trim();
    else problems.push(`${where}.defaultModel: not a model name`);
  }
  const shape = PROVIDER_SCHEMAS[kind].shape as Record<
    string,
    { safeParse(v: unknown): { success: boolean } }
  >;
  for (const [field, v] of Object.entries(own)) {
    if (!Object.hasOwn(shape, field))
      problems.push(`${where}.${field}: not a setting of ${PROVIDER_KIND_LABELS[kind]} providers`);
    else if (!shape[field]!.safeParse(v).success)
      problems.push(`${where}.${field}: ${JSON.stringify(v)} is not one it takes`);
    else entry[field] = v;
  }
  if (wrong.length > 0) {
    problems.push(...wrong);
    return undefined;
  }
  // Checked field by field above; the kind's schema says so of the whole.
  const whole = PROVIDER_SCHEMAS[kind].safeParse(entry);
  if (!whole.success) {
    problems.push(
      `${where}: ${whole.error.issues.map((i) => `${i.path.join('.') || 'entry'} ${i.message}`).join('; ')}`,
    );
    return undefined;
  }
  return whole.data;
}

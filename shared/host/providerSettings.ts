/**
 * What every model provider in Settings has, whatever its kind. Its key is not here: it lives in the
 * SecretStore, write-only, bound to the provider and the origin it was entered for.
 */
interface ProviderCommon {
  /** Stable: the built-in provider's, or the person's choice at creation (lower-case letters, digits, dashes). */
  id: string;
  /** As the person reads it: "Anthropic", "OpenAI", "Ollama on this computer". */
  name: string;
  /** Where requests (and the key) go, e.g. https://api.anthropic.com or http://localhost:11434/v1. */
  baseUrl: string;
  /** The model new conversations with this provider start with (and sampling, when no hint matched). */
  defaultModel?: string;
}

/** The Anthropic Messages API (or an Anthropic-compatible gateway at another base URL). */
export interface AnthropicSettings extends ProviderCommon {
  kind: 'anthropic';
}

/**
 * An OpenAI-compatible Chat Completions API the person added: OpenAI itself, or any compatible base
 * URL (Ollama, LM Studio, vLLM, OpenRouter, a company gateway).
 */
export interface OpenAICompatibleSettings extends ProviderCommon {
  kind: 'openai-compatible';
  /** false: its models do not read images (a tool's image is described to them in text instead). */
  images?: false;
}

/**
 * One model provider as Settings keeps it. A kind is this union's member, its label below, its schema
 * (providerSettingsSchema.ts: apart, so the page reads these without loading zod) and its folder under
 * electron/llm (registered in electron/llm/providerKinds.ts, which the compiler holds to this list).
 */
export type ProviderSettings = AnthropicSettings | OpenAICompatibleSettings;
export type ProviderKind = ProviderSettings['kind'];
/** The settings of one kind of provider. */
export type SettingsOfKind<K extends ProviderKind> = Extract<ProviderSettings, { kind: K }>;

/** Each kind as the person reads it ("OpenAI-compatible providers"). */
export const PROVIDER_KIND_LABELS: { readonly [K in ProviderKind]: string } = {
  anthropic: 'Anthropic',
  'openai-compatible': 'OpenAI-compatible',
};

/** The Anthropic provider's id. */
export const ANTHROPIC = 'anthropic';

/**
 * The providers always in Settings, as they start: the person neither adds nor removes them, only
 * changes where they send and their default model. A kind with one here has only that one; the
 * others' providers are the person's, any number.
 */
export const BUILT_IN_PROVIDERS: readonly ProviderSettings[] = [
  { id: ANTHROPIC, kind: 'anthropic', name: 'Anthropic', baseUrl: 'https://api.anthropic.com' },
];

/** The built-in provider of `kind`, if the kind has one. */
export const builtInOfKind = (kind: ProviderKind): ProviderSettings | undefined =>
  BUILT_IN_PROVIDERS.find((p) => p.kind === kind);

/** Whether `id` is a built-in provider's. */
export const isBuiltIn = (id: string): boolean => BUILT_IN_PROVIDERS.some((p) => p.id === id);

/** Whether the person adds providers of `kind` (any number), rather than having its one built in. */
export const isAddable = (kind: ProviderKind): boolean => builtInOfKind(kind) === undefined;

/** Every kind of provider this version knows. */
export const PROVIDER_KINDS = Object.keys(PROVIDER_KIND_LABELS) as ProviderKind[];

/** Whether `entry` is of `kind` (and so has that kind's fields). */
export const isOfKind = <K extends ProviderKind>(
  entry: ProviderSettings | undefined,
  kind: K,
): entry is SettingsOfKind<K> => entry?.kind === kind;

export const isProviderKind = (value: unknown): value is ProviderKind =>
  typeof value === 'string' && Object.hasOwn(PROVIDER_KIND_LABELS, value);

/** Checks a new provider id: what is wrong, or undefined. */
export function providerIdProblem(id: string): string | undefined {
  if (!/^[a-z0-9][a-z0-9-]{0,39}$/.test(id))
    return `"${id}" is not a provider id (lower-case letters, digits and dashes, at most 40)`;
  const builtIn = BUILT_IN_PROVIDERS.find((p) => p.id === id);
  if (builtIn) return `"${id}" is the ${PROVIDER_KIND_LABELS[builtIn.kind]} provider's id`;
  return undefined;
}

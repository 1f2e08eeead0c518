import { z } from 'zod';
import { providerId } from '../ipc/argumentSchemas';
import type {
  AnthropicSettings,
  OpenAICompatibleSettings,
  ProviderKind,
  ProviderSettings,
  SettingsOfKind,
} from './providerSettings';

// What Settings may hold for a provider, checked where settings.json is read and at the IPC boundary.
// Apart from providerSettings.ts (its types and helpers): the page uses those, and never loads zod at start.

const common = {
  id: providerId,
  name: z.string().min(1).max(200),
  baseUrl: z.string().min(1).max(2048),
  defaultModel: z.string().min(1).max(256).optional(),
};

/** What a provider entry of each kind may hold: the fields every provider has, and its own. */
export const PROVIDER_SCHEMAS = {
  anthropic: z
    .object({ kind: z.literal('anthropic'), ...common })
    .strict() satisfies z.ZodType<AnthropicSettings>,
  'openai-compatible': z
    .object({ kind: z.literal('openai-compatible'), ...common, images: z.literal(false).optional() })
    .strict() satisfies z.ZodType<OpenAICompatibleSettings>,
} as const satisfies { [K in ProviderKind]: z.ZodType<SettingsOfKind<K>> };

export const providerSettingsSchema = z.discriminatedUnion('kind', [
  PROVIDER_SCHEMAS.anthropic,
  PROVIDER_SCHEMAS['openai-compatible'],
]) satisfies z.ZodType<ProviderSettings>;

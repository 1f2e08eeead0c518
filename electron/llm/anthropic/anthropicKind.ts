import type { ModelProviderKind } from '../modelProviderKind';
import { AnthropicProvider } from './anthropicProvider';

/** The Anthropic Messages API, or an Anthropic-compatible gateway at another base URL. */
export const ANTHROPIC_KIND: ModelProviderKind<'anthropic'> = {
  create: (_name, now) =>
    new AnthropicProvider(async () => {
      const { settings, apiKey } = await now();
      return { baseUrl: settings.baseUrl, apiKey };
    }),
  keyless: () => false,
  vendor: { baseUrl: 'https://api.anthropic.com', keyVariable: 'ANTHROPIC_API_KEY' },
};

import { isLoopbackHost } from '../../../shared/loopback';
import type { ModelProviderKind } from '../modelProviderKind';
import { OpenAIProvider } from './openaiProvider';

/** Any OpenAI-compatible Chat Completions API: OpenAI, Ollama, LM Studio, vLLM, a gateway… */
export const OPENAI_COMPATIBLE_KIND: ModelProviderKind<'openai-compatible'> = {
  create: (name, now) =>
    new OpenAIProvider(name, async () => {
      const { settings, apiKey } = await now();
      return { baseUrl: settings.baseUrl, apiKey, ...(settings.images === false ? { images: false } : {}) };
    }),
  // Ollama, LM Studio and the like on this computer take any key.
  keyless: (baseUrl) => isLoopbackHost(new URL(baseUrl).hostname),
  vendor: { baseUrl: 'https://api.openai.com/v1', keyVariable: 'OPENAI_API_KEY' },
};

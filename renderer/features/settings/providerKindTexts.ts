import type { ProviderKind } from '../../../shared/host/providerSettings';

/** A known server of a kind: the add form fills these in. */
interface ProviderPreset {
  name: string;
  baseUrl: string;
}

/** What Settings says about the providers of a kind the person adds; a kind not here gets plain words. */
export interface AddedKindTexts {
  /** What such a provider is, before how its keys are kept. */
  about: string;
  presets: ProviderPreset[];
  namePlaceholder: string;
  baseUrlPlaceholder: string;
}

export const ADDED_KIND_TEXTS: { readonly [K in ProviderKind]?: AddedKindTexts } = {
  'openai-compatible': {
    about:
      'OpenAI, or any server that speaks its Chat Completions API: Ollama, LM Studio, vLLM, llama.cpp, OpenRouter, a company gateway. A key is sent only to the address it was entered for; a server on this computer needs none.',
    presets: [
      { name: 'OpenAI', baseUrl: 'https://api.openai.com/v1' },
      { name: 'Ollama', baseUrl: 'http://localhost:11434/v1' },
      { name: 'LM Studio', baseUrl: 'http://localhost:1234/v1' },
      { name: 'vLLM', baseUrl: 'http://localhost:8000/v1' },
      { name: 'llama.cpp server', baseUrl: 'http://localhost:8080/v1' },
      { name: 'OpenRouter', baseUrl: 'https://openrouter.ai/api/v1' },
    ],
    namePlaceholder: 'OpenAI',
    baseUrlPlaceholder: 'https://api.openai.com/v1',
  },
};

export const PLAIN_KIND_TEXTS: AddedKindTexts = {
  about: 'A key is sent only to the address it was entered for.',
  presets: [],
  namePlaceholder: 'Name',
  baseUrlPlaceholder: 'https://…',
};

/** The key input's placeholder before a key is stored, by kind. */
export const KEY_PLACEHOLDERS: { readonly [K in ProviderKind]?: string } = { anthropic: 'sk-ant-…' };

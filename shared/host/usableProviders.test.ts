import { describe, expect, it } from 'vitest';
import type { ProviderView } from './settings';
import { isUsable, modelSetup, settledDefault, usableInsteadOf } from './usableProviders';

const provider = (id: string, name: string, state: { hasKey?: boolean; local?: boolean }): ProviderView => ({
  id,
  name,
  kind: id === 'anthropic' ? 'anthropic' : 'openai-compatible',
  baseUrl: state.local ? 'http://localhost:11434/v1' : 'https://api.example.com',
  keyOrigin: state.local ? 'http://localhost:11434' : 'https://api.example.com',
  hasKey: state.hasKey ?? false,
  local: state.local ?? false,
});
const anthropicNoKey = provider('anthropic', 'Anthropic', {});
const anthropicKeyed = provider('anthropic', 'Anthropic', { hasKey: true });
const openaiNoKey = provider('openai', 'OpenAI', {});
const openaiKeyed = provider('openai', 'OpenAI', { hasKey: true });
const ollama = provider('ollama', 'Ollama', { local: true });
const lmStudio = provider('lm-studio', 'LM Studio', { local: true });
const view = (defaultProvider: string, providers: ProviderView[]) => ({
  settings: { defaultProvider } as never,
  providers,
});

describe('which provider new conversations use', () => {
  it('a provider can be asked with a key stored, or on this computer without one', () => {
    expect(isUsable(anthropicNoKey)).toBe(false);
    expect(isUsable(anthropicKeyed)).toBe(true);
    expect(isUsable(ollama)).toBe(true);
    expect(isUsable({ hasKey: true, local: true })).toBe(true);
  });

  it('a default that needs a key and has none gives way to the first provider that can be asked', () => {
    expect(settledDefault('anthropic', [anthropicNoKey, ollama])).toBe('ollama');
    expect(settledDefault('anthropic', [anthropicNoKey, openaiNoKey, lmStudio, ollama])).toBe('lm-studio');
    expect(settledDefault('anthropic', [anthropicNoKey, openaiKeyed, ollama])).toBe('openai');
    // A default that names no provider any more (removed) gives way too.
    expect(settledDefault('gone', [anthropicNoKey, ollama])).toBe('ollama');
  });

  it('a default that can be asked stays, even when another comes first', () => {
    expect(settledDefault('ollama', [anthropicKeyed, ollama])).toBe('ollama');
    expect(settledDefault('anthropic', [anthropicKeyed, ollama])).toBe('anthropic');
  });

  it('nothing can be asked: the default stays as it is', () => {
    expect(settledDefault('anthropic', [anthropicNoKey, openaiNoKey])).toBe('anthropic');
    expect(settledDefault('openai', [anthropicNoKey, openaiNoKey])).toBe('openai');
  });
});

describe('the checklist’s model step', () => {
  it('is done only when the default provider can be asked', () => {
    expect(modelSetup(view('ollama', [anthropicNoKey, ollama]))).toEqual({
      ready: true,
      defaultName: 'Ollama',
    });
    expect(modelSetup(view('anthropic', [anthropicKeyed]))).toEqual({
      ready: true,
      defaultName: 'Anthropic',
    });
  });

  it('is not done when the only provider needs a key and has none', () => {
    expect(modelSetup(view('anthropic', [anthropicNoKey]))).toEqual({
      ready: false,
      defaultName: 'Anthropic',
    });
    expect(modelSetup(view('openai', [anthropicNoKey, openaiNoKey]))).toEqual({
      ready: false,
      defaultName: 'OpenAI',
    });
  });

  it('is not done when the default cannot be asked though another can, and names that one', () => {
    expect(modelSetup(view('anthropic', [anthropicNoKey, ollama]))).toEqual({
      ready: false,
      defaultName: 'Anthropic',
      instead: 'Ollama',
    });
  });
});

describe('what a conversation whose provider cannot be asked is offered', () => {
  it('the default provider when it can be asked, else the first that can', () => {
    expect(usableInsteadOf('anthropic', view('lm-studio', [anthropicNoKey, ollama, lmStudio]))?.id).toBe(
      'lm-studio',
    );
    expect(usableInsteadOf('anthropic', view('anthropic', [anthropicNoKey, openaiNoKey, ollama]))?.id).toBe(
      'ollama',
    );
  });

  it('nothing when its provider can be asked after all, or when none can', () => {
    expect(usableInsteadOf('anthropic', view('anthropic', [anthropicKeyed, ollama]))).toBeUndefined();
    expect(usableInsteadOf('anthropic', view('anthropic', [anthropicNoKey, openaiNoKey]))).toBeUndefined();
  });
});

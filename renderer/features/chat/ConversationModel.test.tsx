// @vitest-environment happy-dom
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ChatMessage, ConversationSettings } from '../../../shared/chat/conversation';
import { useApp } from '../../state/store';
import { recordingHost, renderWithHost } from '../../test/render';
import { ANTHROPIC_VIEW, OLLAMA_VIEW, settingsViewOf } from '../../test/settingsView';
import { ConversationModel } from './ConversationModel';

afterEach(() => useApp.setState(useApp.getInitialState(), true));

const view = settingsViewOf({ defaultProvider: 'anthropic' }, [
  { ...ANTHROPIC_VIEW, defaultModel: 'claude-sonnet-5-5' },
  OLLAMA_VIEW,
]);

const shown = async (settings: ConversationSettings, messages: ChatMessage[] = []) => {
  const { host } = recordingHost({ getSettings: () => view });
  const r = renderWithHost(<ConversationModel settings={settings} messages={messages} />, host);
  const text = (await screen.findByText(/^Asks/)).textContent;
  r.unmount();
  return text;
};

describe('which provider and model a conversation asks, before any reply', () => {
  it('the default provider and its default model; the conversation’s own choice; the model a reply came from', async () => {
    expect(await shown({ maxTokens: 1024 })).toBe('Asks Anthropic · claude-sonnet-5-5');
    expect(await shown({ maxTokens: 1024, provider: 'ollama' })).toBe(
      'Asks Ollama · the model it lists first',
    );
    expect(await shown({ maxTokens: 1024, provider: 'ollama', model: 'qwen3:8b' })).toBe(
      'Asks Ollama · qwen3:8b',
    );
    const reply: ChatMessage = { id: 'a', role: 'assistant', blocks: [], at: 0, model: 'llama4' };
    expect(await shown({ maxTokens: 1024, provider: 'ollama' }, [reply])).toBe('Asks Ollama · llama4');
    expect(await shown({ maxTokens: 1024, provider: 'gone' })).toBe(
      'Asks gone (no longer in Settings) · the model it lists first',
    );
  });
});

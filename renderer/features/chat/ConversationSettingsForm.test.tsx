// @vitest-environment happy-dom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ConversationSettings } from '../../../shared/chat/conversation';
import { useApp } from '../../state/store';
import { recordingHost, renderWithHost } from '../../test/render';
import { ANTHROPIC_VIEW, OLLAMA_VIEW, settingsViewOf } from '../../test/settingsView';
import { ConversationSettingsForm } from './ConversationSettingsForm';

afterEach(() => useApp.setState(useApp.getInitialState(), true));

const view = (defaultProvider: string) => settingsViewOf({ defaultProvider }, [ANTHROPIC_VIEW, OLLAMA_VIEW]);

function form(settings: ConversationSettings, defaultProvider = 'anthropic') {
  const recording = recordingHost({
    getSettings: () => view(defaultProvider),
    listModels: (provider) => ({
      models: provider === 'ollama' ? ['qwen3:8b', 'gpt-oss:20b', 'llama4'] : ['claude-sonnet-5-5'],
    }),
  });
  const onDone = vi.fn();
  renderWithHost(<ConversationSettingsForm id="c1" settings={settings} onDone={onDone} />, recording.host);
  return { ...recording, onDone };
}

describe('how the model may think, by the provider the conversation uses', () => {
  it('Anthropic: the thinking budget, no reasoning effort', async () => {
    form({ maxTokens: 4096, thinkingBudget: 2048 });
    await screen.findByLabelText('Thinking budget');
    expect(screen.queryByLabelText('Reasoning effort')).toBeNull();
  });

  it('an OpenAI-compatible provider (chosen, or the default): reasoning effort, no Anthropic budget; saved without the budget', async () => {
    const { calls, onDone } = form({ maxTokens: 4096, thinkingBudget: 2048 }, 'ollama');
    const effort = (await screen.findByLabelText('Reasoning effort')) as HTMLSelectElement;
    expect(screen.queryByLabelText('Thinking budget')).toBeNull();
    expect(Array.from(effort.options, (o) => o.value)).toEqual(['', 'low', 'medium', 'high']);
    fireEvent.change(effort, { target: { value: 'medium' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(calls.find((c) => c.method === 'setConversationSettings')?.args).toEqual([
      'c1',
      { maxTokens: 4096, reasoningEffort: 'medium' },
    ]);
  });

  it('switching the provider in the form switches the field', async () => {
    form({ maxTokens: 4096 });
    await screen.findByLabelText('Thinking budget');
    fireEvent.change(screen.getByLabelText('Provider'), { target: { value: 'ollama' } });
    await screen.findByLabelText('Reasoning effort');
    expect(screen.queryByLabelText('Thinking budget')).toBeNull();
  });
});

describe('the model list', () => {
  it('is a list that shows every listed model when the box takes the focus, and narrows as one types', async () => {
    form({ maxTokens: 4096, provider: 'ollama' });
    const box = screen.getByLabelText('Model') as HTMLInputElement;
    await screen.findByLabelText('Reasoning effort');
    fireEvent.focus(box);
    const list = await screen.findByRole('listbox');
    await waitFor(() =>
      expect(Array.from(list.querySelectorAll('[role=option]'), (o) => o.textContent)).toEqual([
        'qwen3:8b',
        'gpt-oss:20b',
        'llama4',
      ]),
    );
    fireEvent.change(box, { target: { value: 'GPT' } });
    await waitFor(() =>
      expect(Array.from(list.querySelectorAll('[role=option]'), (o) => o.textContent)).toEqual([
        'gpt-oss:20b',
      ]),
    );
    fireEvent.click(screen.getByRole('option', { name: 'gpt-oss:20b' }));
    expect(box.value).toBe('gpt-oss:20b');
  });
});

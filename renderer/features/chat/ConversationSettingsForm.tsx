import { useState } from 'react';
import type { ConversationSettings } from '../../../shared/chat/conversation';
import { useHost } from '../../components/HostContext';
import { useApp } from '../../state/store';
import { ProviderModelPicker } from '../settings/ProviderModelPicker';

/** A conversation's provider and model, system prompt and max tokens. */
export function ConversationSettingsForm({
  id,
  settings,
  onDone,
}: {
  id: string;
  settings: ConversationSettings;
  /** Saved: the panel closes. */
  onDone: () => void;
}) {
  const host = useHost();
  const run = useApp((s) => s.run);
  const [provider, setProvider] = useState(settings.provider ?? '');
  const [model, setModel] = useState(settings.model ?? '');
  const [system, setSystem] = useState(settings.system ?? '');
  const [maxTokens, setMaxTokens] = useState(String(settings.maxTokens));
  const [thinking, setThinking] = useState(settings.thinkingBudget ? String(settings.thinkingBudget) : '');
  const tokens = Number(maxTokens);
  const budget = thinking.trim() === '' ? undefined : Number(thinking);
  const budgetOk = budget === undefined || (Number.isInteger(budget) && budget >= 1024 && budget < tokens);
  return (
    <form
      className="card conversation-settings"
      aria-label="Conversation settings"
      onSubmit={(e) => {
        e.preventDefault();
        // What this form does not show (tools left out, old results left out) is kept as it is.
        const { provider: _p, model: _m, system: _s, thinkingBudget: _t, ...kept } = settings;
        const next: ConversationSettings = {
          ...kept,
          maxTokens: tokens,
          ...(provider ? { provider } : {}),
          ...(model.trim() ? { model: model.trim() } : {}),
          ...(system.trim() ? { system } : {}),
          ...(budget !== undefined ? { thinkingBudget: budget } : {}),
        };
        void run(async () => {
          await host.call('setConversationSettings', id, next);
          useApp.setState((s) => (s.open?.id === id ? { open: { ...s.open, settings: next } } : {}));
          onDone();
        });
      }}
    >
      <div className="row">
        <ProviderModelPicker
          idPrefix="conv"
          provider={provider}
          model={model}
          onProvider={setProvider}
          onModel={setModel}
          emptyLabel="The default provider"
          modelPlaceholder="the provider's default model"
        />
        <label htmlFor="conv-max">Max tokens</label>
        <input
          id="conv-max"
          type="number"
          min={1}
          value={maxTokens}
          onChange={(e) => setMaxTokens(e.target.value)}
        />
      </div>
      <div className="row">
        <label htmlFor="conv-thinking">Thinking budget</label>
        <input
          id="conv-thinking"
          type="number"
          min={1024}
          value={thinking}
          placeholder="off"
          aria-invalid={!budgetOk || undefined}
          onChange={(e) => setThinking(e.target.value)}
        />
        <span className="muted small">
          Tokens the model may think with before answering (Anthropic's extended thinking: at least 1,024,
          below max tokens). Its thinking shows folded under the reply.
        </span>
      </div>
      <label htmlFor="conv-system">System prompt</label>
      <textarea id="conv-system" rows={3} value={system} onChange={(e) => setSystem(e.target.value)} />
      <button
        type="submit"
        className="primary"
        disabled={!Number.isInteger(tokens) || tokens < 1 || !budgetOk}
      >
        Save
      </button>
    </form>
  );
}

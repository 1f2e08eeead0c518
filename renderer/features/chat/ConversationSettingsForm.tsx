import { useState } from 'react';
import {
  type ConversationSettings,
  REASONING_EFFORTS,
  type ReasoningEffort,
} from '../../../shared/chat/conversation';
import { useHost } from '../../components/HostContext';
import { useApp } from '../../state/store';
import { ProviderModelPicker, useProviders } from '../settings/ProviderModelPicker';

/**
 * A conversation's provider and model, system prompt, max tokens, and how the model may think: the
 * thinking budget for Anthropic, the reasoning effort for an OpenAI-compatible provider — each shown
 * only for the provider that takes it.
 */
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
  const [effort, setEffort] = useState<ReasoningEffort | ''>(settings.reasoningEffort ?? '');
  const { providers, defaultProvider } = useProviders();
  // The kind of the provider the conversation will use (the default's while none is chosen);
  // undefined until Settings are read.
  const kind = providers.find((p) => p.id === (provider || defaultProvider))?.kind;
  const tokens = Number(maxTokens);
  const budget = kind === 'anthropic' && thinking.trim() !== '' ? Number(thinking) : undefined;
  const budgetOk = budget === undefined || (Number.isInteger(budget) && budget >= 1024 && budget < tokens);
  return (
    <form
      className="card conversation-settings"
      aria-label="Conversation settings"
      onSubmit={(e) => {
        e.preventDefault();
        // What this form does not show (tools left out, old results left out) is kept as it is.
        const {
          provider: _p,
          model: _m,
          system: _s,
          thinkingBudget: _t,
          reasoningEffort: _r,
          ...kept
        } = settings;
        const next: ConversationSettings = {
          ...kept,
          maxTokens: tokens,
          ...(provider ? { provider } : {}),
          ...(model.trim() ? { model: model.trim() } : {}),
          ...(system.trim() ? { system } : {}),
          ...(budget !== undefined ? { thinkingBudget: budget } : {}),
          ...(kind === 'openai-compatible' && effort ? { reasoningEffort: effort } : {}),
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
      {kind === 'anthropic' && (
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
      )}
      {kind === 'openai-compatible' && (
        <div className="row">
          <label htmlFor="conv-effort">Reasoning effort</label>
          <select
            id="conv-effort"
            value={effort}
            onChange={(e) => setEffort(e.target.value as ReasoningEffort | '')}
          >
            <option value="">Not sent</option>
            {REASONING_EFFORTS.map((r) => (
              <option key={r} value={r}>
                {r}
              </option>
            ))}
          </select>
          <span className="muted small">
            How hard a reasoning model thinks before answering (<code>reasoning_effort</code>). Only reasoning
            models take it: others refuse the request.
          </span>
        </div>
      )}
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

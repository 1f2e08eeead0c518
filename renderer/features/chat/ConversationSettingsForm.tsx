import { useEffect, useState } from 'react';
import type { ConversationSettings } from '../../../shared/chat/conversation';
import { useHost } from '../../components/HostContext';
import { revealAsText } from '../../components/revealHidden';
import { useApp } from '../../state/store';

/** A conversation's model, system prompt and max tokens. */
export function ConversationSettingsForm({ id, settings }: { id: string; settings: ConversationSettings }) {
  const host = useHost();
  const run = useApp((s) => s.run);
  const [model, setModel] = useState(settings.model ?? '');
  const [system, setSystem] = useState(settings.system ?? '');
  const [maxTokens, setMaxTokens] = useState(String(settings.maxTokens));
  const [models, setModels] = useState<string[]>([]);
  // The models the API lists (or the known ones), to pick from; any name may still be typed.
  useEffect(() => {
    void host.call('listModels').then(
      (m) => setModels(m.models),
      () => {},
    );
  }, [host]);
  const tokens = Number(maxTokens);
  return (
    <form
      className="card conversation-settings"
      aria-label="Conversation settings"
      onSubmit={(e) => {
        e.preventDefault();
        const next: ConversationSettings = {
          maxTokens: tokens,
          ...(model.trim() ? { model: model.trim() } : {}),
          ...(system.trim() ? { system } : {}),
        };
        void run(async () => {
          await host.call('setConversationSettings', id, next);
          useApp.setState((s) => (s.open?.id === id ? { open: { ...s.open, settings: next } } : {}));
        });
      }}
    >
      <div className="row">
        <label htmlFor="conv-model">Model</label>
        <input
          id="conv-model"
          list="conv-models"
          value={model}
          placeholder="the default model"
          onChange={(e) => setModel(e.target.value)}
        />
        <datalist id="conv-models">
          {models.map((m) => (
            // The list shows an option's value, and the names are the model API's: they show with markers.
            <option key={m} value={revealAsText(m)} />
          ))}
        </datalist>
        <label htmlFor="conv-max">Max tokens</label>
        <input
          id="conv-max"
          type="number"
          min={1}
          value={maxTokens}
          onChange={(e) => setMaxTokens(e.target.value)}
        />
      </div>
      <label htmlFor="conv-system">System prompt</label>
      <textarea id="conv-system" rows={3} value={system} onChange={(e) => setSystem(e.target.value)} />
      <button type="submit" className="primary" disabled={!Number.isInteger(tokens) || tokens < 1}>
        Save
      </button>
    </form>
  );
}

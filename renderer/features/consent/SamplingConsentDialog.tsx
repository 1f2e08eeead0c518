import { useState } from 'react';
import type { SamplingConsentRequest } from '../../../shared/host/consent';
import type { CreateMessageParams } from '../../../shared/mcp/protocol';
import { samplingContents } from '../../../shared/mcp/samplingContent';
import { ContentView } from '../../components/ContentView';
import { HiddenWarning } from '../../components/HiddenWarning';
import { Modal } from '../../components/Modal';
import { SafeText } from '../../components/SafeText';
import { ProviderModelPicker } from '../settings/ProviderModelPicker';
import { ConsentServerLine } from './ConsentServerLine';
import { explainModelPreferences } from './modelPreferences';

/**
 * Step one of sampling: a server wants the model to answer. The person reads and may edit the
 * system prompt, the text of each message, the model and maxTokens, then approves or rejects.
 */
export function SamplingConsentDialog({
  request,
  approve,
  reject,
}: {
  request: SamplingConsentRequest;
  /** With the person's choice of provider and model (each absent: chosen from the server's preferences). */
  approve: (params: CreateMessageParams, choice: { provider?: string; model?: string }) => void;
  reject: () => void;
}) {
  const { params } = request;
  const [systemPrompt, setSystemPrompt] = useState(params.systemPrompt ?? '');
  const [texts, setTexts] = useState(() =>
    params.messages.map((m) => samplingContents(m).map((b) => (b.type === 'text' ? b.text : ''))),
  );
  const [maxTokens, setMaxTokens] = useState(String(params.maxTokens));
  const hints = (params.modelPreferences?.hints ?? []).map((h) => h.name).filter((n): n is string => !!n);
  const [provider, setProvider] = useState('');
  const [model, setModel] = useState('');
  const tokens = Number(maxTokens);
  const tokensOk = Number.isInteger(tokens) && tokens > 0;
  const edited = (): CreateMessageParams => ({
    ...params,
    ...(systemPrompt !== '' ? { systemPrompt } : {}),
    maxTokens: tokens,
    messages: params.messages.map((m, i) => ({
      ...m,
      content: Array.isArray(m.content)
        ? m.content.map((b, j) => (b.type === 'text' ? { ...b, text: texts[i]![j]! } : b))
        : m.content.type === 'text'
          ? { ...m.content, text: texts[i]![0]! }
          : m.content,
    })),
  });
  return (
    <Modal
      title="A server asks the model"
      label={`Sampling request from ${request.server.id}`}
      onEscape={reject}
      wide
    >
      <ConsentServerLine request={request} />
      {params.includeContext && params.includeContext !== 'none' && (
        <p className="warning">
          The server asks to include context from{' '}
          {params.includeContext === 'thisServer' ? 'its own' : 'every'} conversation. Switchboard sends no
          conversation context with sampling requests.
        </p>
      )}
      <label htmlFor="sampling-system">System prompt</label>
      <textarea
        id="sampling-system"
        rows={2}
        value={systemPrompt}
        onChange={(e) => setSystemPrompt(e.target.value)}
      />
      <HiddenWarning text={systemPrompt} />
      <h3 className="sub">Messages</h3>
      <ol className="sampling-messages">
        {params.messages.map((m, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: messages are positional
          <li key={i}>
            <span className="muted">{m.role}</span>
            {samplingContents(m).map((b, j) =>
              b.type === 'text' ? (
                // biome-ignore lint/suspicious/noArrayIndexKey: content blocks are positional
                <div key={`${i}-${j}`}>
                  <textarea
                    aria-label={`Message ${i + 1} (${m.role})`}
                    rows={3}
                    value={texts[i]![j]}
                    onChange={(e) =>
                      setTexts((t) =>
                        t.map((row, r) =>
                          r === i ? row.map((x, c) => (c === j ? e.target.value : x)) : row,
                        ),
                      )
                    }
                  />
                  <HiddenWarning text={texts[i]![j]!} />
                </div>
              ) : (
                // biome-ignore lint/suspicious/noArrayIndexKey: content blocks are positional
                <ContentView key={`${i}-${j}`} content={b} />
              ),
            )}
          </li>
        ))}
      </ol>
      <h3 className="sub">Model</h3>
      <ul className="explain">
        {explainModelPreferences(params.modelPreferences).map((line) => (
          <li key={line}>
            <SafeText text={line} />
          </li>
        ))}
      </ul>
      <div className="row">
        <ProviderModelPicker
          idPrefix="sampling"
          provider={provider}
          model={model}
          onProvider={setProvider}
          onModel={setModel}
          emptyLabel="Chosen from the server’s preferences"
          modelLabel="Use model"
          modelPlaceholder="chosen from the server’s preferences"
          hints={hints}
        />
        <label htmlFor="sampling-max">Max tokens</label>
        <input
          id="sampling-max"
          type="number"
          min={1}
          value={maxTokens}
          aria-invalid={!tokensOk || undefined}
          onChange={(e) => setMaxTokens(e.target.value)}
        />
      </div>
      {typeof params.temperature === 'number' && (
        <p className="muted">
          The server asks for temperature {params.temperature}: sent to OpenAI-compatible providers;
          Anthropic's API no longer takes one, so it is not sent there.
        </p>
      )}
      {params.tools && params.tools.length > 0 && (
        <p className="muted">
          The server offers the model {params.tools.length} tool(s) of its own for this request.
        </p>
      )}
      <div className="actions consent-actions">
        <button type="button" onClick={reject}>
          Reject
        </button>
        <button
          type="button"
          className="primary"
          disabled={!tokensOk}
          onClick={() =>
            approve(edited(), {
              ...(provider ? { provider } : {}),
              ...(model.trim() ? { model: model.trim() } : {}),
            })
          }
        >
          Send to the model
        </button>
      </div>
    </Modal>
  );
}

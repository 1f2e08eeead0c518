import { useState } from 'react';
import type { SamplingResultConsentRequest } from '../../../shared/host/consent';
import type { CreateMessageResult, SamplingContent } from '../../../shared/mcp/protocol';
import { ContentView } from '../../components/ContentView';
import { HiddenWarning } from '../../components/HiddenWarning';
import { Modal } from '../../components/Modal';
import { SafeText } from '../../components/SafeText';
import { ConsentServerLine } from './ConsentServerLine';

/** Step two of sampling: the model answered; the person reads (and may edit) it before the server gets it. */
export function SamplingResultDialog({
  request,
  approve,
  reject,
}: {
  request: SamplingResultConsentRequest;
  approve: (result: CreateMessageResult) => void;
  reject: () => void;
}) {
  const { result } = request;
  const content: SamplingContent[] = Array.isArray(result.content) ? result.content : [result.content];
  const [texts, setTexts] = useState(() => content.map((b) => (b.type === 'text' ? b.text : '')));
  const edited = (): CreateMessageResult => {
    const next = content.map((b, i) => (b.type === 'text' ? { ...b, text: texts[i]! } : b));
    return { ...result, content: Array.isArray(result.content) ? next : next[0]! };
  };
  return (
    <Modal
      title="Send the model’s answer back?"
      label={`Sampling answer for ${request.server.id}`}
      onEscape={reject}
      wide
    >
      <ConsentServerLine request={request} />
      <p className="muted">
        Model{' '}
        <SafeText
          text={`${result.model}${result.stopReason ? ` · ${stopReasonText(result.stopReason)}` : ''}`}
        />
      </p>
      {content.map((b, i) =>
        b.type === 'text' ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: content blocks are positional
          <div key={i}>
            <textarea
              aria-label={`Answer${content.length > 1 ? ` part ${i + 1}` : ''}`}
              rows={6}
              value={texts[i]}
              onChange={(e) => setTexts((t) => t.map((x, j) => (j === i ? e.target.value : x)))}
            />
            <HiddenWarning text={texts[i]!} />
          </div>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: content blocks are positional
          <ContentView key={i} content={b} />
        ),
      )}
      <div className="actions consent-actions">
        <button type="button" onClick={reject}>
          Reject
        </button>
        <button type="button" className="primary" onClick={() => approve(edited())}>
          Send to the server
        </button>
      </div>
    </Modal>
  );
}

/** MCP's stop reasons in words; another (a provider's own) is shown as it came. */
const STOP_REASONS: Record<string, string> = {
  endTurn: 'finished its answer',
  maxTokens: 'stopped at the token limit',
  stopSequence: 'stopped at a stop sequence',
  toolUse: 'wants to use a tool',
};
const stopReasonText = (reason: string): string => STOP_REASONS[reason] ?? `stopped: ${reason}`;

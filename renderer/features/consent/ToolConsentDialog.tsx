import { Ban, Check } from 'lucide-react';
import type { ToolConsentRequest, ToolDecision } from '../../../shared/host/consent';
import { JsonBlock } from '../../components/JsonBlock';
import { Modal } from '../../components/Modal';
import { revealAsText } from '../../components/revealHidden';
import { SafeText } from '../../components/SafeText';
import { ConsentServerLine } from './ConsentServerLine';

const HINTS: [keyof NonNullable<ToolConsentRequest['tool']['annotations']>, string, string][] = [
  ['readOnlyHint', 'read-only', 'changes things'],
  ['destructiveHint', 'may destroy data', 'not destructive'],
  ['idempotentHint', 'safe to repeat', 'not safe to repeat'],
  ['openWorldHint', 'reaches outside systems', 'stays inside its own system'],
];

/** A tool call waiting for the person: who, which tool, exactly what will be sent. Escape denies. */
export function ToolConsentDialog({
  request,
  answer,
}: {
  request: ToolConsentRequest;
  answer: (decision: ToolDecision) => void;
}) {
  const { tool, annotations } = { tool: request.tool, annotations: request.tool.annotations };
  const hints = HINTS.flatMap(([key, yes, no]) =>
    typeof annotations?.[key] === 'boolean' ? [annotations[key] ? yes : no] : [],
  );
  return (
    <Modal
      title={
        <>
          {request.again ? 'Run again' : 'Run'} <SafeText text={tool.title ?? tool.name} />?
        </>
      }
      label={`Run ${revealAsText(tool.title ?? tool.name)}? Tool call from ${request.server.id}${request.fromView !== undefined ? `'s view` : ''}`}
      onEscape={() => answer('deny')}
      wide
    >
      <ConsentServerLine request={request} />
      {request.fromView !== undefined && (
        <p className="banner" data-from-view>
          Asked by the view of <SafeText text={request.fromView} /> (the server's own page in the
          conversation), not by the model.
        </p>
      )}
      {request.again === 'connection-lost' && (
        <p className="banner warning" role="alert">
          Asked again: the connection to the server broke before this call answered. It may already have run —
          running it again could do it twice.
        </p>
      )}
      <p>
        Tool <code>{<SafeText text={tool.name} />}</code>
      </p>
      {tool.description && (
        <div className="tool-description">
          <SafeText text={tool.description} block />
        </div>
      )}
      {hints.length > 0 && (
        <p className="hints">
          <span className="muted">The server says (unverified hints): </span>
          {hints.join(' · ')}
        </p>
      )}
      <h3 className="sub">Arguments that will be sent</h3>
      <JsonBlock json={request.argumentsJson} label="Arguments" />
      <div className="actions consent-actions">
        <button type="button" onClick={() => answer('deny')}>
          <Ban aria-hidden="true" />
          Deny
        </button>
        <button type="button" className="primary" onClick={() => answer('allow-once')}>
          <Check aria-hidden="true" />
          Allow once
        </button>
        {/* A run again after a lost answer is a one-off: nothing standing comes of it. */}
        {request.again === undefined && request.conversationId !== undefined && (
          <button type="button" onClick={() => answer('allow-conversation')}>
            Allow in this conversation
          </button>
        )}
        {request.again === undefined && (
          <>
            <button type="button" onClick={() => answer('always-tool')}>
              Always allow this tool
            </button>
            <button type="button" onClick={() => answer('always-server')}>
              Always allow this server
            </button>
          </>
        )}
      </div>
    </Modal>
  );
}

import { lazy, Suspense, useEffect, useRef } from 'react';
import type { ToolCallRecord } from '../../../shared/chat/conversation';
import type { CallToolResult, Progress } from '../../../shared/mcp/protocol';
import { isSerializedJson } from '../../../shared/mcp/serializedJson';
import { JsonBlock } from '../../components/JsonBlock';
import { progressCount } from '../../components/progressCount';
import { revealAsText } from '../../components/revealHidden';
import { SafeText } from '../../components/SafeText';
import { ServerIcon } from '../../components/ServerIcon';
import { ToolResultView } from '../../components/ToolResultView';
import { useApp } from '../../state/store';

const AppView = lazy(() => import('../apps/AppView'));

/**
 * One tool call in a conversation: which server and tool, the arguments, the decision, the result.
 * The name is the model's, so it is shown with its hidden characters revealed, labels included.
 */
export function ToolCallCard({
  id,
  name,
  input,
  record,
  result,
  progress,
  onCancel,
}: {
  /** The model's id for this call (the Activity page's "Show the call" brings it into view by it). */
  id?: string;
  name: string;
  /** While it runs: cancel this call on its server. */
  onCancel?: () => void;
  input: Record<string, unknown>;
  record?: ToolCallRecord;
  result?: CallToolResult;
  progress?: Progress;
}) {
  // A call that ran but whose result is an error is a failure too: marked, and open.
  const state = !record
    ? 'running'
    : record.decision === 'allowed' && result?.isError
      ? 'error'
      : record.decision;
  const ran = record && record.decision !== 'refused';
  // Not yet running while its own consent is open (same server, tool and arguments in this
  // conversation): the person, not the tool, is what it waits for.
  const waitingForYou = useApp((s) => {
    if (record) return false;
    const tool = s.catalog.tools.find((t) => t.name === name);
    return s.consents.some(
      (c) =>
        c.kind === 'tool' &&
        c.conversationId !== undefined &&
        c.conversationId === s.open?.id &&
        c.server.id === tool?.server &&
        c.tool.name === tool.tool &&
        isSerializedJson(c.argumentsJson, input),
    );
  });
  const conversationId = useApp((s) => s.open?.id);
  // Named as its server and tool from the first moment (the record says so once it has run).
  const listed = useApp((s) => s.catalog.tools.find((t) => t.name === name));
  const server = record?.server ?? listed?.server;
  const tool = record?.server ? (record.tool ?? name) : listed?.tool;
  // Shown from the Activity page: marked, open, and the focus on it once it is on screen.
  const revealed = useApp(
    (s) =>
      id !== undefined && s.shownToolCall?.toolUseId === id && s.shownToolCall.conversation === s.open?.id,
  );
  const card = useRef<HTMLDetailsElement>(null);
  useEffect(() => {
    if (revealed) card.current?.querySelector('summary')?.focus({ preventScroll: true });
  }, [revealed]);
  const showView =
    record?.view !== undefined && record.decision === 'allowed' && conversationId !== undefined;
  return (
    <>
      <details
        ref={card}
        className={`tool-card tool-${state}${revealed ? ' revealed' : ''}`}
        open={state !== 'allowed' || revealed}
        data-tool-use={id}
        aria-label={`Tool call ${revealAsText(name)}`}
      >
        <summary>
          <span className="chip">
            {state !== 'running' ? state : waitingForYou ? 'waiting for your answer' : 'running…'}
          </span>{' '}
          {server && tool ? (
            <>
              <ServerIcon server={server} size="sm" />
              <strong>{server}</strong> · <SafeText text={tool} />
            </>
          ) : (
            <SafeText text={name} />
          )}
          {ran && (
            <span
              className="muted"
              title="The tool's own time, from when it was sent (not the time you took to approve it)"
            >
              {' '}
              · {((record.endedAt - record.startedAt) / 1000).toFixed(1)} s
            </span>
          )}
        </summary>
        {state === 'running' && (
          <div className="run-progress">
            <progress
              aria-label={`Progress of ${revealAsText(name)}`}
              {...(progress?.total ? { value: progress.progress, max: progress.total } : {})}
            />
            {progress && !progress.task && (
              <span className="muted" data-progress="">
                {progressCount(progress)}
                {progress.message ? ' · ' : ''}
              </span>
            )}
            {progress?.task && (
              <span className="muted" data-task-status={progress.task.status}>
                task {progress.task.status.replace('_', ' ')}
                {progress.message ? ' · ' : ''}
              </span>
            )}
            {progress?.message && <SafeText text={progress.message} />}
            {onCancel && (
              <button type="button" onClick={onCancel}>
                Cancel
              </button>
            )}
          </div>
        )}
        <h4 className="sub">Arguments</h4>
        <JsonBlock value={input} />
        {record?.reason && (
          <p className="field-error">
            <SafeText text={record.reason} />
          </p>
        )}
        {result && record?.decision === 'allowed' && (
          <>
            <h4 className="sub">Result{result.isError ? ' (error)' : ''}</h4>
            <ToolResultView result={result} />
          </>
        )}
      </details>
      {/* MCP Apps: the call's View, in a sandbox of its own (loaded only when a card has one). */}
      {showView && (
        <Suspense fallback={<p className="muted small view-status">Opening the view…</p>}>
          <AppView conversationId={conversationId} toolUseId={record.toolUseId} />
        </Suspense>
      )}
    </>
  );
}

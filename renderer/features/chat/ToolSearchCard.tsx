import type { ToolCallRecord } from '../../../shared/chat/conversation';
import type { ToolSearchFound } from '../../../shared/chat/toolSearch';
import type { CallToolResult } from '../../../shared/mcp/protocol';
import { SafeText } from '../../components/SafeText';
import { useApp } from '../../state/store';

/**
 * The model's search of the conversation's tools: what it searched for and the tools it found (each as
 * its server and tool), which it may call from then on. Nothing ran anywhere: no consent was asked.
 */
export function ToolSearchCard({
  input,
  record,
  result,
}: {
  input: Record<string, unknown>;
  record?: ToolCallRecord;
  result?: CallToolResult;
}) {
  const catalog = useApp((s) => s.catalog.tools);
  const query = typeof input.query === 'string' ? input.query : '';
  const found = (result?.structuredContent as Partial<ToolSearchFound> | undefined)?.tools ?? [];
  const state = !record ? 'running' : record.decision === 'allowed' && !result?.isError ? 'allowed' : 'error';
  return (
    <details className={`tool-card tool-${state} tool-search`} aria-label="Tool search">
      <summary>
        <span className="chip">{!record ? 'searching…' : state === 'allowed' ? 'searched' : 'failed'}</span>{' '}
        <strong>Tool search</strong>
        {query && (
          <>
            {' '}
            for “<SafeText text={query} />”
          </>
        )}
        {record &&
          state === 'allowed' &&
          ` · ${found.length === 0 ? 'nothing found' : `${found.length} found`}`}
      </summary>
      {found.length > 0 && (
        <ul className="found-tools" aria-label="Tools found">
          {found.map((name) => {
            const tool = catalog.find((t) => t.name === name);
            return (
              <li key={name}>
                {tool ? (
                  <>
                    <strong>{tool.server}</strong> · <SafeText text={tool.tool} />
                  </>
                ) : (
                  <SafeText text={name} />
                )}
              </li>
            );
          })}
        </ul>
      )}
      {state === 'error' && result && (
        <p className="muted small">
          <SafeText text={result.content.map((c) => (c.type === 'text' ? c.text : '')).join(' ')} />
        </p>
      )}
    </details>
  );
}

import type { ToolCallRecord } from '../../../shared/chat/conversation';
import type { ToolSearchFound } from '../../../shared/chat/toolSearch';
import type { CallToolResult } from '../../../shared/mcp/protocol';
import { SafeText } from '../../components/SafeText';
import { useApp } from '../../state/store';

export interface ToolSearchShown {
  query: string;
  found: readonly string[];
  state: 'running' | 'done' | 'failed';
  /** Why it failed. */
  error?: string;
}

/** The host's own search (a tool call of `switchboard_tool_search`), as the card shows it. */
export function hostSearchShown(
  input: Record<string, unknown>,
  record: ToolCallRecord | undefined,
  result: CallToolResult | undefined,
): ToolSearchShown {
  const failed = record !== undefined && (record.decision !== 'allowed' || result?.isError === true);
  return {
    query: typeof input.query === 'string' ? input.query : '',
    found: (result?.structuredContent as Partial<ToolSearchFound> | undefined)?.tools ?? [],
    state: !record ? 'running' : failed ? 'failed' : 'done',
    ...(failed && result
      ? { error: result.content.map((c) => (c.type === 'text' ? c.text : '')).join(' ') }
      : {}),
  };
}

/**
 * The model's search of the conversation's tools (the host's, or the provider's own): what it searched
 * for and the tools it found (each as its server and tool), which it may call from then on. Nothing ran
 * anywhere: no consent was asked.
 */
export function ToolSearchCard({ query, found, state, error }: ToolSearchShown) {
  const catalog = useApp((s) => s.catalog.tools);
  return (
    <details
      className={`tool-card tool-${state === 'done' ? 'allowed' : state === 'failed' ? 'error' : 'running'}`}
      aria-label="Tool search"
    >
      <summary>
        <span className="chip">
          {state === 'running' ? 'searching…' : state === 'done' ? 'searched' : 'failed'}
        </span>{' '}
        <strong>Tool search</strong>
        {query && (
          <>
            {' '}
            for “<SafeText text={query} />”
          </>
        )}
        {state === 'done' && ` · ${found.length === 0 ? 'nothing found' : `${found.length} found`}`}
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
      {state === 'failed' && error && (
        <p className="muted small">
          <SafeText text={error} />
        </p>
      )}
    </details>
  );
}

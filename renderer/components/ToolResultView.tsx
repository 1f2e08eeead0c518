import type { CallToolResult } from '../../shared/mcp/protocol';
import { ContentList } from './ContentView';
import { JsonBlock } from './JsonBlock';

/** Whether two JSON values are the same (object keys in any order). */
function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  return (
    ka.length === kb.length &&
    ka.every(
      (k) =>
        Object.hasOwn(b, k) && sameJson((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]),
    )
  );
}

function isSerialized(text: string, value: unknown): boolean {
  try {
    return sameJson(JSON.parse(text), value);
  } catch {
    return false;
  }
}

/**
 * A tool's result: its content, then its structured content once. A server that returns both
 * SHOULD put the structured content's JSON in a text block too (for older clients): that text is the
 * same data, so it is not shown twice.
 */
export function ToolResultView({ result }: { result: CallToolResult }) {
  const structured = result.structuredContent;
  const content =
    structured === undefined
      ? result.content
      : result.content.filter((c) => !(c.type === 'text' && isSerialized(c.text, structured)));
  return (
    <>
      {content.length > 0 && <ContentList content={content} />}
      {structured !== undefined && (
        <>
          <h4 className="sub">Structured content</h4>
          <JsonBlock value={structured} />
        </>
      )}
    </>
  );
}

import type { CallToolResult } from '../../shared/mcp/protocol';
import { isSerializedJson } from '../../shared/mcp/serializedJson';
import { ContentList } from './ContentView';
import { JsonBlock } from './JsonBlock';

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
      : result.content.filter((c) => !(c.type === 'text' && isSerializedJson(c.text, structured)));
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

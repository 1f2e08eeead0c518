import { type AttachedFile, fileLabel } from '../../shared/chat/attachedFile';
import type { ChatBlock } from '../../shared/chat/conversation';
import type { CallToolResult, ContentBlock } from '../../shared/mcp/protocol';
import { isSerializedJson } from '../../shared/mcp/serializedJson';
import { type AttachedBytes, MODEL_IMAGE_TYPES, type ModelMessage } from './modelProvider';

/** A piece of content as every model API takes it: text, or an image of a type models read. */
export type ModelPart = { kind: 'text'; text: string } | { kind: 'image'; mimeType: string; data: string };

/**
 * A file the person attached, as a model reads it: an image or a PDF as itself (the provider's own
 * block; `name` for where the API takes a title), a text file as its text, fenced under its name.
 */
export type FilePart =
  | { kind: 'text'; text: string }
  | { kind: 'image'; mimeType: string; data: string; name: string }
  | { kind: 'document'; mimeType: 'application/pdf'; data: string; name: string };

/** The line a model reads in place of a file it is not sent, saying which and why. */
export const unsentFile = (file: AttachedFile, why: string): FilePart => ({
  kind: 'text',
  text: `[attached file ${fileLabel(file)}: not sent — ${why}]`,
});

/** A fence longer than any run of backticks in `text` (at least three). */
const fenceFor = (text: string) =>
  '`'.repeat(Math.max(3, ...[...text.matchAll(/`+/g)].map((m) => m[0].length + 1)));

/**
 * `file` as the model reads it, from its bytes. A request sent without files (a summary) names it;
 * a file whose bytes the host no longer has is said so.
 */
export function filePart(file: AttachedFile, files: AttachedBytes | undefined): FilePart {
  if (!files) return unsentFile(file, 'files are not sent with this request');
  const bytes = files.get(file.sha256);
  if (!bytes) return unsentFile(file, "its bytes are no longer in Switchboard's data folder");
  if (file.kind === 'text') {
    const text = new TextDecoder().decode(bytes);
    const fence = fenceFor(text);
    return {
      kind: 'text',
      text: `${file.name}\n${fence}\n${text}${text.endsWith('\n') ? '' : '\n'}${fence}`,
    };
  }
  const data = Buffer.from(bytes).toString('base64');
  return file.kind === 'pdf'
    ? { kind: 'document', mimeType: 'application/pdf', data, name: file.name }
    : { kind: 'image', mimeType: file.mediaType, data, name: file.name };
}

const approxBytes = (base64: string) => Math.floor((base64.length * 3) / 4);

/**
 * MCP content as model parts. Text and the image types models read go across as they are;
 * everything else (audio, other images, embedded resources, resource links) becomes a faithful text
 * part that says what it was, so the model is never told less than is there without knowing it.
 */
export function toModelParts(content: readonly ContentBlock[]): ModelPart[] {
  return content.map((c): ModelPart => {
    switch (c.type) {
      case 'text':
        return { kind: 'text', text: c.text };
      case 'image':
        return MODEL_IMAGE_TYPES.has(c.mimeType)
          ? { kind: 'image', mimeType: c.mimeType, data: c.data }
          : {
              kind: 'text',
              text: `[image of type ${c.mimeType}, ${approxBytes(c.data)} bytes: not a type the model reads]`,
            };
      case 'audio':
        return {
          kind: 'text',
          text: `[audio of type ${c.mimeType}, ${approxBytes(c.data)} bytes: the model cannot hear it]`,
        };
      case 'resource': {
        const r = c.resource;
        return 'text' in r
          ? { kind: 'text', text: `[resource ${r.uri}${r.mimeType ? ` (${r.mimeType})` : ''}]\n${r.text}` }
          : {
              kind: 'text',
              text: `[binary resource ${r.uri}${r.mimeType ? ` (${r.mimeType})` : ''}, ${approxBytes(r.blob)} bytes, not included]`,
            };
      }
      case 'resource_link':
        return {
          kind: 'text',
          text: `[resource link] ${JSON.stringify({ uri: c.uri, name: c.name, ...(c.title ? { title: c.title } : {}), ...(c.description ? { description: c.description } : {}), ...(c.mimeType ? { mimeType: c.mimeType } : {}) })}`,
        };
      default:
        return { kind: 'text', text: `[content] ${JSON.stringify(c)}` };
    }
  });
}

/**
 * A tool's result as the parts the model reads. structuredContent is added as JSON unless a text
 * block already carries it (the spec asks servers to send both, and the model need not read the
 * same data twice); an empty result says so.
 */
export function toolResultParts(result: CallToolResult): ModelPart[] {
  const parts = toModelParts(result.content ?? []);
  if (result.structuredContent !== undefined && !textCarries(result, result.structuredContent))
    parts.push({ kind: 'text', text: `[structuredContent] ${JSON.stringify(result.structuredContent)}` });
  return parts.length > 0 ? parts : [{ kind: 'text', text: '(no content)' }];
}

/** Whether one of the result's text blocks is `value` serialised (any spacing or key order). */
const textCarries = (result: CallToolResult, value: unknown): boolean =>
  (result.content ?? []).some((c) => c.type === 'text' && isSerializedJson(c.text, value));

const INTERRUPTED: CallToolResult = {
  content: [
    { type: 'text', text: 'The call was interrupted before it finished (Switchboard stopped or closed).' },
  ],
  isError: true,
};

/**
 * The conversation with every tool use answered: a tool use left without its result (the app was
 * killed mid-call) gets one saying so — in the next message that carries results, or a message of
 * its own — so that a conversation can always be continued, whatever the API.
 */
export function withEveryToolAnswered(history: readonly ModelMessage[]): ModelMessage[] {
  const out: ModelMessage[] = [];
  let unanswered: string[] = [];
  const interrupted = (ids: string[]): ChatBlock[] =>
    ids.map((id) => ({ type: 'tool_result', toolUseId: id, result: INTERRUPTED }));
  const answerMissing = () => {
    if (unanswered.length > 0) out.push({ role: 'user', blocks: interrupted(unanswered) });
    unanswered = [];
  };
  for (const m of history) {
    let blocks = m.blocks;
    const answered = new Set(m.blocks.flatMap((b) => (b.type === 'tool_result' ? [b.toolUseId] : [])));
    if (answered.size > 0) {
      // Results for the previous tool uses: any the app never got to are added here.
      blocks = [...blocks, ...interrupted(unanswered.filter((id) => !answered.has(id)))];
      unanswered = [];
    } else answerMissing();
    if (blocks.length > 0) out.push({ role: m.role, blocks });
    if (m.role === 'assistant') unanswered = m.blocks.flatMap((b) => (b.type === 'tool_use' ? [b.id] : []));
  }
  answerMissing();
  return out;
}

/** A tool use's input as an object (APIs send JSON text; anything else is no input). */
export function parseArguments(json: string): Record<string, unknown> {
  if (!json.trim()) return {};
  try {
    const value = JSON.parse(json) as unknown;
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
}

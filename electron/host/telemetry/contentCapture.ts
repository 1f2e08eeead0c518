import type { ChatBlock, ChatMessage } from '../../../shared/chat/conversation';
import { redactedValue } from '../logs/redactedValue';

/**
 * The most characters one content attribute carries (a message list, a tool's arguments or result):
 * past it the value is cut, saying how long it was. Collectors and backends refuse or truncate large
 * attributes anyway; this keeps a long conversation from turning every span into megabytes.
 */
export const CONTENT_BOUND = 16 * 1024;

/** A message part by the GenAI conventions' message schema (gen_ai.input.messages / output.messages). */
type Part =
  | { type: 'text'; content: string }
  | { type: 'reasoning'; content: string }
  | { type: 'tool_call'; id: string; name: string; arguments: unknown }
  | { type: 'tool_call_response'; id: string; response: unknown }
  | { type: string };

/**
 * Content capture: what was said, put on spans only when the person or the policy turned it on, each
 * value through the activity record's redaction (every stored secret, every key-shaped string — in
 * the value as it is and inside JSON held in a string) and cut to CONTENT_BOUND.
 */
export class ContentCapture {
  constructor(private readonly redact: (text: string) => string) {}

  /** A value as one attribute: redacted before it is serialised, then bounded. */
  json(value: unknown): string {
    return bounded(this.redact(JSON.stringify(redactedValue(value, this.redact)) ?? 'null'));
  }

  /** Messages as the conventions write them: `[{ role, parts: [...] }]`. */
  messages(messages: readonly Pick<ChatMessage, 'role' | 'blocks'>[]): string {
    return this.json(messages.map((m) => ({ role: m.role, parts: m.blocks.filter(Boolean).map(partOf) })));
  }

  /** The system prompt as the conventions' `gen_ai.system_instructions`. */
  system(text: string): string {
    return this.json([{ type: 'text', content: text }]);
  }
}

function partOf(block: ChatBlock): Part {
  switch (block.type) {
    case 'text':
      return { type: 'text', content: block.text };
    case 'thinking':
      return { type: 'reasoning', content: block.text };
    case 'tool_use':
      return { type: 'tool_call', id: block.id, name: block.name, arguments: block.input };
    case 'tool_result':
      return { type: 'tool_call_response', id: block.toolUseId, response: block.result };
    default:
      // Images, files, a tool search: named by kind only (their bytes are no attribute's business).
      return { type: block.type };
  }
}

function bounded(text: string): string {
  if (text.length <= CONTENT_BOUND) return text;
  return `${text.slice(0, CONTENT_BOUND)}…[cut: ${text.length} characters]`;
}

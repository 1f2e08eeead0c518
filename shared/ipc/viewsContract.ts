// biome-ignore-all lint/suspicious/noConfusingVoidType: a result type is what the method's promise resolves to; void is exactly that.
import { z } from 'zod';
import type { OpenedView } from '../host/appView';
import type { CallToolResult, ReadResourceResult } from '../mcp/protocol';
import { LOGGING_LEVELS } from '../mcp/protocol';
import { conversationId, jsonObject, uri } from './argumentSchemas';

const viewId = z.string().regex(/^[0-9a-f]{24}$/, 'a view id');

/** Views (MCP Apps): each call names the View the host opened; the host attributes by it. */
export const VIEWS_METHODS = {
  /** Opens the View of a tool call the conversation keeps (by its tool use id). */
  loadView: z.tuple([conversationId, z.string().min(1).max(256)]),
  viewCallTool: z.tuple([viewId, z.string().min(1).max(256), jsonObject]),
  viewReadResource: z.tuple([viewId, uri]),
  viewLog: z.tuple([viewId, z.enum(LOGGING_LEVELS), z.string().max(100_000)]),
  /** What the View wants the model to know: sent with the person's next message. */
  viewUpdateContext: z.tuple([
    viewId,
    z.array(z.object({ type: z.string().max(64), text: z.string().max(100_000).optional() })).max(100),
    jsonObject.nullable(),
  ]),
  closeView: z.tuple([viewId]),
} as const;

export interface ViewsResults {
  loadView: OpenedView;
  viewCallTool: CallToolResult;
  viewReadResource: ReadResourceResult;
  viewLog: void;
  viewUpdateContext: void;
  closeView: void;
}

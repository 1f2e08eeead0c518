import type { ServerMessage } from '../../shared/ipc/socketMessages';
import { jsonText } from '../../shared/json/jsonDepth';

/**
 * One WebSocket frame's text. Anything nested beyond MAX_JSON_DEPTH (a server's value that got past
 * every earlier check) is a JsonTooDeep naming the event or the call's answer — an error for that
 * one message, never a stack overflow that ends the host; the page would not survive it either.
 */
export function socketText(message: ServerMessage, method?: string): string {
  const what =
    'event' in message ? `the ${message.event} event` : `the answer to ${method ?? `call ${message.id}`}`;
  return jsonText(message, what);
}

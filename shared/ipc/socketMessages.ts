// The browser shell's WebSocket messages, one JSON text frame each, typed here for both ends: the
// page (renderer/hostClient.ts) sends calls; the server (electron/web/webShell.ts) answers each by
// its id and pushes the host's events.
import { z } from 'zod';
import type { HostArgs, HostEvent, HostMethod } from './contract';

/** What the server accepts as a call; the contract (parseCall) then checks its method and arguments. */
export const callEnvelope = z.object({
  /** Chosen by the page; the answer carries it back. */
  id: z.number().int().nonnegative(),
  method: z.string().max(256),
  args: z.unknown(),
});
export type CallId = z.infer<typeof callEnvelope>['id'];

/** A call as the page writes it. */
export interface CallMessage<M extends HostMethod = HostMethod> {
  id: CallId;
  method: M;
  args: HostArgs[M];
}

/**
 * The answer to one call: what the method resolved to (null for nothing), or why it failed. `id` is
 * null when the message could not be read as a call at all (not JSON, no id).
 */
type AnswerMessage = { id: CallId | null } & ({ result: unknown } | { error: string });

/** Everything the server sends: answers, and the host's events. */
export type ServerMessage = AnswerMessage | HostEvent;

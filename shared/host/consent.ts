import type {
  CreateMessageParams,
  CreateMessageResult,
  ElicitParams,
  ElicitResult,
  ToolAnnotations,
} from '../mcp/protocol';

export type ConsentId = string;

/** Who is asking: the configured name, what it runs or where it lives, and its identity hash. */
export interface ConsentServer {
  id: string;
  target: string;
  identity: string;
}

interface ConsentBase {
  id: ConsentId;
  server: ConsentServer;
  createdAt: number;
  /** After this, the request is refused (an elicitation is cancelled). */
  expiresAt: number;
}

export interface ToolConsentRequest extends ConsentBase {
  kind: 'tool';
  tool: { name: string; title?: string; description?: string; annotations?: ToolAnnotations };
  /** The exact arguments that will be sent, as canonical JSON: what is shown is what is sent. */
  argumentsJson: string;
  conversationId?: string;
  /**
   * Asked again because the connection broke before the call's answer (2026-07-28: the request is
   * lost and must be sent anew): it may already have run. Only "Allow once" or "Deny" are offered.
   */
  again?: 'connection-lost';
  /** Asked by a server's View (MCP Apps), not the model: the name of the tool whose View it is. */
  fromView?: string;
}
export interface SamplingConsentRequest extends ConsentBase {
  kind: 'sampling';
  params: CreateMessageParams;
}
export interface SamplingResultConsentRequest extends ConsentBase {
  kind: 'sampling-result';
  params: CreateMessageParams;
  result: CreateMessageResult;
}
export interface ElicitationConsentRequest extends ConsentBase {
  kind: 'elicitation';
  params: ElicitParams;
}
export type ConsentRequest =
  | ToolConsentRequest
  | SamplingConsentRequest
  | SamplingResultConsentRequest
  | ElicitationConsentRequest;

/**
 * A consent that ended before the person answered it, for a reason other than the window closing:
 * its server withdrew the request, stopped, or the deadline passed. The dialog is gone; this says why.
 */
export interface ConsentWithdrawn {
  id: ConsentId;
  server: string;
  kind: ConsentRequest['kind'];
  why: string;
}

export type ToolDecision = 'deny' | 'allow-once' | 'allow-conversation' | 'always-tool' | 'always-server';

export type ConsentAnswer =
  | { kind: 'tool'; decision: ToolDecision }
  /** Approve (possibly edited: prompt, model preferences, maxTokens) or reject the request. */
  | { kind: 'sampling'; approve: false }
  /**
   * `provider` and `model`: the person's choice (Settings' provider ids), which overrides what the
   * server's preferences suggest.
   */
  | { kind: 'sampling'; approve: true; params?: CreateMessageParams; provider?: string; model?: string }
  /** Send the (possibly edited) result back, or reject it. */
  | { kind: 'sampling-result'; approve: false }
  | { kind: 'sampling-result'; approve: true; result?: CreateMessageResult }
  | { kind: 'elicitation'; result: ElicitResult };

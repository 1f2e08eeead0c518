import type {
  CreateMessageParams,
  CreateMessageResult,
  ElicitFormParams,
  ElicitResult,
  ElicitUrlParams,
  Root,
} from '../../../shared/mcp/protocol';

export interface ServerRequestContext {
  /** Aborted when the server cancels its request or the connection closes. */
  signal: AbortSignal;
  /** The configured server name, so a consent UI can say who is asking. */
  server: string;
}

/**
 * What the host lets servers ask of it. Each handler present is advertised as a capability; each
 * absent one is not, and the server's request for it is answered with -32601.
 */
export interface ClientHandlers {
  roots?: {
    list(ctx: ServerRequestContext): Promise<Root[]> | Root[];
    /** Whether we will send notifications/roots/list_changed (default true). */
    listChanged?: boolean;
  };
  sampling?: {
    createMessage(params: CreateMessageParams, ctx: ServerRequestContext): Promise<CreateMessageResult>;
    /** Accept tool-enabled sampling requests (2025-11-25). */
    tools?: boolean;
    /** Accept includeContext other than "none" (soft-deprecated). */
    context?: boolean;
  };
  elicitation?: {
    form?(params: ElicitFormParams, ctx: ServerRequestContext): Promise<ElicitResult>;
    url?(params: ElicitUrlParams, ctx: ServerRequestContext): Promise<ElicitResult>;
  };
}

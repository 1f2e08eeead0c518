// biome-ignore-all lint/suspicious/noConfusingVoidType: a result type is what the method's promise resolves to; void is exactly that.
import { z } from 'zod';
import type { ConsentAnswer, ConsentRequest, ConsentWithdrawn } from '../host/consent';
import { createMessageParams, createMessageResult, elicitResult } from '../mcp/samplingSchemas';
import { providerId, serverId } from './argumentSchemas';

// Each answer as its own kind and verdict: an approval may carry the person's edits, checked as the
// MCP shapes they are; a refusal carries nothing.
const consentAnswer = z.union([
  z.object({
    kind: z.literal('tool'),
    decision: z.enum(['deny', 'allow-once', 'allow-conversation', 'always-tool', 'always-server']),
  }),
  z.object({ kind: z.literal('sampling'), approve: z.literal(false) }),
  z.object({
    kind: z.literal('sampling'),
    approve: z.literal(true),
    params: createMessageParams.optional(),
    provider: providerId.optional(),
    model: z.string().min(1).max(256).optional(),
  }),
  z.object({ kind: z.literal('sampling-result'), approve: z.literal(false) }),
  z.object({
    kind: z.literal('sampling-result'),
    approve: z.literal(true),
    result: createMessageResult.optional(),
  }),
  z.object({ kind: z.literal('elicitation'), result: elicitResult }),
]) satisfies z.ZodType<ConsentAnswer>;

/** The person's consents: those waiting, their answers, and the standing approvals. */
export const CONSENT_METHODS = {
  listConsents: z.tuple([]),
  answerConsent: z.tuple([z.string().uuid(), consentAnswer]),
  getApprovals: z.tuple([serverId]),
  setReadOnlyPolicy: z.tuple([serverId, z.boolean()]),
  revokeApprovals: z.tuple([serverId]),
} as const;

export interface ApprovalsView {
  /** Tools whose server marks them read-only run without asking. */
  readOnlyAuto: boolean;
  /** Tools approved always, by tool name. */
  alwaysTools: string[];
  /** Tools approved for this server as a whole. */
  serverTools: string[];
}

export interface ConsentResults {
  listConsents: ConsentRequest[];
  answerConsent: void;
  getApprovals: ApprovalsView;
  setReadOnlyPolicy: void;
  revokeApprovals: void;
}

export interface ConsentEvents {
  consentsChanged: ConsentRequest[];
  /** A dialog closed without an answer, and why (the server withdrew or stopped, the deadline passed). */
  consentWithdrawn: ConsentWithdrawn;
  /** A URL elicitation the server reported complete (notifications/elicitation/complete). */
  elicitationComplete: { server: string; elicitationId: string };
}

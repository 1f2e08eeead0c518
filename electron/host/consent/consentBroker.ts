import { randomUUID } from 'node:crypto';
import type { TokenUsage } from '../../../shared/chat/conversation';
import type {
  ConsentAnswer,
  ConsentId,
  ConsentRequest,
  ConsentServer,
  ConsentWithdrawn,
  ToolDecision,
} from '../../../shared/host/consent';
import type {
  CreateMessageParams,
  CreateMessageResult,
  ElicitParams,
  ElicitResult,
  Tool,
} from '../../../shared/mcp/protocol';
import { Emitter, ErrorCode, McpError } from '../../mcp';
import type { ActivityLog } from '../activity/activityLog';
import { canonicalJson } from '../canonicalJson';
import { type ApprovalStore, toolDefinitionHash } from './approvalStore';

/** Answers an approved sampling request with a model (the person's choice of provider and model when they made one). */
export type Sampler = (
  params: CreateMessageParams,
  options: {
    signal?: AbortSignal;
    provider?: string;
    model?: string;
    /** What the answer cost, where the model API says. */
    onUsage?: (usage: TokenUsage) => void;
  },
) => Promise<CreateMessageResult>;

export type ToolAuthorization =
  | {
      allowed: true;
      /** The arguments to send: parsed from the canonical JSON that was shown, deeply frozen. */
      arguments: Readonly<Record<string, unknown>>;
      argumentsJson: string;
      decision: ToolDecision | 'standing-approval' | 'read-only-policy' | 'hand-run' | 'policy';
    }
  | { allowed: false; reason: 'denied' | 'timeout' | 'cancelled' | 'closed' };

type Outcome = { answer: ConsentAnswer } | { refused: 'timeout' | 'cancelled' | 'closed' };

interface Pending {
  request: ConsentRequest;
  settle(outcome: Outcome): void;
}

/** A consent request before the broker stamps it (id, when it was asked, until when), kind by kind. */
type RequestInput = ConsentRequest extends infer R
  ? R extends ConsentRequest
    ? Omit<R, 'id' | 'createdAt' | 'expiresAt'>
    : never
  : never;

/** A sampling request the person (or the clock, or the server) did not let through, and at which step. */
export class SamplingRejected extends McpError {
  constructor(
    readonly why: 'declined' | 'result declined' | Extract<Outcome, { refused: unknown }>['refused'],
  ) {
    super(ErrorCode.UserRejected, `User rejected sampling request (${why})`);
  }
}

/**
 * The one queue of consents: tool calls, sampling (request and result) and elicitation, from every
 * server. Each request carries a ConsentId, who asks, and the exact payload. Anything unanswered in
 * time, cancelled by its server, or left when the window closes is a refusal (an elicitation: cancel).
 */
export class ConsentBroker {
  private readonly pending = new Map<ConsentId, Pending>();
  private policy: ((server: ConsentServer, tool: Tool, argumentsJson: string) => boolean) | undefined;
  private readonly changeEmitter = new Emitter<ConsentRequest[]>();
  private readonly withdrawnEmitter = new Emitter<ConsentWithdrawn>();
  readonly onChange = this.changeEmitter.event;
  /** A dialog went away unanswered (server withdrew or stopped, deadline passed): tell the person why. */
  readonly onWithdrawn = this.withdrawnEmitter.event;

  constructor(
    private readonly approvals: ApprovalStore,
    private readonly timeoutMs = 5 * 60_000,
    /** The activity record: approvals the person's answers give. */
    private readonly activity?: Pick<ActivityLog, 'record'>,
  ) {}

  /**
   * A standing rule of the process that allows a model's calls without asking (the headless chat's
   * --allow patterns): a call it allows is recorded as allowed by policy, not as the person's answer.
   * Never a View's call. The app's window sets none.
   */
  allowBy(policy: (server: ConsentServer, tool: Tool, argumentsJson: string) => boolean): void {
    this.policy = policy;
  }

  private granted(
    server: ConsentServer,
    tool: string,
    scope: 'tool' | 'server' | 'conversation',
    conversationId?: string,
  ): void {
    this.activity?.record({
      kind: 'approval',
      server: server.id,
      serverIdentity: server.identity,
      change: 'granted',
      scope,
      tool,
      ...(conversationId !== undefined ? { conversationId } : {}),
    });
  }

  /** What waits for the person, oldest first. */
  queue(): ConsentRequest[] {
    return [...this.pending.values()].map((p) => p.request);
  }

  /** The person's answer. Only a pending id of the matching kind is accepted. */
  answer(id: ConsentId, answer: ConsentAnswer): void {
    const pending = this.pending.get(id);
    if (!pending) throw new Error(`No pending consent ${id} (answered, expired or cancelled already)`);
    if (pending.request.kind !== answer.kind) {
      throw new Error(`Consent ${id} is a ${pending.request.kind} request, not ${answer.kind}`);
    }
    pending.settle({ answer });
  }

  /** The window closed: every pending consent is refused. */
  closeAll(): void {
    for (const p of [...this.pending.values()]) p.settle({ refused: 'closed' });
  }

  // ---- tool calls -----------------------------------------------------------------------------

  /**
   * The connection broke before a tool call's answer: sending it again may run it twice, so the
   * person is asked each time — no standing approval or policy answers this — showing the same
   * arguments. True only for "Allow once".
   */
  async authorizeResend(input: {
    server: ConsentServer;
    tool: Tool;
    argumentsJson: string;
    conversationId?: string;
    signal?: AbortSignal;
  }): Promise<boolean> {
    const { tool } = input;
    const outcome = await this.ask(
      {
        kind: 'tool',
        server: input.server,
        tool: {
          name: tool.name,
          ...(tool.title !== undefined ? { title: tool.title } : {}),
          ...(tool.description !== undefined ? { description: tool.description } : {}),
          ...(tool.annotations !== undefined ? { annotations: tool.annotations } : {}),
        },
        argumentsJson: input.argumentsJson,
        ...(input.conversationId !== undefined ? { conversationId: input.conversationId } : {}),
        again: 'connection-lost',
      },
      input.signal,
    );
    if ('refused' in outcome) return false;
    return (outcome.answer as Extract<ConsentAnswer, { kind: 'tool' }>).decision === 'allow-once';
  }

  async authorizeToolCall(input: {
    server: ConsentServer;
    tool: Tool;
    args: Record<string, unknown>;
    conversationId?: string;
    /** Asked by a server's View (MCP Apps): the name of the tool whose View it is. */
    fromView?: string;
    /**
     * The person's own Run in the tool runner: the click is the consent, so no dialog asks again (a
     * View's call never is one). The page could answer a dialog as well as click Run, so this gives a
     * compromised page nothing it lacks (docs/threat-model.md §3).
     */
    handRun?: boolean;
    signal?: AbortSignal;
  }): Promise<ToolAuthorization> {
    const { server, tool } = input;
    // Freeze what will be sent now: the text shown is the text parsed for sending, and nobody can
    // change the object afterwards.
    const argumentsJson = canonicalJson(input.args ?? {}, `the arguments for ${tool.name}`);
    const allowed = (
      decision: Extract<ToolAuthorization, { allowed: true }>['decision'],
    ): ToolAuthorization => ({
      allowed: true,
      arguments: deepFreeze(JSON.parse(argumentsJson) as Record<string, unknown>),
      argumentsJson,
      decision,
    });
    if (input.handRun === true && input.fromView === undefined) return allowed('hand-run');
    if (input.fromView === undefined && this.policy?.(server, tool, argumentsJson)) return allowed('policy');
    const hash = toolDefinitionHash(tool);
    // "In this conversation" is the model's or the View's, never both: a View (the server's own code)
    // does not inherit what the person allowed the model, nor the other way round.
    const conversation =
      input.conversationId !== undefined && input.fromView !== undefined
        ? `${input.conversationId}#view`
        : input.conversationId;
    if (this.approvals.allows(server.identity, tool.name, hash, conversation))
      return allowed('standing-approval');
    // Annotations are the server's claims: they count only where the person enabled the policy.
    if (tool.annotations?.readOnlyHint === true && this.approvals.allowsReadOnly(server.identity)) {
      return allowed('read-only-policy');
    }
    const outcome = await this.ask(
      {
        kind: 'tool',
        server,
        tool: {
          name: tool.name,
          ...(tool.title !== undefined ? { title: tool.title } : {}),
          ...(tool.description !== undefined ? { description: tool.description } : {}),
          ...(tool.annotations !== undefined ? { annotations: tool.annotations } : {}),
        },
        argumentsJson,
        ...(input.conversationId !== undefined ? { conversationId: input.conversationId } : {}),
        ...(input.fromView !== undefined ? { fromView: input.fromView } : {}),
      },
      input.signal,
    );
    if ('refused' in outcome) return { allowed: false, reason: outcome.refused };
    const { decision } = outcome.answer as Extract<ConsentAnswer, { kind: 'tool' }>;
    switch (decision) {
      case 'deny':
        return { allowed: false, reason: 'denied' };
      case 'allow-once':
        break;
      case 'allow-conversation':
        if (conversation !== undefined) {
          this.approvals.grantConversation(conversation, server.identity, tool.name, hash);
          this.granted(server, tool.name, 'conversation', input.conversationId);
        }
        break;
      case 'always-tool':
        await this.approvals.grantTool(server.identity, tool.name, hash);
        this.granted(server, tool.name, 'tool');
        break;
      case 'always-server':
        await this.approvals.grantServer(server.identity, tool.name, hash);
        this.granted(server, tool.name, 'server');
        break;
      default:
        return { allowed: false, reason: 'denied' }; // an unknown decision is never an approval
    }
    return allowed(decision);
  }

  // ---- sampling and elicitation ----------------------------------------------------------------

  /**
   * A server's sampling request: the person approves (or edits) the request, the model answers, the
   * person reviews (or edits) the answer. Any refusal is a JSON-RPC error saying the user rejected it.
   */
  async sample(
    server: ConsentServer,
    params: CreateMessageParams,
    generate: Sampler,
    signal?: AbortSignal,
  ): Promise<CreateMessageResult> {
    const rejected = (why: SamplingRejected['why']) => new SamplingRejected(why);
    const first = await this.ask({ kind: 'sampling', server, params }, signal);
    if ('refused' in first) throw rejected(first.refused);
    const approval = first.answer as Extract<ConsentAnswer, { kind: 'sampling' }>;
    if (!approval.approve) throw rejected('declined');
    const approved = approval.params ?? params;
    const result = await generate(approved, {
      ...(signal ? { signal } : {}),
      ...(approval.provider !== undefined ? { provider: approval.provider } : {}),
      ...(approval.model !== undefined ? { model: approval.model } : {}),
    });
    const second = await this.ask({ kind: 'sampling-result', server, params: approved, result }, signal);
    if ('refused' in second) throw rejected(second.refused);
    const review = second.answer as Extract<ConsentAnswer, { kind: 'sampling-result' }>;
    if (!review.approve) throw rejected('result declined');
    return review.result ?? result;
  }

  async elicit(server: ConsentServer, params: ElicitParams, signal?: AbortSignal): Promise<ElicitResult> {
    const outcome = await this.ask({ kind: 'elicitation', server, params }, signal);
    if ('refused' in outcome) return { action: 'cancel' };
    return (outcome.answer as Extract<ConsentAnswer, { kind: 'elicitation' }>).result;
  }

  // ---- the queue ------------------------------------------------------------------------------

  private ask(input: RequestInput, signal?: AbortSignal): Promise<Outcome> {
    if (signal?.aborted) return Promise.resolve({ refused: 'cancelled' });
    const now = Date.now();
    const request: ConsentRequest = {
      ...input,
      id: randomUUID(),
      createdAt: now,
      expiresAt: now + this.timeoutMs,
    };
    return new Promise<Outcome>((resolve) => {
      const timer = setTimeout(() => {
        settle({ refused: 'timeout' });
        this.withdrawn(request, `no answer within ${durationText(this.timeoutMs)}`);
      }, this.timeoutMs);
      const onAbort = () => {
        settle({ refused: 'cancelled' });
        // A tool consent is withdrawn by the person's own Stop or Cancel: nothing to explain.
        if (request.kind !== 'tool') this.withdrawn(request, withdrawalReason(signal?.reason));
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      const settle = (outcome: Outcome) => {
        if (!this.pending.delete(request.id)) return;
        clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
        resolve(outcome);
        this.changeEmitter.fire(this.queue());
      };
      this.pending.set(request.id, { request, settle });
      this.changeEmitter.fire(this.queue());
    });
  }

  private withdrawn(request: ConsentRequest, why: string): void {
    this.withdrawnEmitter.fire({ id: request.id, server: request.server.id, kind: request.kind, why });
  }
}

const durationText = (ms: number): string => {
  const [n, unit] = ms >= 60_000 ? [Math.round(ms / 60_000), 'minute'] : [Math.round(ms / 1000), 'second'];
  return `${n} ${unit}${n === 1 ? '' : 's'}`;
};

/** Why a server's request ended under the person: its connection closed, or it cancelled it. */
function withdrawalReason(reason: unknown): string {
  if (reason instanceof McpError && reason.code === ErrorCode.ConnectionClosed)
    return 'the server stopped or disconnected';
  if (reason instanceof McpError && reason.code === ErrorCode.RequestCancelled)
    return `the server withdrew it (${reason.message})`;
  return 'it was cancelled';
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object') {
    for (const v of Object.values(value)) deepFreeze(v);
    Object.freeze(value);
  }
  return value;
}

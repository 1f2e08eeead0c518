import {
  type Attributes,
  context,
  type Histogram,
  type Span,
  SpanKind,
  SpanStatusCode,
  trace,
} from '@opentelemetry/api';
import { ATTR_ERROR_TYPE } from '@opentelemetry/semantic-conventions';
import type { ModelOutcome, TurnObserver } from '../../llm/turnObserver';
import type { ContentCapture } from './contentCapture';
import { GEN_AI, GEN_AI_DURATION_BUCKETS, GEN_AI_TOKEN_BUCKETS } from './genAiConventions';
import { MCP } from './mcpConventions';
import type { Telemetry } from './telemetry';
import type { ViewTelemetry } from './viewTelemetry';

/**
 * A chat turn's spans by the GenAI conventions: the turn (`invoke_agent Switchboard`), within it each
 * request to the model (`chat {model}`, with its tokens) and each tool use (`execute_tool {name}`),
 * under which the MCP request the call makes hangs (McpClientTelemetry finds the tool use's span in
 * context). And the GenAI client metrics. Without content capture no prompt, reply, argument or
 * result is put on a span — names, ids, models and counts only; with it (`content`), the conventions'
 * opt-in content attributes too, redacted and bounded (ContentCapture).
 */
export class ChatTelemetry {
  private readonly operationDuration: Histogram;
  private readonly tokenUsage: Histogram;

  constructor(
    private readonly telemetry: Telemetry,
    /** Told of each turn, so that the conversation's Views' calls join its trace. */
    private readonly views?: Pick<ViewTelemetry, 'turnStarted'>,
    /** Present only when content capture is on. */
    private readonly content?: ContentCapture,
  ) {
    this.operationDuration = telemetry.meter.createHistogram(GEN_AI.operationDuration, {
      unit: 's',
      description: 'GenAI operation duration.',
      advice: { explicitBucketBoundaries: GEN_AI_DURATION_BUCKETS },
    });
    this.tokenUsage = telemetry.meter.createHistogram(GEN_AI.tokenUsage, {
      unit: '{token}',
      description: 'Number of input and output tokens used.',
      advice: { explicitBucketBoundaries: GEN_AI_TOKEN_BUCKETS },
    });
  }

  /** Runs one turn of a conversation within its span; the span ends as the turn settles. */
  turn<T>(conversationId: string, run: () => Promise<T>): Promise<T> {
    const span = this.telemetry.tracer.startSpan('invoke_agent Switchboard', {
      kind: SpanKind.INTERNAL,
      attributes: {
        [GEN_AI.operationName]: 'invoke_agent',
        [GEN_AI.agentName]: 'Switchboard',
        [GEN_AI.conversationId]: conversationId,
      },
    });
    this.views?.turnStarted(conversationId, span.spanContext());
    return context.with(trace.setSpan(context.active(), span), run).then(
      (value) => {
        span.end();
        return value;
      },
      (error: unknown) => {
        failed(span, { [ATTR_ERROR_TYPE]: errorType(error) });
        span.end();
        throw error;
      },
    );
  }

  /** The observer of a turn's steps with `provider` (the Settings entry's id). */
  observer(provider: string): TurnObserver {
    return {
      modelRequest: (request) => this.modelRequest(provider, request),
      toolUse: (use, run) => this.toolUse(use, run),
    };
  }

  private modelRequest(provider: string, request: Parameters<TurnObserver['modelRequest']>[0]) {
    const started = performance.now();
    const attributes: Attributes = {
      [GEN_AI.operationName]: 'chat',
      [GEN_AI.providerName]: provider,
      [GEN_AI.requestModel]: request.model,
    };
    const span = this.telemetry.tracer.startSpan(`chat ${request.model}`, {
      kind: SpanKind.CLIENT,
      attributes: { ...attributes, [GEN_AI.requestMaxTokens]: request.maxTokens },
    });
    // Read now: the loop appends to its history after this request.
    if (this.content && request.messages)
      span.setAttribute(GEN_AI.inputMessages, this.content.messages(request.messages));
    if (this.content && request.system)
      span.setAttribute(GEN_AI.systemInstructions, this.content.system(request.system));
    let ended = false;
    return {
      end: (outcome: ModelOutcome) => {
        if (ended) return;
        ended = true;
        const measured: Attributes = { ...attributes };
        if (!('model' in outcome)) {
          measured[ATTR_ERROR_TYPE] = errorType(outcome.error);
          failed(span, { [ATTR_ERROR_TYPE]: measured[ATTR_ERROR_TYPE] });
        } else {
          measured[GEN_AI.responseModel] = outcome.model;
          span.setAttribute(GEN_AI.responseModel, outcome.model);
          if (outcome.stopReason) span.setAttribute(GEN_AI.finishReasons, [outcome.stopReason]);
          if (this.content && outcome.blocks)
            span.setAttribute(
              GEN_AI.outputMessages,
              this.content.messages([{ role: 'assistant', blocks: [...outcome.blocks] }]),
            );
          const usage = outcome.usage;
          if (usage) {
            span.setAttributes({
              [GEN_AI.inputTokens]: usage.inputTokens,
              [GEN_AI.outputTokens]: usage.outputTokens,
              ...(usage.cacheReadTokens !== undefined
                ? { [GEN_AI.cacheReadTokens]: usage.cacheReadTokens }
                : {}),
              ...(usage.cacheWriteTokens !== undefined
                ? { [GEN_AI.cacheCreationTokens]: usage.cacheWriteTokens }
                : {}),
            });
            this.tokenUsage.record(usage.inputTokens, { ...measured, [GEN_AI.tokenType]: 'input' });
            this.tokenUsage.record(usage.outputTokens, { ...measured, [GEN_AI.tokenType]: 'output' });
          }
        }
        span.end();
        this.operationDuration.record((performance.now() - started) / 1000, measured);
      },
    };
  }

  private async toolUse<
    T extends { result: { isError?: boolean }; record: { decision: string; server?: string } },
  >(use: { id: string; name: string; input?: Record<string, unknown> }, run: () => Promise<T>): Promise<T> {
    const span = this.telemetry.tracer.startSpan(`execute_tool ${use.name}`, {
      kind: SpanKind.INTERNAL,
      attributes: {
        [GEN_AI.operationName]: 'execute_tool',
        [GEN_AI.toolName]: use.name,
        [GEN_AI.toolCallId]: use.id,
        [GEN_AI.toolType]: 'extension',
        ...(this.content && use.input ? { [GEN_AI.toolCallArguments]: this.content.json(use.input) } : {}),
      },
    });
    try {
      // Never rejects (a refusal, a cancel and a failure are outcomes): said on the span as they are.
      const outcome = await context.with(trace.setSpan(context.active(), span), run);
      const { decision, server } = outcome.record;
      if (this.content) span.setAttribute(GEN_AI.toolCallResult, this.content.json(outcome.result));
      if (server) span.setAttribute(MCP.serverName, server);
      if (decision !== 'allowed') failed(span, { [ATTR_ERROR_TYPE]: decision });
      else if (outcome.result.isError) failed(span, { [ATTR_ERROR_TYPE]: 'tool_error' });
      return outcome;
    } finally {
      span.end();
    }
  }
}

/**
 * Marks a span failed by the kind of failure alone: an error's own message may quote what the
 * person or a server wrote, which leaves the computer only with content capture (not built yet).
 */
function failed(span: Span, attributes: Attributes): void {
  span.setAttributes(attributes);
  span.setStatus({ code: SpanStatusCode.ERROR, message: String(attributes[ATTR_ERROR_TYPE]) });
}

/** A provider's error by its kind where it has one (ProviderError: `rate-limit`, `aborted`…), else its class. */
function errorType(error: unknown): string {
  const kind = (error as { kind?: unknown } | undefined)?.kind;
  if (typeof kind === 'string') return kind;
  return error instanceof Error ? error.name : typeof error;
}

import { context, ROOT_CONTEXT, type SpanContext, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import { ATTR_ERROR_TYPE } from '@opentelemetry/semantic-conventions';
import type { ToolInvocations } from '../runs/toolInvocations';
import { GEN_AI } from './genAiConventions';
import type { Telemetry } from './telemetry';

type StartTools = Pick<ToolInvocations, 'start'>;

/** How many conversations' last turns are remembered for their Views' calls. */
const REMEMBERED = 200;

/**
 * A View's tool calls (MCP Apps) in its conversation's trace: each is an `execute_tool {name}` span
 * under the conversation's last turn in this run of the app (a root span naming the conversation
 * when there was none), so the MCP request it makes — and its consent — join the trace the turn that
 * showed the View began. The turns are remembered here as ChatTelemetry starts them.
 */
export class ViewTelemetry {
  private readonly lastTurn = new Map<string, SpanContext>();

  constructor(private readonly telemetry: Telemetry) {}

  /** A turn of `conversationId` began as `span`. */
  turnStarted(conversationId: string, span: SpanContext): void {
    this.lastTurn.delete(conversationId);
    this.lastTurn.set(conversationId, span);
    // The oldest first out: a Map keeps insertion order.
    if (this.lastTurn.size > REMEMBERED) this.lastTurn.delete(this.lastTurn.keys().next().value!);
  }

  /** The tool invocations a Views' host is given: a View's calls traced, every other call as it is. */
  tools(tools: StartTools): StartTools {
    return {
      start: (id, request, parent) => {
        if (typeof request.asker !== 'object') return tools.start(id, request, parent);
        const turn = request.conversationId ? this.lastTurn.get(request.conversationId) : undefined;
        const within = turn ? trace.setSpanContext(ROOT_CONTEXT, turn) : ROOT_CONTEXT;
        const span = this.telemetry.tracer.startSpan(
          `execute_tool ${request.name}`,
          {
            kind: SpanKind.INTERNAL,
            attributes: {
              [GEN_AI.operationName]: 'execute_tool',
              [GEN_AI.toolName]: request.name,
              [GEN_AI.toolType]: 'extension',
              'switchboard.tool.asker': 'view',
              ...(request.conversationId ? { [GEN_AI.conversationId]: request.conversationId } : {}),
            },
          },
          within,
        );
        const invocation = context.with(trace.setSpan(within, span), () => tools.start(id, request, parent));
        void invocation.outcome.then((outcome) => {
          if (outcome.status !== 'done') {
            span.setAttribute(ATTR_ERROR_TYPE, outcome.status);
            span.setStatus({ code: SpanStatusCode.ERROR, message: outcome.status });
          } else if (outcome.result.isError) {
            span.setAttribute(ATTR_ERROR_TYPE, 'tool_error');
            span.setStatus({ code: SpanStatusCode.ERROR, message: 'tool_error' });
          }
          span.end();
        });
        return invocation;
      },
    };
  }
}

import { type Attributes, context, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import { ATTR_ERROR_TYPE } from '@opentelemetry/semantic-conventions';
import type { ConsentBroker } from '../consent/consentBroker';
import { GEN_AI } from './genAiConventions';
import { MCP } from './mcpConventions';
import type { Telemetry } from './telemetry';

/** What the tool invocations ask of consent. */
export type ToolConsent = Pick<ConsentBroker, 'authorizeToolCall' | 'authorizeResend'>;

/**
 * The consent a tool call waits for, as a span of its own (`consent {tool}`, under the tool use's):
 * how long the person took — or a standing approval, the read-only policy, a hand run — and what was
 * decided. It wraps the broker the invocations are given; nothing in consent or runs knows of it.
 * Never the arguments that were shown.
 */
export function tracedConsent(consent: ToolConsent, telemetry: Telemetry): ToolConsent {
  const asked = async <T>(
    what: string,
    input: { server: { id: string }; tool: { name: string }; conversationId?: string },
    ask: () => Promise<T>,
    decided: (answer: T) => { decision: string; allowed: boolean },
  ): Promise<T> => {
    const attributes: Attributes = {
      [GEN_AI.toolName]: input.tool.name,
      [MCP.serverName]: input.server.id,
      'switchboard.consent.kind': what,
      ...(input.conversationId ? { [GEN_AI.conversationId]: input.conversationId } : {}),
    };
    const span = telemetry.tracer.startSpan(`consent ${input.tool.name}`, {
      kind: SpanKind.INTERNAL,
      attributes,
    });
    try {
      const answer = await context.with(trace.setSpan(context.active(), span), ask);
      // A refusal is the person's answer, not a fault: said as the decision, with no error status.
      const { decision, allowed } = decided(answer);
      span.setAttributes({
        'switchboard.consent.decision': decision,
        'switchboard.consent.allowed': allowed,
      });
      return answer;
    } catch (error) {
      span.setAttribute(ATTR_ERROR_TYPE, error instanceof Error ? error.name : typeof error);
      span.setStatus({ code: SpanStatusCode.ERROR, message: 'consent could not be asked' });
      throw error;
    } finally {
      span.end();
    }
  };
  return {
    authorizeToolCall: (input) =>
      asked(
        'tool-call',
        input,
        () => consent.authorizeToolCall(input),
        (auth) =>
          auth.allowed
            ? { decision: auth.decision, allowed: true }
            : { decision: auth.reason, allowed: false },
      ),
    authorizeResend: (input) =>
      asked(
        'resend',
        input,
        () => consent.authorizeResend(input),
        (yes) => ({
          decision: yes ? 'resend' : 'denied',
          allowed: yes,
        }),
      ),
  };
}

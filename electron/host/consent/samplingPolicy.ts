import type { TokenUsage } from '../../../shared/chat/conversation';
import type { SamplingDecision } from '../../../shared/host/activity';
import type { ConsentServer } from '../../../shared/host/consent';
import type { CreateMessageParams, CreateMessageResult } from '../../../shared/mcp/protocol';
import { sampleWithProvider } from '../../llm/samplingBridge';
import { ErrorCode, McpError } from '../../mcp';
import type { SettingsStore } from '../../store/settingsStore';
import type { ActivityLog } from '../activity/activityLog';
import { recordedResult } from '../activity/recorded';
import { canonicalJson } from '../canonicalJson';
import { redactedValue } from '../logs/redactedValue';
import type { ModelProviders } from '../models/modelProviders';
import { type ConsentBroker, type Sampler, SamplingRejected } from './consentBroker';
import { PerServerPerMinute } from './perServerPerMinute';

/** What a request came to meet on its way: the request as the person let it go, the model's answer. */
interface Seen {
  sent?: CreateMessageParams;
  answer?: CreateMessageResult;
  usage?: TokenUsage;
}

/**
 * Whether a server's sampling request reaches the person at all, and what answers it once approved:
 * at most Settings' per-minute count per server (refused before any dialog, so no server can flood
 * the person), only with a model key set, then the broker's two consents around the model's answer.
 */
export class SamplingPolicy {
  private readonly limit = new PerServerPerMinute(
    async () => (await this.settings.get()).settings.sampling.perServerPerMinute,
  );

  constructor(
    private readonly consent: Pick<ConsentBroker, 'sample'>,
    private readonly settings: SettingsStore,
    private readonly providers: Pick<ModelProviders, 'forSampling' | 'anyWithKey'>,
    /** What answers an approved request; default: a provider's model (chosen across them), Settings' token cap. */
    private readonly sampler?: Sampler,
    /** Takes every known secret out of a text: a model API may echo the key it refused in its error. */
    private readonly redact: (text: string) => string = (text) => text,
    /** The activity record: every request, however it ends (secrets redacted by `redact`). */
    private readonly activity?: Pick<ActivityLog, 'record' | 'keepsResultsWhole'>,
  ) {}

  async createMessage(
    server: ConsentServer,
    params: CreateMessageParams,
    signal?: AbortSignal,
  ): Promise<CreateMessageResult> {
    const startedAt = Date.now();
    const seen: Seen = {};
    try {
      const result = await this.decide(server, params, seen, signal);
      this.record(server, params, seen, startedAt, { result });
      return result;
    } catch (error) {
      this.record(server, params, seen, startedAt, { error });
      throw error;
    }
  }

  private async decide(
    server: ConsentServer,
    params: CreateMessageParams,
    seen: Seen,
    signal?: AbortSignal,
  ): Promise<CreateMessageResult> {
    const { allowed, perMinute } = await this.limit.take(server.id);
    if (!allowed)
      throw new McpError(
        ErrorCode.InternalError,
        `Too many sampling requests from ${server.id}: at most ${perMinute} a minute (Settings)`,
      );
    if (!this.sampler && !(await this.providers.anyWithKey()))
      throw new McpError(
        ErrorCode.InternalError,
        'Sampling is unavailable: no model API key is set in Switchboard',
      );
    // What the person let go to the model, and what came back, for the record.
    const answer = this.sampler ?? this.withModel;
    const generate: Sampler = async (approved, options) => {
      seen.sent = approved;
      seen.answer = await answer(approved, {
        ...options,
        onUsage: (usage) => {
          seen.usage = usage;
        },
      });
      return seen.answer;
    };
    try {
      return await this.consent.sample(server, params, generate, signal);
    } catch (error) {
      // What failed goes back to the server that asked, which is not the model API: never a key.
      if (error instanceof McpError) throw error;
      throw new McpError(
        ErrorCode.InternalError,
        this.redact(error instanceof Error ? error.message : String(error)),
      );
    }
  }

  /** The request in the activity record: as sent (or as asked), who decided what, how it ended. */
  private record(
    server: ConsentServer,
    asked: CreateMessageParams,
    seen: Seen,
    startedAt: number,
    end: { result: CreateMessageResult } | { error: unknown },
  ): void {
    if (!this.activity) return;
    const request = seen.sent ?? asked;
    const refused = 'error' in end && end.error instanceof SamplingRejected ? end.error.why : undefined;
    const decision: SamplingDecision =
      refused === undefined
        ? seen.sent
          ? 'approved'
          : 'not-asked'
        : refused === 'declined'
          ? 'declined'
          : refused === 'result declined'
            ? 'result-declined'
            : refused === 'timeout'
              ? 'timed-out'
              : 'cancelled';
    const outcome =
      'result' in end
        ? 'ok'
        : decision === 'cancelled'
          ? 'cancelled'
          : refused !== undefined || decision === 'not-asked'
            ? 'refused'
            : 'error';
    const answer = 'result' in end ? end.result : undefined;
    this.activity.record({
      kind: 'sampling',
      server: server.id,
      serverIdentity: server.identity,
      request: {
        messages: redactedValue(request.messages, this.redact),
        ...(request.systemPrompt !== undefined ? { systemPrompt: this.redact(request.systemPrompt) } : {}),
        maxTokens: request.maxTokens,
      },
      edited: {
        request: seen.sent !== undefined && !sameContent(seen.sent, asked),
        result: answer !== undefined && seen.answer !== undefined && !sameContent(answer, seen.answer),
      },
      ...((answer ?? seen.answer)?.model ? { model: (answer ?? seen.answer)!.model } : {}),
      ...(seen.usage ? { tokens: { input: seen.usage.inputTokens, output: seen.usage.outputTokens } } : {}),
      decision,
      outcome,
      ...('error' in end
        ? { reason: this.redact(end.error instanceof Error ? end.error.message : String(end.error)) }
        : {}),
      startedAt,
      endedAt: Date.now(),
      ...(answer
        ? {
            result: recordedResult(answer, this.redact, this.activity.keepsResultsWhole, 'a sampling answer'),
          }
        : {}),
    });
  }

  private readonly withModel: Sampler = async (params, options) => {
    const { sampling } = (await this.settings.get()).settings;
    const { provider, model } = await this.providers.forSampling(
      params.modelPreferences,
      options,
      options.signal,
    );
    return sampleWithProvider(
      provider,
      model,
      sampling.maxTokensCap,
      params,
      options.signal,
      options.onUsage,
    );
  };
}

/**
 * Whether the person let a request or an answer go as it came: its content, not the object (the page
 * sends back a copy) nor its key order (the contract writes keys in its own order). One that cannot be
 * compared (nested too deep) counts as changed.
 */
function sameContent(a: object, b: object): boolean {
  try {
    return canonicalJson(a) === canonicalJson(b);
  } catch {
    return false;
  }
}

import type { ConsentServer } from '../../../shared/host/consent';
import type { CreateMessageParams, CreateMessageResult } from '../../../shared/mcp/protocol';
import { RateLimiter } from '../../llm/rateLimiter';
import { sampleWithProvider } from '../../llm/samplingBridge';
import { ErrorCode, McpError } from '../../mcp';
import type { SettingsStore } from '../../store/settingsStore';
import type { ModelProviders } from '../models/modelProviders';
import type { ConsentBroker, Sampler } from './consentBroker';

/**
 * Whether a server's sampling request reaches the person at all, and what answers it once approved:
 * at most Settings' per-minute count per server (refused before any dialog, so no server can flood
 * the person), only with a model key set, then the broker's two consents around the model's answer.
 */
export class SamplingPolicy {
  private readonly limit: RateLimiter;

  constructor(
    private readonly consent: Pick<ConsentBroker, 'sample'>,
    private readonly settings: SettingsStore,
    private readonly providers: Pick<ModelProviders, 'forSampling' | 'anyWithKey'>,
    /** What answers an approved request; default: a provider's model (chosen across them), Settings' token cap. */
    private readonly sampler?: Sampler,
    /** Takes every known secret out of a text: a model API may echo the key it refused in its error. */
    private readonly redact: (text: string) => string = (text) => text,
  ) {
    this.limit = new RateLimiter(
      async () => (await this.settings.get()).settings.sampling.perServerPerMinute,
    );
  }

  async createMessage(
    server: ConsentServer,
    params: CreateMessageParams,
    signal?: AbortSignal,
  ): Promise<CreateMessageResult> {
    if (!(await this.limit.take(server.id)))
      throw new McpError(
        ErrorCode.InternalError,
        `Too many sampling requests from ${server.id}: at most ${(await this.settings.get()).settings.sampling.perServerPerMinute} a minute (Settings)`,
      );
    if (!this.sampler && !(await this.providers.anyWithKey()))
      throw new McpError(
        ErrorCode.InternalError,
        'Sampling is unavailable: no model API key is set in Switchboard',
      );
    try {
      return await this.consent.sample(server, params, this.sampler ?? this.withModel, signal);
    } catch (error) {
      // What failed goes back to the server that asked, which is not the model API: never a key.
      if (error instanceof McpError) throw error;
      throw new McpError(
        ErrorCode.InternalError,
        this.redact(error instanceof Error ? error.message : String(error)),
      );
    }
  }

  private readonly withModel: Sampler = async (params, options) => {
    const { sampling } = (await this.settings.get()).settings;
    const { provider, model } = await this.providers.forSampling(
      params.modelPreferences,
      options,
      options.signal,
    );
    return sampleWithProvider(provider, model, sampling.maxTokensCap, params, options.signal);
  };
}

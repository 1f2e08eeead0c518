import type { ConsentServer } from '../../../shared/host/consent';
import type { CreateMessageParams, CreateMessageResult } from '../../../shared/mcp/protocol';
import type { ModelProvider } from '../../llm/modelProvider';
import { RateLimiter } from '../../llm/rateLimiter';
import { sampleWithProvider } from '../../llm/samplingBridge';
import { ErrorCode, McpError } from '../../mcp';
import type { SettingsStore } from '../../store/settingsStore';
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
    private readonly provider: ModelProvider,
    /** What answers an approved request; default: the provider, with Settings' model and token cap. */
    private readonly sampler?: Sampler,
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
    if (!this.sampler && !(await this.provider.hasKey()))
      throw new McpError(
        ErrorCode.InternalError,
        'Sampling is unavailable: no model API key is set in Switchboard',
      );
    return this.consent.sample(server, params, this.sampler ?? this.withModel, signal);
  }

  private readonly withModel: Sampler = async (params, options) => {
    const { anthropic, sampling } = (await this.settings.get()).settings;
    return sampleWithProvider(
      this.provider,
      { maxTokensCap: sampling.maxTokensCap, defaultModel: anthropic.defaultModel },
      params,
      options,
    );
  };
}

import type { CreateMessageParams, CreateMessageResult } from '../../shared/mcp/protocol';
import { chooseModel } from './modelChoice';
import type { ModelProvider } from './modelProvider';

export interface SamplingLimits {
  maxTokensCap: number;
  defaultModel: string | undefined;
}

/**
 * Answers an approved sampling request with the model: choose it (the person's choice, or the
 * server's preferences matched against what the API offers), cap maxTokens, ask, answer.
 */
export async function sampleWithProvider(
  provider: ModelProvider,
  limits: SamplingLimits,
  params: CreateMessageParams,
  options: { signal?: AbortSignal; model?: string },
): Promise<CreateMessageResult> {
  const model =
    options.model ??
    (await (async () => {
      const { models } = await provider.listModels(options.signal);
      return chooseModel(params.modelPreferences, models, limits.defaultModel ?? models[0]!);
    })());
  const maxTokens = Math.max(1, Math.min(params.maxTokens, limits.maxTokensCap));
  return provider.sample({ ...params, maxTokens }, model, options.signal);
}

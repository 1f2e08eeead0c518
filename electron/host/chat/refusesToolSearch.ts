import { ProviderError } from '../../llm/providerError';

/** A model API's refusal of the tool search itself (a gateway that does not pass it on): 400 naming it. */
export const refusesToolSearch = (error: unknown): boolean =>
  error instanceof ProviderError &&
  error.kind === 'bad-request' &&
  /tool_search|defer_loading/i.test(error.message);

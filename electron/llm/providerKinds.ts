import type { ProviderKind } from '../../shared/host/providerSettings';
import { ANTHROPIC_KIND } from './anthropic/anthropicKind';
import type { ModelProviderKind } from './modelProviderKind';
import { OPENAI_COMPATIBLE_KIND } from './openai/openaiCompatibleKind';

/**
 * Every kind of model provider, by the `kind` of its Settings entry. A kind in
 * shared/host/providerSettings.ts that is not here does not compile.
 */
const KINDS: { readonly [K in ProviderKind]: ModelProviderKind<K> } = {
  anthropic: ANTHROPIC_KIND,
  'openai-compatible': OPENAI_COMPATIBLE_KIND,
};

/** The kind `kind`: its `create` takes only entries of that kind. */
export function providerKind<K extends ProviderKind>(kind: K): ModelProviderKind<K> {
  return KINDS[kind];
}

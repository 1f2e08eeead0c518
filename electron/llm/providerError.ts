export type ProviderErrorKind =
  | 'no-key'
  | 'auth'
  | 'rate-limit'
  | 'overloaded'
  | 'network'
  | 'aborted'
  | 'bad-request'
  /** The conversation no longer fits the model's context window. */
  | 'too-long'
  /** More tools are on than the provider or the person's budget takes: the person chooses. */
  | 'too-many-tools'
  | 'server';

/** A model API failure in words a person can act on, with whether and when to retry. */
export class ProviderError extends Error {
  constructor(
    readonly kind: ProviderErrorKind,
    message: string,
    readonly status?: number,
    /** From retry-after, when the API sent one. */
    readonly retryAfterMs?: number,
  ) {
    super(message);
    this.name = 'ProviderError';
  }

  get retryable(): boolean {
    return ['rate-limit', 'overloaded', 'network', 'server'].includes(this.kind);
  }
}

/** What went wrong talking to a registry; each kind's message says what a person can do about it. */
export type RegistryErrorKind =
  /** The configured address is not one Switchboard will use. */
  | 'bad-address'
  /** Nothing answered: refused, no such host, TLS, network down. */
  | 'unreachable'
  | 'timeout'
  /** The caller's signal ended the request. */
  | 'cancelled'
  /** 5xx or 429: the registry's trouble, worth trying later. */
  | 'unavailable'
  | 'not-found'
  /** Any other refusal (4xx). */
  | 'refused'
  | 'redirect'
  | 'too-large'
  | 'invalid-json'
  /** JSON, but not the shape the registry's API promises (or not JSON at all). */
  | 'invalid-response'
  | 'cursor-loop'
  | 'page-limit'
  /** The entry asked for cannot be read, or is not a concrete version. */
  | 'invalid-entry';

export class RegistryError extends Error {
  override readonly name = 'RegistryError';
  constructor(
    readonly kind: RegistryErrorKind,
    message: string,
    readonly details: { url?: string; status?: number; cause?: unknown } = {},
  ) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
  }
}

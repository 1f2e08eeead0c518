/**
 * Signing algorithms for a private_key_jwt client assertion (asymmetric only). Apart from
 * serverFields.ts (which checks a client against them) so the edit form can offer them without zod.
 */
export const OAUTH_KEY_ALGORITHMS = [
  'ES256',
  'ES384',
  'ES512',
  'RS256',
  'RS384',
  'RS512',
  'PS256',
  'EdDSA',
] as const;

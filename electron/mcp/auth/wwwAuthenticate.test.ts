import { describe, expect, it } from 'vitest';
import { parseBearerChallenge } from './wwwAuthenticate';

describe('parseBearerChallenge', () => {
  it('reads the spec example: resource_metadata and scope, quoted, across lines', () => {
    expect(
      parseBearerChallenge(
        'Bearer resource_metadata="https://mcp.example.com/.well-known/oauth-protected-resource",\n  scope="files:read"',
      ),
    ).toEqual({
      scheme: 'bearer',
      resourceMetadata: 'https://mcp.example.com/.well-known/oauth-protected-resource',
      scope: 'files:read',
    });
  });

  it('reads an insufficient_scope 403 with an escaped quote and token values', () => {
    expect(
      parseBearerChallenge(
        'Bearer error=insufficient_scope, scope="files:read files:write", error_description="need \\"write\\""',
      ),
    ).toEqual({
      scheme: 'bearer',
      error: 'insufficient_scope',
      scope: 'files:read files:write',
      errorDescription: 'need "write"',
    });
  });

  it('finds Bearer among other challenges, whatever the case of names', () => {
    expect(
      parseBearerChallenge(
        'Basic realm="x", DPoP algs="ES256", BEARER Scope="a b", Resource_Metadata=https://r/x',
      ),
    ).toEqual({ scheme: 'bearer', scope: 'a b', resourceMetadata: 'https://r/x' });
    expect(parseBearerChallenge('Basic YWxhZGRpbjpvcGVuc2VzYW1l, Bearer scope="s"')).toEqual({
      scheme: 'bearer',
      scope: 's',
    });
  });

  it('a bare Bearer has no parameters; no Bearer, no header or a broken one gives none', () => {
    expect(parseBearerChallenge('Bearer')).toEqual({ scheme: 'bearer' });
    expect(parseBearerChallenge('Basic realm="x"')).toBeUndefined();
    expect(parseBearerChallenge(null)).toBeUndefined();
    expect(parseBearerChallenge('Bearer scope="unterminated')).toEqual({ scheme: 'bearer' });
  });

  it('a server that takes only DPoP-bound tokens: its DPoP challenge, nonce errors included (RFC 9449 §7.1, §9)', () => {
    expect(parseBearerChallenge('DPoP resource_metadata="https://r/prm"')).toEqual({
      scheme: 'dpop',
      resourceMetadata: 'https://r/prm',
    });
    expect(parseBearerChallenge('DPoP error="use_dpop_nonce", algs="ES256"')).toEqual({
      scheme: 'dpop',
      error: 'use_dpop_nonce',
    });
    // Both offered: the Bearer one is read (its scope and metadata are what a bearer client uses).
    expect(parseBearerChallenge('DPoP algs="ES256", Bearer scope="s"')).toEqual({
      scheme: 'bearer',
      scope: 's',
    });
  });
});

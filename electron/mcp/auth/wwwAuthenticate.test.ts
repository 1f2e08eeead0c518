import { describe, expect, it } from 'vitest';
import { parseBearerChallenge } from './wwwAuthenticate';

describe('parseBearerChallenge', () => {
  it('reads the spec example: resource_metadata and scope, quoted, across lines', () => {
    expect(
      parseBearerChallenge(
        'Bearer resource_metadata="https://mcp.example.com/.well-known/oauth-protected-resource",\n  scope="files:read"',
      ),
    ).toEqual({
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
    ).toEqual({ scope: 'a b', resourceMetadata: 'https://r/x' });
    expect(parseBearerChallenge('Basic YWxhZGRpbjpvcGVuc2VzYW1l, Bearer scope="s"')).toEqual({ scope: 's' });
  });

  it('a bare Bearer has no parameters; no Bearer, no header or a broken one gives none', () => {
    expect(parseBearerChallenge('Bearer')).toEqual({});
    expect(parseBearerChallenge('Basic realm="x"')).toBeUndefined();
    expect(parseBearerChallenge(null)).toBeUndefined();
    expect(parseBearerChallenge('Bearer scope="unterminated')).toEqual({});
  });
});

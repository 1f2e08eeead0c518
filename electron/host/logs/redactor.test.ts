import { describe, expect, it } from 'vitest';
import { isSecretName, REDACTED, Redactor } from './redactor';

describe('Redactor', () => {
  it('hides every known secret value, longest first, wherever it appears', () => {
    const r = new Redactor();
    r.add('abc123secret', 'abc123', undefined, 'x'); // too-short values are not treated as secrets
    expect(r.redact('token=abc123secret and abc123, x stays')).toBe(
      `token=${REDACTED} and ${REDACTED}, x stays`,
    );
  });

  it('hides bearer tokens and well-known key shapes it was never told about', () => {
    const r = new Redactor();
    expect(r.redact('Authorization: Bearer eyJhbGciOiJIUzI1NiJ9.payload')).toBe(
      `Authorization: Bearer ${REDACTED}`,
    );
    expect(r.redact('key sk-ant-api03-abcdefghijklmnop done')).toBe(`key ${REDACTED} done`);
    expect(r.redact('gh ghp_0123456789abcdefABCDEF')).toBe(`gh ${REDACTED}`);
  });

  it('knows which header and env names hold secrets', () => {
    for (const n of [
      'Authorization',
      'GITHUB_TOKEN',
      'OPENAI_API_KEY',
      'x-api-key',
      'DB_PASSWORD',
      'Cookie',
    ]) {
      expect(isSecretName(n)).toBe(true);
    }
    for (const n of ['PATH', 'HOME', 'Accept', 'LOG_LEVEL']) expect(isSecretName(n)).toBe(false);
  });
});

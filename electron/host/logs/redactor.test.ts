import { describe, expect, it } from 'vitest';
import { STDERR_CUT } from '../../mcp';
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

  it('hides a secret with a quote, a backslash or a line break as it reads serialised into JSON, once or twice', () => {
    const r = new Redactor();
    const secret = 'pa"ss\\word\nline two é';
    r.add(secret);
    const once = JSON.stringify({ password: secret });
    const twice = JSON.stringify({ config: once });
    expect(r.redact(once)).toBe(`{"password":"${REDACTED}"}`);
    expect(r.redact(twice)).toBe(JSON.stringify({ config: `{"password":"${REDACTED}"}` }));
    // As a writer that escapes every character past ASCII (Python's json.dumps) puts it.
    expect(r.redact('{"p": "pa\\"ss\\\\word\\nline two \\u00e9"}')).toBe(`{"p": "${REDACTED}"}`);
  });

  it('hides PEM private keys by their shape, with their line breaks raw or escaped in JSON', () => {
    const r = new Redactor();
    const pem = '-----BEGIN RSA PRIVATE KEY-----\nMIIEowIBAAKCAQEA\nq1w2e3r4\n-----END RSA PRIVATE KEY-----';
    expect(r.redact(`key: ${pem}\nnext`)).toBe(`key: ${REDACTED}\nnext`);
    expect(r.redact(JSON.stringify({ private_key: `${pem}\n` }))).toBe(`{"private_key":"${REDACTED}\\n"}`);
    expect(r.redact('AKIAABCDEFGHIJKLMNOP and gho_0123456789abcdefABCDEF')).toBe(
      `${REDACTED} and ${REDACTED}`,
    );
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

  it("a secret's lines each hidden on their own; a line cut short hides the part of a secret left before the cut", () => {
    const r = new Redactor();
    r.add('correct-horse\nbattery-staple-9371', 'tok-1234567890abcdef');
    expect(r.redact('password: correct-horse')).toBe(`password: ${REDACTED}`);
    expect(r.redact('battery-staple-9371 was it')).toBe(`${REDACTED} was it`);
    expect(r.redact(`${'x'.repeat(20)} tok-12345678${STDERR_CUT}`)).toBe(
      `${'x'.repeat(20)} ${REDACTED}${STDERR_CUT}`,
    );
    // Not cut: a word that merely starts like a secret is left alone.
    expect(r.redact('tok-1234 is a ticket')).toBe('tok-1234 is a ticket');
  });

  it("a stored key's lines never break up another key's whole match (its header is a line of both)", () => {
    const r = new Redactor();
    r.add('-----BEGIN PRIVATE KEY-----\nMIIstoredKEYbody1234\n-----END PRIVATE KEY-----');
    const other = '-----BEGIN PRIVATE KEY-----\nMIIotherKEYbody5678\n-----END PRIVATE KEY-----';
    expect(r.redact(`key: ${other}`)).toBe(`key: ${REDACTED}`);
  });
});

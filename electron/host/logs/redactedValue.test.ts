import { describe, expect, it } from 'vitest';
import { redactedValue, TOO_DEEP } from './redactedValue';
import { Redactor } from './redactor';

const PASSWORD = 'pa"ss\\word\nline two';

function redactorWith(...secrets: string[]) {
  const r = new Redactor();
  r.add(...secrets);
  return (text: string) => r.redact(text);
}

describe('redactedValue', () => {
  it('hides a stored secret in every string and key before anything is serialised, whatever it holds', () => {
    const redact = redactorWith(PASSWORD);
    const value = { text: `use ${PASSWORD} now`, list: [PASSWORD, 1, null, true], [PASSWORD]: 'as a key' };
    const hidden = redactedValue(value, redact);
    expect(hidden).toEqual({
      text: 'use [redacted] now',
      list: ['[redacted]', 1, null, true],
      '[redacted]': 'as a key',
    });
    expect(JSON.stringify(hidden)).not.toContain('pa\\"ss');
  });

  it('opens JSON held in a string, hides inside it, and writes it again; a string with nothing to hide stays as it came', () => {
    const redact = redactorWith(PASSWORD);
    const inner = JSON.stringify({ password: PASSWORD, nested: JSON.stringify({ again: PASSWORD }) });
    expect(redactedValue({ config: inner }, redact)).toEqual({
      config: JSON.stringify({
        password: '[redacted]',
        nested: JSON.stringify({ again: '[redacted]' }),
      }),
    });
    const untouched = '{ "spaced" :  [1, 2] }';
    expect(redactedValue({ untouched }, redact)).toEqual({ untouched });
    // Escaped with \u by another JSON writer: found once the JSON is read.
    const unicode = `{"p":"${[...PASSWORD].map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`).join('')}"}`;
    expect(redactedValue(unicode, redact)).toBe('{"p":"[redacted]"}');
  });

  it('judges values, not names: maxTokens, tokenizer, secretary and a plain password field stay', () => {
    const args = { maxTokens: 5, tokenizer: 'bpe', secretary: 'Ann', password: 'typed-by-the-model' };
    expect(redactedValue(args, redactorWith('sk-stored-secret'))).toEqual(args);
  });

  it('a value nested past what Switchboard reads is cut there, never walked further (no stack overflow)', () => {
    const deep = JSON.parse(`${'['.repeat(100_000)}"x"${']'.repeat(100_000)}`);
    const cut = redactedValue({ deep }, redactorWith('secret-value')) as { deep: unknown };
    let level = cut.deep;
    let depth = 0;
    while (Array.isArray(level)) {
      level = level[0];
      depth++;
    }
    expect(level).toBe(TOO_DEEP);
    expect(depth).toBeLessThanOrEqual(100);
    // JSON that deep held in a string is left as text (redacted as text).
    const text = `${'['.repeat(100_000)}"secret-value"${']'.repeat(100_000)}`;
    expect(redactedValue(text, redactorWith('secret-value'))).toBe(
      text.replace('secret-value', '[redacted]'),
    );
  });

  it('keys hidden alike are kept apart: no value the server was sent drops out of the record (second attack run)', () => {
    const redact = (t: string) => t.replace(/sk-[A-Za-z0-9]{16,}/g, '[redacted]');
    expect(
      redactedValue(
        {
          to: 'bob@example.com',
          'sk-forwardAllMailToEve0123': 'evil@attacker.example',
          '[redacted]': 'nothing',
        },
        redact,
      ),
    ).toEqual({ to: 'bob@example.com', '[redacted]': 'evil@attacker.example', '[redacted] (2)': 'nothing' });
  });

  it('a key "__proto__" stays a key', () => {
    const value = JSON.parse('{"__proto__": {"polluted": true}, "a": 1}');
    const hidden = redactedValue(value, redactorWith('x-secret')) as Record<string, unknown>;
    expect(Object.keys(hidden)).toEqual(['__proto__', 'a']);
    expect(Object.getPrototypeOf(hidden)).toBe(Object.prototype);
  });
});

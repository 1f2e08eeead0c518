import { describe, expect, it } from 'vitest';
import { escapeInvisible, hasInvisible, terminalText, withoutInvisible } from './invisible';

describe('invisible characters (host checks and native dialogs)', () => {
  it('knows every default-ignorable and blank code point the page marks, not only format characters', () => {
    const hidden = [
      0x17b4,
      0x17b5, // Khmer inherent vowels
      0x16fe4, // Khitan filler
      0x1d159, // null notehead
      0x2065,
      0xfff0,
      0xe0080, // reserved default-ignorables (unassigned)
      0x115f,
      0x3164,
      0x2800,
      0xffa0, // fillers and the blank Braille cell
      0xfe0f,
      0xe0100, // variation selectors
      0x202e,
      0x200b,
      0xe0041,
      0xad, // format characters
      0xe000,
      0x1b,
      0x85,
      0x2028,
    ];
    for (const cp of hidden) {
      const c = String.fromCodePoint(cp);
      expect(hasInvisible(`a${c}b`), cp.toString(16)).toBe(true);
      expect(escapeInvisible(c)).toBe(`\\u{${cp.toString(16).toUpperCase()}}`);
    }
  });
  it('leaves ordinary text alone, in any script', () => {
    for (const text of ['server-everything', 'héllo wörld', 'नमस्ते', '東京', 'Ωmega', 'tab\there']) {
      expect(hasInvisible(text), text).toBe(text.includes('\t'));
      expect(escapeInvisible(text)).toBe(text.replace('\t', '\\u{9}'));
    }
  });
});

describe('terminalText', () => {
  it('escapes what a terminal acts on as JSON escapes, keeping our own line breaks unless told', () => {
    expect(terminalText('a\u001b[2Kb\rc\u009b1Ad\u202ee\u007ff\u200bg\nh\ti')).toBe(
      'a\\u001B[2Kb\\u000Dc\\u009B1Ad\\u202Ee\\u007Ff\\u200Bg\nh\ti',
    );
    expect(terminalText('a\nb\tc', 'one-line')).toBe('a\\u000Ab\\u0009c');
    // A hidden character beyond the BMP (a tag letter) is its two UTF-16 escapes: JSON reads it back.
    const tag = String.fromCodePoint(0xe0041);
    expect(terminalText(tag)).toBe('\\uDB40\\uDC41');
    expect(JSON.parse(terminalText(JSON.stringify({ t: `x${tag}\u202e\u0085` })))).toEqual({
      t: `x${tag}\u202e\u0085`,
    });
  });
  it('leaves visible text alone, emoji and every script included', () => {
    for (const text of ['server-everything · tool', 'héllo wörld', 'नमस्ते', '東京', '🚀 done'])
      expect(terminalText(text, 'one-line')).toBe(text);
  });
});

describe('withoutInvisible', () => {
  it('takes out controls, bidi overrides, zero-width, tag and selector characters, keeping every script', () => {
    const smuggled = `Trip${String.fromCodePoint(0xe0041, 0xe0042)} plan\u202e\u200b\u001b[31m\ufe0f\u0085\n\tok`;
    expect(withoutInvisible(smuggled)).toBe('Trip plan[31mok');
    for (const text of ['héllo wörld', 'नमस्ते', '東京', '🚀 done']) expect(withoutInvisible(text)).toBe(text);
  });
});

import { describe, expect, it } from 'vitest';
import { countHidden, revealAsText, revealHidden } from './revealHidden';

const labels = (text: string) => revealHidden(text).flatMap((s) => ('label' in s ? [s.label] : []));
const plain = (text: string) =>
  revealHidden(text)
    .flatMap((s) => ('text' in s ? [s.text] : []))
    .join('');
const cp = (n: number) => String.fromCodePoint(n);

describe('revealHidden', () => {
  it('leaves ordinary text (tabs, newlines, accents, emoji, RTL letters) alone', () => {
    const text = 'Café\tnaïve\nשלום 👍🏽 日本 ❤️ 👨\u200d👩\u200d👧';
    expect(revealHidden(text)).toEqual([{ text }]);
    expect(countHidden(text)).toBe(0);
  });

  it.each([
    ['emoji: one presentation selector, ZWJ sequences, keycaps, flags', '❤️ ☺︎ 👁️‍🗨️ 🏳️‍🌈 1️⃣ #️⃣ 🇫🇷 👩🏽‍💻'],
    ['CJK, kana and compatibility ideographs', '日本語のテキスト 中文 豈更'],
    ['Hangul syllables and conjoining jamo', '안녕하세요 한국어 \u1100\u1161\u11A8'],
    ['Arabic and Persian with harakat', 'مرحبا بالعالم، كَتَبَ ١٢٣ سلام دنیا'],
    ['Hebrew with niqqud', 'שָׁלוֹם עוֹלָם'],
    ['Devanagari conjuncts and Thai', 'नमस्ते क्षत्रिय हिन्दी สวัสดีครับ'],
    ['combining accents', 'e\u0301 n\u0303 a\u030A'],
    ['Braille cells that are not blank', '⠓⠑⠇⠇⠕'],
    ['Mongolian letters', 'ᠮᠣᠩᠭᠣᠯ'],
    ['visible musical symbols', '𝄞 𝅘𝅥𝅮'],
    ['ordinary spaces of other widths', 'a\u00A0b\u2009c\u3000d'],
  ])('leaves %s alone', (_, text) => {
    expect(revealHidden(text)).toEqual([{ text }]);
  });

  it('shows an ANSI escape sequence as one marker, never as colour', () => {
    expect(revealHidden('ok \u001b[31mred\u001b[0m')).toEqual([
      { text: 'ok ' },
      { hidden: '\u001b[31m', label: 'ANSI ESC[31m' },
      { text: 'red' },
      { hidden: '\u001b[0m', label: 'ANSI ESC[0m' },
    ]);
    // An OSC 8 hyperlink (terminal link) is one marker too.
    expect(revealHidden('\u001b]8;;https://evil\u0007x')[0]).toMatchObject({
      hidden: '\u001b]8;;https://evil\u0007',
    });
  });

  it('marks bidi overrides, isolates and zero-width characters by name', () => {
    const segments = revealHidden('ab\u202Ecd\u200Be\u2066f\u2069');
    expect(segments.filter((s) => 'label' in s).map((s) => ('label' in s ? s.label : ''))).toEqual([
      'U+202E RIGHT-TO-LEFT OVERRIDE',
      'U+200B ZERO WIDTH SPACE',
      'U+2066 LEFT-TO-RIGHT ISOLATE',
      'U+2069 POP DIRECTIONAL ISOLATE',
    ]);
    // Nothing hidden survives in the plain runs.
    expect(
      segments
        .filter((s) => 'text' in s)
        .map((s) => ('text' in s ? s.text : ''))
        .join(''),
    ).toBe('abcdef');
  });

  it('decodes a run of Unicode tag characters so a hidden instruction can be read', () => {
    const smuggled = [...'ignore previous']
      .map((c) => String.fromCodePoint(0xe0000 + c.charCodeAt(0)))
      .join('');
    expect(revealHidden(`Weather tool${smuggled}.`)).toEqual([
      { text: 'Weather tool' },
      { hidden: smuggled, label: 'TAGS “ignore previous”' },
      { text: '.' },
    ]);
  });

  it('marks a zero-width joiner that is not between emoji', () => {
    expect(revealHidden('pay\u200dpal')).toEqual([
      { text: 'pay' },
      { hidden: '\u200d', label: 'U+200D ZERO WIDTH JOINER' },
      { text: 'pal' },
    ]);
  });

  it('marks C0/C1 controls, DEL and variation selectors', () => {
    expect(labels('\u0000\u0007\u0085\u007f\uFE01')).toEqual([
      'U+0000 CONTROL ^@',
      'U+0007 CONTROL ^G',
      'U+0085 CONTROL',
      'U+007F DELETE',
      'VARIATION SELECTOR U+FE01',
    ]);
  });

  it('marks a lone surrogate (half a pair), and the line separator, and leaves a whole pair alone', () => {
    expect(labels('a\uD800b\uDC00c\u2028d')).toEqual([
      'U+D800 LONE SURROGATE',
      'U+DC00 LONE SURROGATE',
      'U+2028 LINE SEPARATOR',
    ]);
    expect(plain('a\uD800b\uDC00c\u2028d')).toBe('abcd');
    expect(revealHidden('\uD83D\uDE00')).toEqual([{ text: '😀' }]);
    expect(labels('\uDBFF')).toEqual(['U+DBFF LONE SURROGATE']);
  });

  it('marks the Hangul fillers, which draw as blank letters', () => {
    expect(labels('a\u115Fb\u1160c\u3164d\uFFA0')).toEqual([
      'U+115F HANGUL CHOSEONG FILLER',
      'U+1160 HANGUL JUNGSEONG FILLER',
      'U+3164 HANGUL FILLER',
      'U+FFA0 HALFWIDTH HANGUL FILLER',
    ]);
    // A name made only of fillers looks empty; it must not.
    expect(revealAsText('\u3164\u3164')).toBe('⟨U+3164 HANGUL FILLER⟩⟨U+3164 HANGUL FILLER⟩');
  });

  it('marks the blank Braille pattern', () => {
    expect(revealHidden('read\u2800file')).toEqual([
      { text: 'read' },
      { hidden: '\u2800', label: 'U+2800 BRAILLE PATTERN BLANK' },
      { text: 'file' },
    ]);
  });

  it('marks the combining grapheme joiner', () => {
    expect(labels('pa\u034Fypal')).toEqual(['U+034F COMBINING GRAPHEME JOINER']);
  });

  it('marks the Mongolian free variation selectors and vowel separator', () => {
    expect(labels('a\u180Bb\u180Cc\u180Dd\u180Ee\u180F')).toEqual([
      'U+180B MONGOLIAN FREE VARIATION SELECTOR ONE',
      'U+180C MONGOLIAN FREE VARIATION SELECTOR TWO',
      'U+180D MONGOLIAN FREE VARIATION SELECTOR THREE',
      'U+180E MONGOLIAN VOWEL SEPARATOR',
      'U+180F MONGOLIAN FREE VARIATION SELECTOR FOUR',
    ]);
  });

  it('marks the musical symbol formatting characters', () => {
    const text = Array.from({ length: 8 }, (_, i) => `x${cp(0x1d173 + i)}`).join('');
    expect(labels(text)).toEqual([
      'U+1D173 MUSICAL SYMBOL BEGIN BEAM',
      'U+1D174 MUSICAL SYMBOL END BEAM',
      'U+1D175 MUSICAL SYMBOL BEGIN TIE',
      'U+1D176 MUSICAL SYMBOL END TIE',
      'U+1D177 MUSICAL SYMBOL BEGIN SLUR',
      'U+1D178 MUSICAL SYMBOL END SLUR',
      'U+1D179 MUSICAL SYMBOL BEGIN PHRASE',
      'U+1D17A MUSICAL SYMBOL END PHRASE',
    ]);
    expect(plain(text)).toBe('xxxxxxxx');
  });

  it('keeps one presentation selector after an emoji but marks one anywhere else', () => {
    expect(revealHidden('❤\uFE0F ☺\uFE0E')).toEqual([{ text: '❤\uFE0F ☺\uFE0E' }]);
    expect(labels('a\uFE0F')).toEqual(['VARIATION SELECTOR U+FE0F']);
    expect(labels('\uFE0Ehi')).toEqual(['VARIATION SELECTOR U+FE0E']);
  });

  it('shows a run of variation selectors as one marker with the bytes it smuggles', () => {
    // Each selector carries a byte: FE00–FE0F are 0–15, E0100–E01EF are 16–255.
    const smuggle = (s: string) =>
      [...new TextEncoder().encode(s)].map((b) => cp(b < 16 ? 0xfe00 + b : 0xe0100 + b - 16)).join('');
    const hidden = smuggle('rm -rf ~');
    expect(revealHidden(`😀${hidden}!`)).toEqual([
      { text: '😀' },
      { hidden, label: 'VARIATION SELECTORS ×8 “rm -rf ~”' },
      { text: '!' },
    ]);
    // Even when the run starts with the selector an emoji may take.
    expect(labels('❤\uFE0F\uFE0F')).toEqual(['VARIATION SELECTORS ×2']);
    // Bytes that spell hidden characters are revealed in turn.
    expect(labels(`x${smuggle('a\u202Eb')}`)).toEqual([
      'VARIATION SELECTORS ×5 “a⟨U+202E RIGHT-TO-LEFT OVERRIDE⟩b”',
    ]);
    // A single supplement selector is marked too.
    expect(labels(`葛${cp(0xe0100)}`)).toEqual(['VARIATION SELECTOR U+E0100']);
  });

  it('marks private-use characters in all three areas', () => {
    const text = `a${cp(0xe000)}${cp(0xf8ff)}${cp(0xf0000)}${cp(0xffffd)}${cp(0x100000)}${cp(0x10fffd)}b`;
    expect(labels(text)).toEqual([
      'U+E000 PRIVATE USE',
      'U+F8FF PRIVATE USE',
      'U+F0000 PRIVATE USE',
      'U+FFFFD PRIVATE USE',
      'U+100000 PRIVATE USE',
      'U+10FFFD PRIVATE USE',
    ]);
    expect(plain(text)).toBe('ab');
  });

  it('names the other invisible format characters', () => {
    expect(
      labels(
        `\u00AD\u061C\u2028\u2029\u2060\u2064\u206A\u206F\uFFF9\uFFFB\u17B4${cp(0x1bca0)}${cp(0x1bca3)}${cp(0x1d159)}${cp(0x16fe4)}`,
      ),
    ).toEqual([
      'U+00AD SOFT HYPHEN',
      'U+061C ARABIC LETTER MARK',
      'U+2028 LINE SEPARATOR',
      'U+2029 PARAGRAPH SEPARATOR',
      'U+2060 WORD JOINER',
      'U+2064 INVISIBLE PLUS',
      'U+206A INHIBIT SYMMETRIC SWAPPING',
      'U+206F NOMINAL DIGIT SHAPES',
      'U+FFF9 INTERLINEAR ANNOTATION ANCHOR',
      'U+FFFB INTERLINEAR ANNOTATION TERMINATOR',
      'U+17B4 KHMER VOWEL INHERENT AQ',
      'U+1BCA0 SHORTHAND FORMAT LETTER OVERLAP',
      'U+1BCA3 SHORTHAND FORMAT UP STEP',
      'U+1D159 MUSICAL SYMBOL NULL NOTEHEAD',
      'U+16FE4 KHITAN SMALL SCRIPT FILLER',
    ]);
    expect(labels(`a${cp(0x13430)}b${cp(0x1343f)}`)).toEqual([
      'U+13430 EGYPTIAN HIEROGLYPH FORMAT CONTROL',
      'U+1343F EGYPTIAN HIEROGLYPH FORMAT CONTROL',
    ]);
    // A byte-order mark is only legitimate as a file's first bytes, never inside text from a server.
    expect(labels('ab\uFEFFcd')).toEqual(['U+FEFF ZERO WIDTH NO-BREAK SPACE']);
  });

  it('marks every default-ignorable and format character Unicode defines, unless drawn visibly', () => {
    // Prepended concatenation marks (Arabic number signs and the like) are format characters with a glyph.
    const visible = new Set([
      0x600, 0x601, 0x602, 0x603, 0x604, 0x605, 0x6dd, 0x70f, 0x890, 0x891, 0x8e2, 0x110bd, 0x110cd,
    ]);
    const invisible = /^[\p{Default_Ignorable_Code_Point}\p{Cf}]$/u;
    const missed: string[] = [];
    for (let n = 0x80; n <= 0xe0fff; n++) {
      if ((n >= 0xd800 && n <= 0xdfff) || visible.has(n) || !invisible.test(cp(n))) continue;
      if (countHidden(`a${cp(n)}b`) !== 1 || plain(`a${cp(n)}b`) !== 'ab') missed.push(n.toString(16));
    }
    expect(missed).toEqual([]);
  });
});

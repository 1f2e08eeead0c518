/**
 * Server text may carry characters a person cannot see but a terminal, a bidi algorithm or a model
 * will act on: ANSI escapes, control characters, bidi overrides, zero-width and other format
 * characters, blank "letters" (Hangul fillers, the blank Braille cell), Unicode tag characters and
 * runs of variation selectors (both can spell out a hidden message), private-use characters. This
 * splits text into plain runs and visible markers for each such run; nothing hidden is ever
 * rendered as itself.
 */
export type Segment = { text: string } | { hidden: string; label: string };

/** Code points whose marker names them (Unicode's names). */
const NAMES = new Map<number, string>([
  [0x7f, 'DELETE'],
  [0xad, 'SOFT HYPHEN'],
  [0x34f, 'COMBINING GRAPHEME JOINER'],
  [0x61c, 'ARABIC LETTER MARK'],
  // Fillers (Hangul, Khitan) and the blank Braille cell draw as empty letters: a name made of them
  // looks like nothing, or like a space.
  [0x115f, 'HANGUL CHOSEONG FILLER'],
  [0x1160, 'HANGUL JUNGSEONG FILLER'],
  [0x17b4, 'KHMER VOWEL INHERENT AQ'],
  [0x17b5, 'KHMER VOWEL INHERENT AA'],
  [0x180b, 'MONGOLIAN FREE VARIATION SELECTOR ONE'],
  [0x180c, 'MONGOLIAN FREE VARIATION SELECTOR TWO'],
  [0x180d, 'MONGOLIAN FREE VARIATION SELECTOR THREE'],
  [0x180e, 'MONGOLIAN VOWEL SEPARATOR'],
  [0x180f, 'MONGOLIAN FREE VARIATION SELECTOR FOUR'],
  [0x200b, 'ZERO WIDTH SPACE'],
  [0x200c, 'ZERO WIDTH NON-JOINER'],
  [0x200d, 'ZERO WIDTH JOINER'],
  [0x200e, 'LEFT-TO-RIGHT MARK'],
  [0x200f, 'RIGHT-TO-LEFT MARK'],
  [0x2028, 'LINE SEPARATOR'],
  [0x2029, 'PARAGRAPH SEPARATOR'],
  [0x202a, 'LEFT-TO-RIGHT EMBEDDING'],
  [0x202b, 'RIGHT-TO-LEFT EMBEDDING'],
  [0x202c, 'POP DIRECTIONAL FORMATTING'],
  [0x202d, 'LEFT-TO-RIGHT OVERRIDE'],
  [0x202e, 'RIGHT-TO-LEFT OVERRIDE'],
  [0x2060, 'WORD JOINER'],
  [0x2061, 'FUNCTION APPLICATION'],
  [0x2062, 'INVISIBLE TIMES'],
  [0x2063, 'INVISIBLE SEPARATOR'],
  [0x2064, 'INVISIBLE PLUS'],
  [0x2066, 'LEFT-TO-RIGHT ISOLATE'],
  [0x2067, 'RIGHT-TO-LEFT ISOLATE'],
  [0x2068, 'FIRST STRONG ISOLATE'],
  [0x2069, 'POP DIRECTIONAL ISOLATE'],
  [0x206a, 'INHIBIT SYMMETRIC SWAPPING'],
  [0x206b, 'ACTIVATE SYMMETRIC SWAPPING'],
  [0x206c, 'INHIBIT ARABIC FORM SHAPING'],
  [0x206d, 'ACTIVATE ARABIC FORM SHAPING'],
  [0x206e, 'NATIONAL DIGIT SHAPES'],
  [0x206f, 'NOMINAL DIGIT SHAPES'],
  [0x2800, 'BRAILLE PATTERN BLANK'],
  [0x3164, 'HANGUL FILLER'],
  [0xfeff, 'ZERO WIDTH NO-BREAK SPACE'],
  [0xffa0, 'HALFWIDTH HANGUL FILLER'],
  [0xfff9, 'INTERLINEAR ANNOTATION ANCHOR'],
  [0xfffa, 'INTERLINEAR ANNOTATION SEPARATOR'],
  [0xfffb, 'INTERLINEAR ANNOTATION TERMINATOR'],
  [0x16fe4, 'KHITAN SMALL SCRIPT FILLER'],
  [0x1bca0, 'SHORTHAND FORMAT LETTER OVERLAP'],
  [0x1bca1, 'SHORTHAND FORMAT CONTINUING OVERLAP'],
  [0x1bca2, 'SHORTHAND FORMAT DOWN STEP'],
  [0x1bca3, 'SHORTHAND FORMAT UP STEP'],
  [0x1d159, 'MUSICAL SYMBOL NULL NOTEHEAD'],
  [0x1d173, 'MUSICAL SYMBOL BEGIN BEAM'],
  [0x1d174, 'MUSICAL SYMBOL END BEAM'],
  [0x1d175, 'MUSICAL SYMBOL BEGIN TIE'],
  [0x1d176, 'MUSICAL SYMBOL END TIE'],
  [0x1d177, 'MUSICAL SYMBOL BEGIN SLUR'],
  [0x1d178, 'MUSICAL SYMBOL END SLUR'],
  [0x1d179, 'MUSICAL SYMBOL BEGIN PHRASE'],
  [0x1d17a, 'MUSICAL SYMBOL END PHRASE'],
]);

/** Blocks of hidden code points, one marker name per block: [first, last, name]. */
const CLASSES: readonly (readonly [number, number, string])[] = [
  [0x13430, 0x1343f, 'EGYPTIAN HIEROGLYPH FORMAT CONTROL'],
  // Private use has no agreed glyph: an icon font's symbol here, an invisible payload there.
  [0xe000, 0xf8ff, 'PRIVATE USE'],
  [0xf0000, 0xffffd, 'PRIVATE USE'],
  [0x100000, 0x10fffd, 'PRIVATE USE'],
  // Unassigned, but reserved as default-ignorable: every renderer must draw nothing for them.
  [0x2065, 0x2065, 'RESERVED INVISIBLE'],
  [0xfff0, 0xfff8, 'RESERVED INVISIBLE'],
  [0xe0080, 0xe00ff, 'RESERVED INVISIBLE'],
  [0xe01f0, 0xe0fff, 'RESERVED INVISIBLE'],
];

const hex = (cp: number) => `U+${cp.toString(16).toUpperCase().padStart(4, '0')}`;

/** The marker for a code point that is hidden wherever it stands, or undefined. Tab and newline are ordinary text. */
function labelOf(cp: number): string | undefined {
  if (cp >= 0x20 && cp < 0x7f) return undefined; // most text: printable ASCII
  if (cp < 0x20)
    return cp === 0x09 || cp === 0x0a ? undefined : `${hex(cp)} CONTROL ^${String.fromCharCode(cp + 0x40)}`;
  if (cp > 0x7f && cp <= 0x9f) return `${hex(cp)} CONTROL`;
  const name = NAMES.get(cp);
  if (name) return `${hex(cp)} ${name}`;
  for (const [first, last, kind] of CLASSES) if (cp >= first && cp <= last) return `${hex(cp)} ${kind}`;
  return undefined;
}

/**
 * The byte a variation selector stands for, or undefined: the 256 selectors are enough to encode any
 * data after a single visible character ("emoji smuggling").
 */
function selectorByte(cp: number): number | undefined {
  if (cp >= 0xfe00 && cp <= 0xfe0f) return cp - 0xfe00;
  if (cp >= 0xe0100 && cp <= 0xe01ef) return cp - 0xe0100 + 16;
  return undefined;
}

// ESC [ params intermediates final, ESC ] … BEL/ST, or ESC plus one character.
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const ANSI = /\u001b(?:\[[0-?]*[ -/]*[@-~]|\][^\u0007\u001b]*(?:\u0007|\u001b\\)?|[@-_]?)/y;

export function revealHidden(text: string): Segment[] {
  const out: Segment[] = [];
  // Plain runs are kept as slices of the text: only hidden runs are cut out of it.
  let start = 0;
  let i = 0;
  const hide = (end: number, label: string) => {
    if (i > start) out.push({ text: text.slice(start, i) });
    out.push({ hidden: text.slice(i, end), label });
    i = end;
    start = end;
  };
  while (i < text.length) {
    const cp = text.codePointAt(i)!;
    const width = cp > 0xffff ? 2 : 1;
    if (cp === 0x1b) {
      ANSI.lastIndex = i;
      const seq = ANSI.exec(text)?.[0] ?? '\u001b';
      hide(i + seq.length, `ANSI ${JSON.stringify(seq).slice(1, -1).replace('\\u001b', 'ESC')}`);
      continue;
    }
    if (cp >= 0xe0000 && cp <= 0xe007f) {
      // A run of tag characters is a hidden ASCII message: decode it so the person can read it.
      let j = i;
      let decoded = '';
      while (j < text.length) {
        const t = text.codePointAt(j)!;
        if (t < 0xe0000 || t > 0xe007f) break;
        if (t >= 0xe0020 && t <= 0xe007e) decoded += String.fromCharCode(t - 0xe0000);
        j += 2;
      }
      hide(j, `TAGS “${decoded}”`);
      continue;
    }
    if (selectorByte(cp) !== undefined) {
      const bytes: number[] = [];
      let j = i;
      for (let b = selectorByte(cp); b !== undefined; b = selectorByte(text.codePointAt(j) ?? -1)) {
        bytes.push(b);
        j += text.codePointAt(j)! > 0xffff ? 2 : 1;
      }
      // ❤️ and ☺︎: one presentation selector after an emoji is how it is drawn in colour or as text.
      if (
        j === i + 1 &&
        (cp === 0xfe0e || cp === 0xfe0f) &&
        EMOJI_BEFORE.test(text.slice(Math.max(0, i - 2), i))
      ) {
        i = j;
        continue;
      }
      hide(j, bytes.length === 1 ? `VARIATION SELECTOR ${hex(cp)}` : selectorRunLabel(bytes));
      continue;
    }
    if (cp === 0x200d && joinsEmoji(text, i)) {
      i += 1; // 👨‍👩‍👧: a joiner between emoji is how the family is drawn
      continue;
    }
    const label = labelOf(cp);
    if (label) hide(i + width, label);
    else i += width;
  }
  if (i > start) out.push({ text: text.slice(start, i) });
  return out;
}

/**
 * A run of selectors, with what its bytes say when they are text (its own hidden characters shown).
 * Bytes that are not UTF-8, or only controls, say nothing readable: the count is what there is.
 */
function selectorRunLabel(bytes: number[]): string {
  const label = `VARIATION SELECTORS ×${bytes.length}`;
  let decoded: Segment[];
  try {
    decoded = revealHidden(new TextDecoder('utf-8', { fatal: true }).decode(new Uint8Array(bytes)));
  } catch {
    return label;
  }
  if (!decoded.some((s) => 'text' in s)) return label;
  return `${label} “${asText(decoded)}”`;
}

const EMOJI_BEFORE = /\p{Emoji}$/u;
const JOINABLE_BEFORE = /(?:[\p{Extended_Pictographic}\p{Emoji_Modifier}]|\uFE0F)$/u;
const JOINABLE_AFTER = /^\p{Extended_Pictographic}/u;
function joinsEmoji(text: string, at: number): boolean {
  return (
    JOINABLE_BEFORE.test(text.slice(Math.max(0, at - 2), at)) &&
    JOINABLE_AFTER.test(text.slice(at + 1, at + 3))
  );
}

/** How many hidden runs a text has (0: shown as is). */
export function countHidden(text: string): number {
  return revealHidden(text).filter((s) => 'hidden' in s).length;
}

/**
 * The text with each hidden run replaced by its visible label, for places that can hold only a
 * string: Markdown and code before parsing, and attributes (title, aria-label, alt) and <option>s.
 */
export function revealAsText(text: string): string {
  return asText(revealHidden(text));
}

const asText = (segments: Segment[]) => segments.map((s) => ('text' in s ? s.text : `⟨${s.label}⟩`)).join('');

// Invisible and control characters: which code points are hidden (shared by the page's markers, in
// renderer/components/revealHidden, and the host's checks), and text with them escaped for places
// that render text as is (native dialogs, names checked where they are configured).

const CONTROL_OR_FORMAT = /[\p{Cc}\p{Cf}\p{Co}\p{Zl}\p{Zp}]/u;
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

/** A code point as U+XXXX. */
export const hex = (cp: number) => `U+${cp.toString(16).toUpperCase().padStart(4, '0')}`;

/**
 * The marker for a code point that is hidden wherever it stands (its code and Unicode name, or its
 * kind), or undefined. Tab and newline are ordinary text. One table for the page's markers and the
 * host's checks.
 */
export function hiddenLabel(cp: number): string | undefined {
  if (cp >= 0x20 && cp < 0x7f) return undefined; // most text: printable ASCII
  if (cp < 0x20)
    return cp === 0x09 || cp === 0x0a ? undefined : `${hex(cp)} CONTROL ^${String.fromCharCode(cp + 0x40)}`;
  if (cp > 0x7f && cp <= 0x9f) return `${hex(cp)} CONTROL`;
  // Half of a pair without its other half (codePointAt gives a pair's whole code point): no character
  // at all, drawn as "�" or nothing, and not valid UTF-8 to send on.
  if (cp >= 0xd800 && cp <= 0xdfff) return `${hex(cp)} LONE SURROGATE`;
  const name = NAMES.get(cp);
  if (name) return `${hex(cp)} ${name}`;
  for (const [first, last, kind] of CLASSES) if (cp >= first && cp <= last) return `${hex(cp)} ${kind}`;
  return undefined;
}

/** Variation selectors: invisible alone, and 256 of them can spell out any bytes after one character. */
const isSelector = (cp: number) => (cp >= 0xfe00 && cp <= 0xfe0f) || (cp >= 0xe0100 && cp <= 0xe01ef);

function isInvisible(c: string): boolean {
  const cp = c.codePointAt(0)!;
  return CONTROL_OR_FORMAT.test(c) || hiddenLabel(cp) !== undefined || isSelector(cp);
}

/** Text with every invisible code point written as a \u{…} escape (for native dialogs and plain text). */
export function escapeInvisible(text: string): string {
  return Array.from(text, (c) =>
    isInvisible(c) ? `\\u{${c.codePointAt(0)!.toString(16).toUpperCase()}}` : c,
  ).join('');
}

/**
 * Text with every invisible code point taken out — line breaks and tabs too — for a short label the
 * host writes itself from what a model said (a conversation's title), where a marker would be noise.
 */
export function withoutInvisible(text: string): string {
  return Array.from(text)
    .filter((c) => !isInvisible(c))
    .join('');
}

/** Whether text holds a control, format, private-use or otherwise invisible character. */
export function hasInvisible(text: string): boolean {
  return Array.from(text).some(isInvisible);
}

/** A code point as the JSON escapes of its UTF-16 units (`\u001B`, `\uD83D\uDC00`): valid inside a JSON string. */
const unitEscapes = (c: string) =>
  Array.from(
    { length: c.length },
    (_, i) => `\\u${c.charCodeAt(i).toString(16).toUpperCase().padStart(4, '0')}`,
  ).join('');

/**
 * Text for a terminal: every invisible code point — C0 and C1 controls (ESC, CR, CSI…), DEL, bidi
 * overrides, zero-width and tag characters — written as `\uXXXX`, so a server's bytes can neither
 * move the cursor, recolour, overwrite a line nor reorder what is printed. The escapes are JSON's
 * own, so JSON stays JSON. `lines`: the line breaks and tabs of what we print are kept; `one-line`:
 * they are escaped too (a field that must stay on its own line).
 */
export function terminalText(text: string, keep: 'lines' | 'one-line' = 'lines'): string {
  let out = '';
  for (const c of text)
    out += (keep === 'lines' && (c === '\n' || c === '\t')) || !isInvisible(c) ? c : unitEscapes(c);
  return out;
}

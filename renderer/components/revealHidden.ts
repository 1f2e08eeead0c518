/**
 * Server text may carry characters a person cannot see but a terminal, a bidi algorithm or a model
 * will act on: ANSI escapes, control characters, bidi overrides, zero-width characters, Unicode tag
 * characters (which can spell out a hidden message) and variation selectors. This splits text into
 * plain runs and visible markers for each such run; nothing hidden is ever rendered as itself.
 */
export type Segment = { text: string } | { hidden: string; label: string };

const NAMES: Record<number, string> = {
  173: 'SOFT HYPHEN',
  1564: 'ARABIC LETTER MARK',
  6158: 'MONGOLIAN VOWEL SEPARATOR',
  8203: 'ZERO WIDTH SPACE',
  8204: 'ZERO WIDTH NON-JOINER',
  8205: 'ZERO WIDTH JOINER',
  8206: 'LEFT-TO-RIGHT MARK',
  8207: 'RIGHT-TO-LEFT MARK',
  8232: 'LINE SEPARATOR',
  8233: 'PARAGRAPH SEPARATOR',
  8234: 'LEFT-TO-RIGHT EMBEDDING',
  8235: 'RIGHT-TO-LEFT EMBEDDING',
  8236: 'POP DIRECTIONAL FORMATTING',
  8237: 'LEFT-TO-RIGHT OVERRIDE',
  8238: 'RIGHT-TO-LEFT OVERRIDE',
  8288: 'WORD JOINER',
  8289: 'FUNCTION APPLICATION',
  8290: 'INVISIBLE TIMES',
  8291: 'INVISIBLE SEPARATOR',
  8292: 'INVISIBLE PLUS',
  8294: 'LEFT-TO-RIGHT ISOLATE',
  8295: 'RIGHT-TO-LEFT ISOLATE',
  8296: 'FIRST STRONG ISOLATE',
  8297: 'POP DIRECTIONAL ISOLATE',
  65279: 'ZERO WIDTH NO-BREAK SPACE',
  27: 'ESCAPE',
  127: 'DELETE',
};

const hex = (cp: number) => `U+${cp.toString(16).toUpperCase().padStart(4, '0')}`;

/** Whether a code point is one we must show instead of render. Tab and newline are ordinary text. */
export function isHidden(cp: number): boolean {
  if (cp === 0x09 || cp === 0x0a) return false;
  return (
    cp < 0x20 ||
    (cp >= 0x7f && cp <= 0x9f) ||
    cp in NAMES ||
    (cp >= 0x2060 && cp <= 0x206f) ||
    // FE0E/FE0F choose text or emoji presentation (every "❤️"); the other selectors carry nothing visible.
    (cp >= 0xfe00 && cp <= 0xfe0d) ||
    (cp >= 0xfff9 && cp <= 0xfffb) ||
    (cp >= 0xe0000 && cp <= 0xe007f) ||
    (cp >= 0xe0100 && cp <= 0xe01ef)
  );
}

// ESC [ params intermediates final, ESC ] … BEL/ST, or ESC plus one character.
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const ANSI = /\u001b(?:\[[0-?]*[ -/]*[@-~]|\][^\u0007\u001b]*(?:\u0007|\u001b\\)?|[@-_]?)/y;

function labelOf(cp: number): string {
  if (cp >= 0xe0000 && cp <= 0xe007f) return `TAG ${hex(cp)}`;
  if ((cp >= 0xfe00 && cp <= 0xfe0f) || (cp >= 0xe0100 && cp <= 0xe01ef))
    return `VARIATION SELECTOR ${hex(cp)}`;
  const name = NAMES[cp];
  if (name) return `${hex(cp)} ${name}`;
  return cp < 0x20 ? `${hex(cp)} CONTROL ^${String.fromCharCode(cp + 0x40)}` : `${hex(cp)} CONTROL`;
}

export function revealHidden(text: string): Segment[] {
  const out: Segment[] = [];
  let plain = '';
  const flush = () => {
    if (plain) out.push({ text: plain });
    plain = '';
  };
  let i = 0;
  while (i < text.length) {
    const cp = text.codePointAt(i)!;
    const width = cp > 0xffff ? 2 : 1;
    if (cp === 0x1b) {
      ANSI.lastIndex = i;
      const m = ANSI.exec(text);
      const seq = m?.[0] ?? '\u001b';
      flush();
      out.push({ hidden: seq, label: `ANSI ${JSON.stringify(seq).slice(1, -1).replace('\\u001b', 'ESC')}` });
      i += seq.length;
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
      flush();
      out.push({ hidden: text.slice(i, j), label: `TAGS “${decoded}”` });
      i = j;
      continue;
    }
    if (cp === 0x200d && joinsEmoji(text, i)) {
      plain += '\u200d'; // 👨‍👩‍👧: a joiner between emoji is how the family is drawn
      i += 1;
      continue;
    }
    if (isHidden(cp)) {
      flush();
      out.push({ hidden: String.fromCodePoint(cp), label: labelOf(cp) });
    } else {
      plain += String.fromCodePoint(cp);
    }
    i += width;
  }
  flush();
  return out;
}

const EMOJI_BEFORE = /(?:[\p{Extended_Pictographic}\p{Emoji_Modifier}]|\uFE0F)$/u;
const EMOJI_AFTER = /^\p{Extended_Pictographic}/u;
function joinsEmoji(text: string, at: number): boolean {
  return (
    EMOJI_BEFORE.test(text.slice(Math.max(0, at - 2), at)) && EMOJI_AFTER.test(text.slice(at + 1, at + 3))
  );
}

/** How many hidden runs a text has (0: shown as is). */
export function countHidden(text: string): number {
  return revealHidden(text).filter((s) => 'hidden' in s).length;
}

/** The text with each hidden run replaced by its visible label, for places that render plain text (Markdown). */
export function revealAsText(text: string): string {
  return revealHidden(text)
    .map((s) => ('text' in s ? s.text : `⟨${s.label}⟩`))
    .join('');
}

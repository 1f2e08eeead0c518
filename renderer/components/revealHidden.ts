import { hex, hiddenLabel as labelOf } from '../../shared/host/invisible';

/**
 * Server text may carry characters a person cannot see but a terminal, a bidi algorithm or a model
 * will act on: ANSI escapes, control characters, bidi overrides, zero-width and other format
 * characters, blank "letters" (Hangul fillers, the blank Braille cell), Unicode tag characters and
 * runs of variation selectors (both can spell out a hidden message), private-use characters. This
 * splits text into plain runs and visible markers for each such run; nothing hidden is ever
 * rendered as itself.
 */
export type Segment = { text: string } | { hidden: string; label: string };

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

/** Line breaks and tabs, marked where text must stay on one line (a name, a summary row). */
const BREAKS = new Map([
  [0x0a, 'U+000A LINE FEED'],
  [0x09, 'U+0009 TAB'],
]);

/** `oneLine`: a line break or tab is hidden too (in a name, it draws what looks like another row). */
export function revealHidden(text: string, oneLine = false): Segment[] {
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
    const label = labelOf(cp) ?? (oneLine ? BREAKS.get(cp) : undefined);
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

// Invisible and control characters in text that is not rendered by the UI's marker display (native
// dialogs, names checked where they are configured). The renderer's revealHidden is the rich version.

const CONTROL_OR_FORMAT = /[\p{Cc}\p{Cf}\p{Co}\p{Zl}\p{Zp}]/u;
/** Invisible code points outside those categories: fillers, joiners, variation selectors. */
const INVISIBLE_RANGES: [number, number][] = [
  [0x034f, 0x034f],
  [0x115f, 0x1160],
  [0x180b, 0x180f],
  [0x2800, 0x2800],
  [0x3164, 0x3164],
  [0xfe00, 0xfe0f],
  [0xffa0, 0xffa0],
  [0xe0100, 0xe01ef],
];

function isInvisible(c: string): boolean {
  const code = c.codePointAt(0)!;
  return CONTROL_OR_FORMAT.test(c) || INVISIBLE_RANGES.some(([a, b]) => code >= a && code <= b);
}

/** Text with every invisible code point written as a \u{…} escape (for native dialogs and plain text). */
export function escapeInvisible(text: string): string {
  return Array.from(text, (c) =>
    isInvisible(c) ? `\\u{${c.codePointAt(0)!.toString(16).toUpperCase()}}` : c,
  ).join('');
}

/** Whether text holds a control, format, private-use or otherwise invisible character. */
export function hasInvisible(text: string): boolean {
  return Array.from(text).some(isInvisible);
}

import { describe, expect, it } from 'vitest';
import { countHidden, revealHidden } from './revealHidden';

describe('revealHidden', () => {
  it('leaves ordinary text (tabs, newlines, accents, emoji, RTL letters) alone', () => {
    const text = 'Café\tnaïve\nשלום 👍🏽 日本 ❤️ 👨\u200d👩\u200d👧';
    expect(revealHidden(text)).toEqual([{ text }]);
    expect(countHidden(text)).toBe(0);
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
    const labels = revealHidden('\u0000\u0007\u0085\u007f\uFE01')
      .filter((s) => 'label' in s)
      .map((s) => ('label' in s ? s.label : ''));
    expect(labels).toEqual([
      'U+0000 CONTROL ^@',
      'U+0007 CONTROL ^G',
      'U+0085 CONTROL',
      'U+007F DELETE',
      'VARIATION SELECTOR U+FE01',
    ]);
  });
});

import { useMemo } from 'react';
import { revealHidden } from './revealHidden';

/**
 * Text from a server or a model, shown exactly: characters that would be invisible or would act
 * (ANSI, bidi overrides, zero-width, tag characters) appear as labelled markers, never as themselves.
 * The container isolates direction so that no text can reorder what surrounds it.
 */
export function SafeText({
  text,
  block = false,
  oneLine = false,
}: {
  text: string;
  block?: boolean;
  /** A name or a summary: its line breaks and tabs are shown as markers too. */
  oneLine?: boolean;
}) {
  const segments = useMemo(() => revealHidden(text, oneLine), [text, oneLine]);
  const Tag = block ? 'div' : 'span';
  return (
    <Tag className={block ? 'safe-text block' : 'safe-text'} dir="auto">
      {segments.map((s, i) =>
        'text' in s ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: segments are positional and never reorder
          <span key={i}>{s.text}</span>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: segments are positional and never reorder
          <mark key={i} className="hidden-char" title={`Hidden in the text: ${s.label}`}>
            ⟨{s.label}⟩
          </mark>
        ),
      )}
    </Tag>
  );
}

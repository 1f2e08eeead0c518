import { countHidden } from './revealHidden';
import { SafeText } from './SafeText';

/**
 * Beneath an editable field holding server text: a text box would render hidden characters as
 * themselves (a bidi override reorders it), so when there are any, the text is shown again with
 * each one marked.
 */
export function HiddenWarning({ text }: { text: string }) {
  const n = countHidden(text);
  if (n === 0) return null;
  return (
    <div className="warning hidden-warning" role="note">
      <p>
        This text holds {n} hidden character{n === 1 ? '' : 's'}. Exactly what it says:
      </p>
      <SafeText text={text} block />
    </div>
  );
}

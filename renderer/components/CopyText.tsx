import { Check, Copy } from 'lucide-react';
import { useEffect, useState } from 'react';

/**
 * A command a person is meant to paste into a terminal: shown whole, selectable in one click, with a
 * Copy button beside it (the clipboard may be refused; the text stays selectable either way).
 */
export function CopyText({ text, label }: { text: string; label: string }) {
  const [copied, setCopied] = useState<'yes' | 'no'>();
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(undefined), 1500);
    return () => clearTimeout(timer);
  }, [copied]);
  return (
    <span className="copy-text">
      <code className="copy-text-value">{text}</code>
      <button
        type="button"
        aria-label={`Copy ${label}`}
        onClick={() =>
          void navigator.clipboard.writeText(text).then(
            () => setCopied('yes'),
            () => setCopied('no'),
          )
        }
      >
        {copied === 'yes' ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
        {copied === 'yes' ? 'Copied' : copied === 'no' ? 'Select it to copy' : 'Copy'}
      </button>
    </span>
  );
}

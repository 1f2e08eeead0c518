import { type ReactNode, useEffect, useId, useRef } from 'react';

const FOCUSABLE =
  'input:not([disabled]), select:not([disabled]), textarea:not([disabled]), button:not([disabled])';

/**
 * One panel of the side sheet beside a conversation: a titled region with a close button. The focus
 * goes into it when it opens (its first control), so the keyboard is where the eyes are.
 */
export function SidePanel({
  title,
  onClose,
  children,
}: {
  title: string;
  onClose: () => void;
  children: ReactNode;
}) {
  const body = useRef<HTMLDivElement>(null);
  const titleId = useId();
  useEffect(() => {
    body.current?.querySelector<HTMLElement>(FOCUSABLE)?.focus();
  }, []);
  return (
    <section className="side-panel" aria-labelledby={titleId}>
      <div className="side-panel-head">
        <h2 id={titleId}>{title}</h2>
        <button
          type="button"
          className="panel-close"
          aria-label={`Close ${title}`}
          title="Close (Esc)"
          onClick={onClose}
        >
          ×
        </button>
      </div>
      <div ref={body}>{children}</div>
    </section>
  );
}

import { X } from 'lucide-react';
import { type ReactNode, useEffect, useRef } from 'react';

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
  useEffect(() => {
    body.current?.querySelector<HTMLElement>(FOCUSABLE)?.focus();
  }, []);
  return (
    // Not a named region: the form inside carries the name (a region named "Model" would share its
    // name with the form's Model field).
    <section className="side-panel">
      <div className="side-panel-head">
        <h2>{title}</h2>
        <button
          type="button"
          className="panel-close"
          aria-label={`Close ${title}`}
          title="Close (Esc)"
          onClick={onClose}
        >
          <X aria-hidden="true" />
        </button>
      </div>
      <div ref={body}>{children}</div>
    </section>
  );
}

import { type ReactNode, useEffect, useId, useRef } from 'react';

/**
 * A modal dialog on the platform's <dialog>: showModal() makes everything else inert (the focus
 * stays inside) and Escape fires `onEscape` — in a consent dialog, that is a refusal.
 */
export function Modal({
  title,
  onEscape,
  children,
  wide = false,
  label,
}: {
  title: ReactNode;
  onEscape: () => void;
  children: ReactNode;
  wide?: boolean;
  /** An accessible name when the title is not plain text. */
  label?: string;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const onEscapeRef = useRef(onEscape);
  onEscapeRef.current = onEscape;
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (!dialog.open) dialog.showModal();
    const onCancel = (event: Event) => {
      event.preventDefault(); // we close it ourselves, after the answer is sent
      onEscapeRef.current();
    };
    dialog.addEventListener('cancel', onCancel);
    return () => {
      dialog.removeEventListener('cancel', onCancel);
      if (dialog.open) dialog.close();
    };
  }, []);
  return (
    <dialog
      ref={ref}
      className={wide ? 'modal wide' : 'modal'}
      aria-labelledby={label ? undefined : titleId}
      aria-label={label}
    >
      <h2 id={titleId} className="modal-title">
        {title}
      </h2>
      {children}
    </dialog>
  );
}

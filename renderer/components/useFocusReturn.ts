import { useEffect, useLayoutEffect, useRef } from 'react';

/**
 * While `active` (a dialog over the page), remembers where the focus was before it opened; when it
 * ends, puts the focus back there — or, when that place is gone (a Send button that became Stop) or
 * was nowhere, calls `fallback`. Without it the focus falls to the page's body once the dialog leaves
 * the document, and a keyboard user starts again from the top.
 */
export function useFocusReturn(active: boolean, fallback: () => void): void {
  const was = useRef<HTMLElement | null>(null);
  const fallbackRef = useRef(fallback);
  fallbackRef.current = fallback;
  // Read before the dialog's own effect opens it (children's passive effects run first) and moves the focus in.
  useLayoutEffect(() => {
    if (!active) return;
    const focused = document.activeElement;
    was.current =
      focused instanceof HTMLElement && focused !== document.body && !focused.closest('dialog')
        ? focused
        : null;
  }, [active]);
  // Given back after the dialog has gone and closed (its cleanup runs before this one).
  useEffect(() => {
    if (!active) return;
    return () => {
      const back = was.current;
      was.current = null;
      if (back?.isConnected && !(back as HTMLButtonElement).disabled) back.focus();
      else fallbackRef.current();
    };
  }, [active]);
}

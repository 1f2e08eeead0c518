import { useCallback, useEffect, useRef, useState } from 'react';

/** Where the focus goes when a panel closes and what opened it is gone: the composer. */
const composer = () => document.querySelector<HTMLElement>('.composer textarea');

/**
 * The panels open in the side sheet beside a conversation (Model…, Tools…), in the order they were
 * opened. Escape anywhere on the page closes the last one opened — unless a modal dialog is on top
 * (Escape is its own) or what had the key handled it (a list closing). Each panel remembers what had
 * the focus when it opened, and a panel that closes gives the focus back there (its button), or to the
 * composer when that is gone (the banner's "Choose tools…").
 */
export function useSidePanels<P extends string>() {
  const [open, setOpen] = useState<readonly P[]>([]);
  const openers = useRef(new Map<P, Element | null>());

  const show = useCallback((panel: P) => {
    openers.current.set(panel, document.activeElement);
    setOpen((o) => [...o.filter((p) => p !== panel), panel]);
  }, []);

  const close = useCallback((panel: P) => {
    const opener = openers.current.get(panel);
    openers.current.delete(panel);
    setOpen((o) => o.filter((p) => p !== panel));
    const back = opener instanceof HTMLElement && opener.isConnected ? opener : composer();
    back?.focus();
  }, []);

  /** Every panel closes without moving the focus (another conversation was opened). */
  const closeAll = useCallback(() => {
    openers.current.clear();
    setOpen([]);
  }, []);

  const last = open.at(-1);
  useEffect(() => {
    if (last === undefined) return;
    const onKeyDown = (e: KeyboardEvent) => {
      if (e.key !== 'Escape' || e.defaultPrevented) return;
      if (document.querySelector('dialog[open]')) return;
      e.preventDefault();
      close(last);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [last, close]);

  return {
    isOpen: (panel: P) => open.includes(panel),
    anyOpen: open.length > 0,
    show,
    close,
    toggle: (panel: P) => (open.includes(panel) ? close(panel) : show(panel)),
    closeAll,
  };
}

import { useEffect } from 'react';
import { useHost } from '../../components/HostContext';
import { useApp } from '../../state/store';
import { CommandPalette } from './CommandPalette';
import { runShortcut } from './keyboardActions';
import { ShortcutsSheet } from './ShortcutsSheet';
import { isMac, isTypingIn, shortcutReader } from './shortcuts';

/**
 * The app's keyboard shortcuts (shortcuts.ts), and what they open over the page: the command palette
 * and the sheet that lists them. While another dialog is open (a consent waiting for an answer, a
 * form) none of them works: that dialog has the person's attention, and the keys are its own.
 */
export function KeyboardShortcuts() {
  const host = useHost();
  const overlay = useApp((s) => s.overlay);
  useEffect(() => {
    const read = shortcutReader(isMac());
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || e.isComposing) return;
      const found = read(e, isTypingIn(e.target));
      if (!found) return;
      const dialog = document.querySelector('dialog[open]');
      const ours = !!dialog?.querySelector('[data-keyboard-overlay]');
      if (dialog && !ours) return;
      // Over the palette or the sheet: the other one takes its place; the rest close it first.
      e.preventDefault();
      if (ours && found !== 'palette' && found !== 'shortcuts') useApp.getState().setOverlay(undefined);
      runShortcut(found, host);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [host]);
  if (overlay === 'palette') return <CommandPalette />;
  if (overlay === 'shortcuts') return <ShortcutsSheet />;
  return null;
}

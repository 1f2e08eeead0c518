import type { Page } from '../../../shared/ui/appAddress';

/**
 * The keyboard shortcuts, one table for the handler and the help sheet. Chosen not to clash with the
 * browser's own or Electron's: Ctrl+N, Ctrl+T, Ctrl+W and Ctrl+Tab belong to the browser and never
 * reach a page, so New chat is Ctrl+Shift+O (as in ChatGPT and Claude); the pages are two-key
 * sequences (G then S, as GitHub and Gmail have them) that only work outside text fields. On macOS,
 * ⌘ takes Ctrl's place.
 */
export type ShortcutId =
  | 'palette'
  | 'shortcuts'
  | 'new-chat'
  | 'focus-composer'
  | 'search-chats'
  | 'previous-conversation'
  | 'next-conversation'
  | `go-${Page}`;

export interface Shortcut {
  id: ShortcutId;
  /** What it does, as the help sheet and the palette say it. */
  title: string;
  /** The keys, as shown: each entry one way to press it (Ctrl becomes ⌘ on macOS). */
  keys: string[];
  /** Whether it works while typing in a text field (the ones that type no character do). */
  inFields: boolean;
}

/** The page each `G then <key>` goes to. */
const GO_KEYS: Record<string, Page> = {
  c: 'chats',
  s: 'servers',
  r: 'resources',
  p: 'prompts',
  f: 'roots',
  l: 'logs',
  a: 'activity',
  ',': 'settings',
};
const PAGE_NAMES: Record<Page, string> = {
  chats: 'Chats',
  servers: 'Servers',
  resources: 'Resources',
  prompts: 'Prompts',
  roots: 'Folders',
  logs: 'Logs',
  activity: 'Activity',
  settings: 'Settings',
};

export const SHORTCUTS: Shortcut[] = [
  {
    id: 'palette',
    title: 'Command palette: conversations, servers, tools, actions',
    keys: ['Ctrl+K'],
    inFields: true,
  },
  { id: 'shortcuts', title: 'Keyboard shortcuts (this sheet)', keys: ['?', 'Ctrl+/'], inFields: true },
  { id: 'new-chat', title: 'New chat', keys: ['Ctrl+Shift+O'], inFields: true },
  { id: 'focus-composer', title: 'Write a message (the message box)', keys: ['Shift+Esc'], inFields: true },
  { id: 'search-chats', title: 'Search chats', keys: ['/'], inFields: false },
  {
    id: 'previous-conversation',
    title: 'Previous conversation (the one above in the list)',
    keys: ['Alt+↑'],
    inFields: false,
  },
  {
    id: 'next-conversation',
    title: 'Next conversation (the one below in the list)',
    keys: ['Alt+↓'],
    inFields: false,
  },
  ...Object.entries(GO_KEYS).map(
    ([key, page]): Shortcut => ({
      id: `go-${page}`,
      title: `Go to ${PAGE_NAMES[page]}`,
      keys: [`G then ${key === ',' ? ',' : key.toUpperCase()}`],
      inFields: false,
    }),
  ),
];

/** The keys as this platform writes them. */
export const keysOn = (keys: string, mac: boolean): string =>
  mac ? keys.replace('Ctrl+Shift+', '⇧⌘').replace('Ctrl+', '⌘').replace('Alt+', '⌥') : keys;

export const isMac = (): boolean =>
  typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform || navigator.userAgent);

/** What a keydown carries that the shortcuts read. */
export type KeyPress = Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey'>;

/** How long after G its second key may come. */
export const SEQUENCE_MS = 1500;

/**
 * Reads key presses as shortcuts. `typing`: the focus is in a text field — only the shortcuts that
 * type no character work there. Remembers a G pressed outside a field for the key after it.
 */
export function shortcutReader(mac: boolean, now: () => number = Date.now) {
  let gAt: number | undefined;
  return (e: KeyPress, typing: boolean): ShortcutId | undefined => {
    const mod = mac ? e.metaKey && !e.ctrlKey : e.ctrlKey && !e.metaKey;
    const key = e.key.length === 1 ? e.key.toLowerCase() : e.key;
    const found = ((): ShortcutId | undefined => {
      if (mod && !e.altKey) {
        if (key === 'k' && !e.shiftKey) return 'palette';
        if (key === '/' || key === '?') return 'shortcuts';
        if (key === 'o' && e.shiftKey) return 'new-chat';
        return undefined;
      }
      if (e.ctrlKey || e.metaKey) return undefined;
      if (key === 'Escape' && e.shiftKey && !e.altKey) return 'focus-composer';
      if (typing) return undefined;
      if (e.altKey) {
        if (e.shiftKey) return undefined;
        if (key === 'ArrowUp') return 'previous-conversation';
        if (key === 'ArrowDown') return 'next-conversation';
        return undefined;
      }
      if (key === '?') return 'shortcuts';
      if (key === '/' && !e.shiftKey) return 'search-chats';
      const afterG = gAt !== undefined && now() - gAt <= SEQUENCE_MS;
      if (afterG && GO_KEYS[key] && !e.shiftKey) return `go-${GO_KEYS[key]}`;
      return undefined;
    })();
    // A G outside a field starts a sequence; any other key ends one.
    gAt =
      !typing && !found && key === 'g' && !e.shiftKey && !e.altKey && !e.ctrlKey && !e.metaKey
        ? now()
        : undefined;
    return found;
  };
}

/** Whether the focus is somewhere a key types a character (or moves a caret): the plain shortcuts keep out. */
export function isTypingIn(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (
    target.isContentEditable ||
    target instanceof HTMLTextAreaElement ||
    target instanceof HTMLSelectElement
  )
    return true;
  if (!(target instanceof HTMLInputElement)) return false;
  return !['checkbox', 'radio', 'button', 'submit', 'reset', 'range', 'color', 'file', 'image'].includes(
    target.type,
  );
}

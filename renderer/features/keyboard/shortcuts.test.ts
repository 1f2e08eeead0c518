// @vitest-environment happy-dom
import { expect, it } from 'vitest';
import { isTypingIn, type KeyPress, SEQUENCE_MS, SHORTCUTS, shortcutReader } from './shortcuts';

const press = (key: string, mods: Partial<KeyPress> = {}): KeyPress => ({
  key,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  shiftKey: false,
  ...mods,
});

it('reads each shortcut the sheet lists, and Ctrl becomes ⌘ on macOS', () => {
  const read = shortcutReader(false);
  expect(read(press('k', { ctrlKey: true }), false)).toBe('palette');
  expect(read(press('/', { ctrlKey: true }), false)).toBe('shortcuts');
  expect(read(press('?', { shiftKey: true }), false)).toBe('shortcuts');
  expect(read(press('O', { ctrlKey: true, shiftKey: true }), false)).toBe('new-chat');
  expect(read(press('Escape', { shiftKey: true }), false)).toBe('focus-composer');
  expect(read(press('/'), false)).toBe('search-chats');
  expect(read(press('ArrowUp', { altKey: true }), false)).toBe('previous-conversation');
  expect(read(press('ArrowDown', { altKey: true }), false)).toBe('next-conversation');
  expect(read(press('g'), false)).toBeUndefined();
  expect(read(press('s'), false)).toBe('go-servers');
  read(press('g'), false);
  expect(read(press(','), false)).toBe('go-settings');
  read(press('g'), false);
  expect(read(press('l'), false)).toBe('go-logs');
  const mac = shortcutReader(true);
  expect(mac(press('k', { metaKey: true }), false)).toBe('palette');
  expect(mac(press('k', { ctrlKey: true }), false)).toBeUndefined();
  expect(read(press('k', { metaKey: true }), false)).toBeUndefined();
  // Every id the reader gives is in the sheet.
  const listed = new Set(SHORTCUTS.map((s) => s.id));
  for (const id of ['palette', 'shortcuts', 'new-chat', 'focus-composer', 'search-chats', 'go-servers'])
    expect(listed.has(id as never), id).toBe(true);
});

it('typing in a field, only the shortcuts that type no character work', () => {
  const read = shortcutReader(false);
  expect(read(press('k', { ctrlKey: true }), true)).toBe('palette');
  expect(read(press('/', { ctrlKey: true }), true)).toBe('shortcuts');
  expect(read(press('o', { ctrlKey: true, shiftKey: true }), true)).toBe('new-chat');
  expect(read(press('Escape', { shiftKey: true }), true)).toBe('focus-composer');
  for (const key of ['?', '/', 'g', 's'])
    expect(read(press(key, { shiftKey: key === '?' }), true), key).toBeUndefined();
  expect(read(press('ArrowUp', { altKey: true }), true)).toBeUndefined();
  // A G typed in a field starts no sequence.
  read(press('g'), true);
  expect(read(press('s'), false)).toBeUndefined();
  // Nor does the browser's own: Ctrl+N, Ctrl+T, Ctrl+W are not ours.
  for (const key of ['n', 't', 'w']) expect(read(press(key, { ctrlKey: true }), false)).toBeUndefined();
});

it('a G sequence lasts a moment, and any other key ends it', () => {
  let t = 0;
  const read = shortcutReader(false, () => t);
  read(press('g'), false);
  t += SEQUENCE_MS + 1;
  expect(read(press('s'), false)).toBeUndefined();
  read(press('g'), false);
  read(press('x'), false);
  expect(read(press('s'), false)).toBeUndefined();
  read(press('g'), false);
  expect(read(press('s', { ctrlKey: true }), false)).toBeUndefined();
});

it('knows a text field from a button or a checkbox', () => {
  const el = (html: string) => {
    document.body.innerHTML = html;
    return document.body.firstElementChild;
  };
  expect(isTypingIn(el('<textarea></textarea>'))).toBe(true);
  expect(isTypingIn(el('<input type="search">'))).toBe(true);
  expect(isTypingIn(el('<input>'))).toBe(true);
  expect(isTypingIn(el('<select></select>'))).toBe(true);
  expect(isTypingIn(el('<input type="checkbox">'))).toBe(false);
  expect(isTypingIn(el('<button>x</button>'))).toBe(false);
  expect(isTypingIn(document.body)).toBe(false);
});

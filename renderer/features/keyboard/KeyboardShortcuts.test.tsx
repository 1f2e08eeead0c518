// @vitest-environment happy-dom
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ToolConsentRequest } from '../../../shared/host/consent';
import type { ServerView } from '../../../shared/host/serverView';
import type { ToolView } from '../../../shared/ipc/catalogContract';
import type { ConversationView } from '../../../shared/ipc/chatContract';
import { useApp } from '../../state/store';
import { conversationView } from '../../test/conversationView';
import { recordingHost, renderWithHost } from '../../test/render';
import { ConsentHost } from '../consent/ConsentHost';
import { KeyboardShortcuts } from './KeyboardShortcuts';

afterEach(() => useApp.setState(useApp.getInitialState(), true));

const summary = (id: string, title: string) => ({
  id,
  title,
  createdAt: 0,
  updatedAt: 0,
  messageCount: 2,
  turns: { questions: 0, answers: 0 },
});
const conversation = (id: string): ConversationView => conversationView(id, summary(id, id));
const server = (id: string) =>
  ({
    id,
    kind: 'stdio',
    target: 'x',
    state: { status: 'stopped' },
    wireTrace: false,
  }) as unknown as ServerView;
const tool = (server: string, name: string) =>
  ({
    name: `${server}__${name}`,
    server,
    tool: name,
    inputSchema: { type: 'object' },
    enabled: true,
    alwaysOffer: false,
  }) as ToolView;

function setup() {
  useApp.setState({
    conversations: [
      summary('c1', 'Trip to Lisbon'),
      summary('c2', 'Weather in Oslo'),
      summary('c3', 'Trip budget'),
    ],
    servers: [server('everything'), server('weather')],
    catalog: {
      ...useApp.getState().catalog,
      tools: [tool('everything', 'echo'), tool('weather', 'forecast')],
    },
  });
  const recorded = recordingHost({
    getConversation: (id) => conversation(id as string),
    createConversation: () => conversation('new'),
  });
  const view = renderWithHost(
    <>
      <textarea aria-label="Somewhere to type" />
      <button type="button">Somewhere else</button>
      <KeyboardShortcuts />
      <ConsentHost />
    </>,
    recorded.host,
  );
  return { ...recorded, view };
}
const key = (target: Element | Window, k: string, mods: Partial<KeyboardEventInit> = {}) =>
  fireEvent.keyDown(target, { key: k, bubbles: true, ...mods });
const palette = () => screen.queryByRole('dialog', { name: 'Command palette' });
const sheet = () => screen.queryByRole('dialog', { name: 'Keyboard shortcuts' });
const cancel = (dialog: HTMLElement) => fireEvent(dialog, new Event('cancel', { cancelable: true }));

describe('the shortcuts sheet', () => {
  it('? opens it outside a field (not while typing); Ctrl+/ anywhere; it lists the shortcuts; Escape gives the focus back', () => {
    setup();
    const box = screen.getByRole('textbox', { name: 'Somewhere to type' });
    box.focus();
    key(box, '?', { shiftKey: true });
    expect(sheet()).toBeNull();
    key(box, '/', { ctrlKey: true });
    const shown = sheet()!;
    expect(shown).not.toBeNull();
    const rows = Array.from(shown.querySelectorAll('tbody tr')).map((r) => r.textContent);
    for (const [keys, action] of [
      ['Ctrl+K', 'Command palette'],
      ['Ctrl+Shift+O', 'New chat'],
      ['Shift+Esc', 'message box'],
      ['/', 'Search chats'],
      ['Alt+↓', 'Next conversation'],
      ['G then S', 'Go to Servers'],
      ['G then L', 'Go to Logs'],
      ['G then ,', 'Go to Settings'],
    ])
      expect(
        rows.some((r) => r?.startsWith(keys!) && r.includes(action!)),
        `${keys} ${action}`,
      ).toBe(true);
    cancel(shown);
    expect(sheet()).toBeNull();
    expect(document.activeElement).toBe(box);
    const button = screen.getByRole('button', { name: 'Somewhere else' });
    button.focus();
    key(button, '?', { shiftKey: true });
    expect(sheet()).not.toBeNull();
  });
});

describe('the command palette (Ctrl+K)', () => {
  it('opens from a field, filters as typed, and Enter opens the conversation chosen with the arrows', async () => {
    const { calls } = setup();
    useApp.setState({ pane: 'logs' });
    const box = screen.getByRole('textbox', { name: 'Somewhere to type' });
    box.focus();
    key(box, 'k', { ctrlKey: true });
    expect(palette()).not.toBeNull();
    const input = screen.getByRole('combobox', { name: 'Go to a conversation, server, tool or action' });
    expect(document.activeElement).toBe(input);
    const list = screen.getByRole('listbox', { name: 'Matches' });
    expect(input.getAttribute('aria-controls')).toBe(list.id);
    fireEvent.change(input, { target: { value: 'osl' } });
    const options = () => screen.getAllByRole('option').map((o) => o.textContent);
    // A word of the name starting with what is typed.
    expect(options()[0]).toContain('Weather in Oslo');
    fireEvent.change(input, { target: { value: 'TRIP' } });
    expect(options().map((o) => o?.replace(/No messages yet$/, ''))).toEqual([
      'ConversationTrip to Lisbon',
      'ConversationTrip budget',
    ]);
    key(input, 'ArrowDown');
    const second = screen.getAllByRole('option')[1]!;
    expect(second.getAttribute('aria-selected')).toBe('true');
    expect(input.getAttribute('aria-activedescendant')).toBe(second.id);
    key(input, 'Enter');
    expect(palette()).toBeNull();
    await waitFor(() => expect(useApp.getState().open?.id).toBe('c3'));
    expect(calls.find((c) => c.method === 'getConversation')?.args).toEqual(['c3']);
    expect(useApp.getState().pane).toBe('chats');
  });

  it('a server, or one of its tools, goes to its card on Servers', () => {
    setup();
    key(window, 'k', { ctrlKey: true });
    const input = screen.getByRole('combobox');
    fireEvent.change(input, { target: { value: 'forecast' } });
    expect(screen.getAllByRole('option')[0]?.textContent).toContain('weather · forecast');
    key(input, 'Enter');
    expect(useApp.getState().shownServer).toEqual({ server: 'weather', tool: 'forecast' });
    expect(useApp.getState().pane).toBe('servers');
    key(window, 'k', { ctrlKey: true });
    fireEvent.change(screen.getByRole('combobox'), { target: { value: 'every' } });
    fireEvent.click(screen.getAllByRole('option').find((o) => o.textContent?.startsWith('Server'))!);
    expect(useApp.getState().shownServer).toEqual({ server: 'everything' });
  });

  it('offers the actions, and says when nothing matches; Escape closes it', () => {
    setup();
    key(window, 'k', { ctrlKey: true });
    const input = screen.getByRole('combobox');
    fireEvent.change(input, { target: { value: 'go to settings' } });
    key(input, 'Enter');
    expect(useApp.getState().pane).toBe('settings');
    key(window, 'k', { ctrlKey: true });
    fireEvent.change(screen.getByRole('combobox'), { target: { value: 'zzz' } });
    expect(screen.queryAllByRole('option')).toEqual([]);
    expect(screen.getByRole('status').textContent).toContain('Nothing matches');
    cancel(palette()!);
    expect(palette()).toBeNull();
  });
});

describe('the other shortcuts', () => {
  it('G then a key goes to a page, Alt+↓ to the next conversation, Ctrl+Shift+O makes a new one — not while typing', async () => {
    const { calls } = setup();
    const box = screen.getByRole('textbox', { name: 'Somewhere to type' });
    box.focus();
    key(box, 'g');
    key(box, 's');
    expect(useApp.getState().pane).toBe('chats');
    box.blur();
    key(window, 'g');
    key(window, 's');
    expect(useApp.getState().pane).toBe('servers');
    useApp.setState({ open: conversation('c1') });
    key(window, 'ArrowDown', { altKey: true });
    await waitFor(() => expect(useApp.getState().open?.id).toBe('c2'));
    expect(useApp.getState().pane).toBe('chats');
    key(window, 'ArrowUp', { altKey: true });
    await waitFor(() => expect(useApp.getState().open?.id).toBe('c1'));
    box.focus();
    key(box, 'O', { ctrlKey: true, shiftKey: true });
    await waitFor(() => expect(useApp.getState().open?.id).toBe('new'));
    expect(calls.filter((c) => c.method === 'createConversation')).toHaveLength(1);
    expect(useApp.getState().focusWanted).toBe('composer');
  });

  it('none works while another dialog (a consent) waits for an answer', () => {
    setup();
    const request = {
      id: '0b0e3c1a-7d3c-4a3e-9a7e-2f1d3c4b5a69',
      server: { id: 'weather', target: 'node weather.js', identity: 'abc' },
      createdAt: 0,
      expiresAt: Date.now() + 60_000,
      kind: 'tool',
      tool: { name: 'forecast' },
      argumentsJson: '{}',
    } as ToolConsentRequest;
    act(() => useApp.setState({ consents: [request] }));
    key(window, 'k', { ctrlKey: true });
    key(window, '?', { shiftKey: true });
    key(window, 'g');
    key(window, 's');
    expect(palette()).toBeNull();
    expect(sheet()).toBeNull();
    expect(useApp.getState().pane).toBe('chats');
  });
});

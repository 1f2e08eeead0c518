// @vitest-environment happy-dom
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ChatMessage } from '../../../shared/chat/conversation';
import type { ToolConsentRequest } from '../../../shared/host/consent';
import type { ConversationView } from '../../../shared/ipc/chatContract';
import { useApp } from '../../state/store';
import { conversationView } from '../../test/conversationView';
import { recordingHost, renderWithHost } from '../../test/render';
import { ConsentHost } from '../consent/ConsentHost';
import { ChatPage } from './ChatPage';
import { MessageView } from './MessageView';

afterEach(() => useApp.setState(useApp.getInitialState(), true));

const conversation = (id: string, messages: ChatMessage[] = []): ConversationView =>
  conversationView(id, { title: `Title ${id}`, messages });
const consent: ToolConsentRequest = {
  id: '0b0e3c1a-7d3c-4a3e-9a7e-2f1d3c4b5a69',
  server: { id: 'weather', target: 'node weather.js', identity: 'abc123' },
  createdAt: 0,
  expiresAt: Date.now() + 60_000,
  kind: 'tool',
  tool: { name: 'forecast' },
  argumentsJson: '{}',
  conversationId: 'c1',
};
const composer = () => screen.getByRole('textbox', { name: 'Message' });
const focused = () => document.activeElement;

/** The chat page with the consent dialogs over it, as the app has them. */
function renderChat(host = recordingHost().host) {
  return renderWithHost(
    <>
      <ChatPage />
      <ConsentHost />
    </>,
    host,
  );
}

describe('after a consent is answered, the focus goes back where the person was', () => {
  it('typing in the message box: back to it once the dialog has gone', async () => {
    useApp.setState({ open: conversation('c1') });
    const { host, calls } = recordingHost();
    renderChat(host);
    composer().focus();
    act(() => useApp.setState({ consents: [consent] }));
    const dialog = screen.getByRole('dialog', { name: /Tool call from weather$/ });
    fireEvent.click(screen.getByRole('button', { name: 'Allow once' }));
    await waitFor(() => expect(calls.map((c) => c.method)).toContain('answerConsent'));
    act(() => useApp.setState({ consents: [] }));
    expect(dialog.isConnected).toBe(false);
    await waitFor(() => expect(focused()).toBe(composer()));
  });

  it('nowhere (the page body): to the open conversation’s message box; a queue waits until its last answer', async () => {
    useApp.setState({ open: conversation('c1') });
    renderChat();
    (document.activeElement as HTMLElement | null)?.blur();
    act(() => useApp.setState({ consents: [consent, { ...consent, id: `${consent.id.slice(0, -1)}0` }] }));
    act(() => useApp.setState({ consents: [useApp.getState().consents[1]!] }));
    // The next dialog of the queue holds the focus meanwhile.
    expect(screen.getByRole('dialog')).toBeTruthy();
    expect(focused()).not.toBe(composer());
    act(() => useApp.setState({ consents: [] }));
    await waitFor(() => expect(focused()).toBe(composer()));
  });
});

describe('what opens a field puts the focus in it', () => {
  it('Rename: the title box, its text selected; Save (or Escape) back on Rename', async () => {
    useApp.setState({ open: conversation('c1') });
    renderChat();
    fireEvent.click(screen.getByRole('button', { name: 'Rename' }));
    const title = screen.getByRole('textbox', { name: 'Title' }) as HTMLInputElement;
    expect(focused()).toBe(title);
    expect([title.selectionStart, title.selectionEnd]).toEqual([0, 'Title c1'.length]);
    fireEvent.change(title, { target: { value: 'Renamed' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(focused()).toBe(screen.getByRole('button', { name: 'Rename' })));
    fireEvent.click(screen.getByRole('button', { name: 'Rename' }));
    fireEvent.keyDown(screen.getByRole('textbox', { name: 'Title' }), { key: 'Escape' });
    expect(screen.queryByRole('textbox', { name: 'Title' })).toBeNull();
    expect(focused()).toBe(screen.getByRole('button', { name: 'Rename' }));
  });

  it('Edit: the edit box, the caret after the text; Cancel back on Edit; sent again, the message box', async () => {
    const message: ChatMessage = { id: 'm1', role: 'user', blocks: [{ type: 'text', text: 'Hello' }], at: 0 };
    const row = <MessageView item={{ key: 'm1', message, calls: [] }} onEdit={async () => true} canEdit />;
    renderWithHost(row);
    fireEvent.click(screen.getByRole('button', { name: 'Edit' }));
    const box = screen.getByRole('textbox', { name: 'Edit your message' }) as HTMLTextAreaElement;
    expect(focused()).toBe(box);
    expect(box.selectionStart).toBe('Hello'.length);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(focused()).toBe(screen.getByRole('button', { name: 'Edit' }));
    fireEvent.click(screen.getByRole('button', { name: 'Edit' }));
    fireEvent.click(screen.getByRole('button', { name: 'Send again' }));
    await waitFor(() => expect(useApp.getState().focusWanted).toBe('composer'));
  });

  it('a row made again while its edit is open (scrolled back) takes no focus', () => {
    const message: ChatMessage = { id: 'm1', role: 'user', blocks: [{ type: 'text', text: 'Hello' }], at: 0 };
    useApp.setState({ edits: { m1: 'Hello' } });
    renderWithHost(<input aria-label="Elsewhere" />);
    screen.getByRole('textbox', { name: 'Elsewhere' }).focus();
    renderWithHost(<MessageView item={{ key: 'm1', message, calls: [] }} onEdit={vi.fn()} canEdit />);
    expect(focused()).toBe(screen.getByRole('textbox', { name: 'Elsewhere' }));
  });

  it('New chat: the new conversation’s message box, not the button', async () => {
    useApp.setState({ open: conversation('c1') });
    const { host } = recordingHost({ createConversation: () => conversation('c2') });
    renderChat(host);
    const button = screen.getByRole('button', { name: 'New chat' });
    button.focus();
    fireEvent.click(button);
    await waitFor(() => expect(useApp.getState().open?.id).toBe('c2'));
    await waitFor(() => expect(focused()).toBe(composer()));
  });
});

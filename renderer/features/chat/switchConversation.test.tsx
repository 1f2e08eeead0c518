// @vitest-environment happy-dom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ConversationView } from '../../../shared/ipc/chatContract';
import { useApp } from '../../state/store';
import { conversationView } from '../../test/conversationView';
import { recordingHost, renderWithHost } from '../../test/render';
import { ChatPage } from './ChatPage';
import { Composer } from './Composer';
import { ConversationList } from './ConversationList';

afterEach(() => useApp.setState(useApp.getInitialState(), true));

const conversation = (id: string, replying = false): ConversationView => conversationView(id, { replying });

/** The chat page's two parts that New chat joins: the list's button and the open conversation's box. */
function Chat() {
  const open = useApp((s) => s.open);
  return (
    <>
      <ConversationList openId={open?.id} onOpen={() => {}} />
      {open && <Composer conversationId={open.id} replying={open.replying} />}
    </>
  );
}

/** A host whose createConversation (or getConversation) answers when the test says. */
function slowHost(method: 'createConversation' | 'getConversation' = 'createConversation') {
  let settle: { resolve(c: ConversationView): void; reject(e: Error): void } | undefined;
  const recording = recordingHost({
    [method]: () =>
      new Promise<ConversationView>((resolve, reject) => {
        settle = { resolve, reject };
      }),
  });
  return { ...recording, settle: () => settle! };
}

/** Clicks New chat and types `text` at once, while the host is still making the conversation. */
async function typeDuringNewChat(text: string): Promise<HTMLTextAreaElement> {
  fireEvent.click(screen.getByRole('button', { name: 'New chat' }));
  const box = screen.getByRole('textbox', { name: 'Message' }) as HTMLTextAreaElement;
  await waitFor(() => expect(box.value).toBe(''));
  fireEvent.change(box, { target: { value: text } });
  return box;
}

describe('a conversation on its way (New chat, or one picked from the list)', () => {
  it('what is typed and sent while the host makes the conversation goes to the new one, never the old', async () => {
    // The old conversation is still replying: its Stop must not swallow the Enter meant for the new one.
    useApp.setState({ open: conversation('old', true), drafts: { old: 'half a thought' } });
    const { host, calls, settle } = slowHost();
    renderWithHost(<Chat />, host);
    const box = await typeDuringNewChat('A fresh question');
    fireEvent.keyDown(box, { key: 'Enter' });
    await new Promise((r) => setTimeout(r, 50));
    expect(calls.map((c) => c.method)).not.toContain('sendMessage');
    expect(useApp.getState().drafts.old).toBe('half a thought');

    settle().resolve(conversation('new'));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'sendMessage')?.args).toEqual([
        'new',
        'A fresh question',
        [],
        [],
      ]),
    );
    expect(useApp.getState().open?.id).toBe('new');
    expect(useApp.getState().drafts).toEqual({ old: 'half a thought', new: '' });
  });

  it('picking another conversation: what is typed while it comes is its draft; Enter sends only what the person has seen', async () => {
    const summary = (id: string) => ({
      id,
      title: id,
      createdAt: 0,
      updatedAt: 0,
      messageCount: 0,
      turns: { questions: 0, answers: 0 },
    });
    for (const [theirs, sent] of [
      ['', true],
      ['their own words', false],
    ] as const) {
      useApp.setState({
        open: conversation('old', true),
        conversations: [summary('old'), summary('other')],
        drafts: { old: 'half a thought', other: theirs },
      });
      const { host, calls, settle } = slowHost('getConversation');
      const view = renderWithHost(<ChatPage />, host);
      fireEvent.click(screen.getByRole('button', { name: /^other/ }));
      const box = screen.getByRole('textbox', { name: 'Message' });
      await waitFor(() => expect((box as HTMLTextAreaElement).value).toBe(''));
      fireEvent.change(box, { target: { value: 'typed while it came' } });
      fireEvent.keyDown(box, { key: 'Enter' });
      settle().resolve(conversation('other'));
      await waitFor(() => expect(useApp.getState().open?.id).toBe('other'));
      await new Promise((r) => setTimeout(r, 50));
      const sends = calls.filter((c) => c.method === 'sendMessage').map((c) => c.args);
      // Never to the conversation that was still shown.
      expect(useApp.getState().drafts.old).toBe('half a thought');
      if (sent) {
        expect(sends).toEqual([['other', 'typed while it came', [], []]]);
        expect(useApp.getState().drafts.other).toBe('');
      } else {
        // It held words the person had not seen yet: nothing sent, both kept for them to read.
        expect(sends).toEqual([]);
        expect(useApp.getState().drafts.other).toBe('their own words\n\ntyped while it came');
      }
      view.unmount();
      useApp.setState(useApp.getInitialState(), true);
    }
  });

  it('what is typed while a New chat fails is kept in the conversation that stayed open', async () => {
    useApp.setState({ open: conversation('old'), drafts: { old: 'earlier' } });
    const { host, settle } = slowHost();
    renderWithHost(<Chat />, host);
    const box = await typeDuringNewChat('typed meanwhile');
    settle().reject(new Error('the disk is full'));
    await waitFor(() => expect(useApp.getState().error).toBe('the disk is full'));
    expect(useApp.getState().open?.id).toBe('old');
    expect((box as HTMLTextAreaElement).value).toBe('earlier\n\ntyped meanwhile');
  });
  it('Enter pressed twice while the host makes the conversation sends the message once (found by a review)', async () => {
    useApp.setState({ open: conversation('old') });
    const { host, calls, settle } = slowHost();
    renderWithHost(<Chat />, host);
    const box = await typeDuringNewChat('A fresh question');
    // Nothing seems to happen (the text stays in the box until it is sent): the person presses again.
    fireEvent.keyDown(box, { key: 'Enter' });
    fireEvent.keyDown(box, { key: 'Enter' });
    settle().resolve(conversation('new'));
    await waitFor(() => expect(useApp.getState().drafts.new).toBe(''));
    await new Promise((r) => setTimeout(r, 50));
    expect(calls.filter((c) => c.method === 'sendMessage')).toHaveLength(1);
  });
  it('another conversation picked while a New chat is made: it opens, what is typed goes to it, the New chat never opens over it', async () => {
    const summary = (id: string) => ({
      id,
      title: id,
      createdAt: 0,
      updatedAt: 0,
      messageCount: 0,
      turns: { questions: 0, answers: 0 },
    });
    useApp.setState({ open: conversation('old'), conversations: [summary('old'), summary('other')] });
    const settle: Record<string, (c: ConversationView) => void> = {};
    const { host, calls } = recordingHost({
      createConversation: () => new Promise<ConversationView>((r) => (settle.create = r)),
      getConversation: () => new Promise<ConversationView>((r) => (settle.get = r)),
    });
    renderWithHost(<ChatPage />, host);
    fireEvent.click(screen.getByRole('button', { name: 'New chat' }));
    fireEvent.click(screen.getByRole('button', { name: /^other/ }));
    const box = screen.getByRole('textbox', { name: 'Message' });
    fireEvent.change(box, { target: { value: 'for the other one' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    // Asked for once the drafts waiting are kept (a moment later).
    await waitFor(() => expect(settle.get).toBeDefined());
    settle.get!(conversation('other'));
    await waitFor(() => expect(useApp.getState().open?.id).toBe('other'));
    settle.create!(conversation('new'));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'sendMessage')?.args).toEqual([
        'other',
        'for the other one',
        [],
        [],
      ]),
    );
    await new Promise((r) => setTimeout(r, 50));
    expect(useApp.getState().open?.id).toBe('other');
    expect(useApp.getState().opening).toBeUndefined();
  });

  it('clicking the conversation already open opens nothing again (its Views stay)', async () => {
    const summary = {
      id: 'old',
      title: 'old',
      createdAt: 0,
      updatedAt: 0,
      messageCount: 0,
      turns: { questions: 0, answers: 0 },
    };
    useApp.setState({ open: conversation('old', false), conversations: [summary] });
    const { host, calls } = recordingHost({});
    renderWithHost(<ChatPage />, host);
    fireEvent.click(screen.getByRole('button', { name: /^old/ }));
    await new Promise((r) => setTimeout(r, 20));
    expect(calls.filter((c) => c.method === 'getConversation')).toEqual([]);
    expect(useApp.getState().open?.id).toBe('old');
  });
});

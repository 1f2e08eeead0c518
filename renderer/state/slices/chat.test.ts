import { afterEach, describe, expect, it } from 'vitest';
import type { ChatMessage } from '../../../shared/chat/conversation';
import { conversationView } from '../../test/conversationView';
import { useApp } from '../store';

afterEach(() => useApp.setState(useApp.getInitialState(), true));

const message = (i: number): ChatMessage => ({
  id: `m${i}`,
  role: i % 2 ? 'assistant' : 'user',
  at: i,
  blocks: [{ type: 'text', text: `message ${i}` }],
});
const range = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => message(from + i));
const ids = () => useApp.getState().open?.messages.map((m) => m.id);

/** The open conversation holds its messages from `from` on: older pages join before them. */
describe('the open conversation, a page at a time', () => {
  const open = () =>
    useApp.setState({
      open: conversationView('c1', {
        messages: range(200, 300),
        messageCount: 300,
        from: 200,
        earlier: { dollars: 2, unpriced: false },
      }),
    });

  it('an older page joins before the messages held, with what comes before it', () => {
    open();
    useApp.getState().addOlderMessages('c1', 200, {
      from: 100,
      messages: range(100, 200),
      earlier: { dollars: 1, unpriced: true },
    });
    expect(useApp.getState().open).toMatchObject({ from: 100, earlier: { dollars: 1, unpriced: true } });
    expect(ids()).toEqual(range(100, 300).map((m) => m.id));
  });

  it('a page that no longer fits (another conversation, already joined, not ending where they start) is dropped', () => {
    open();
    const { addOlderMessages } = useApp.getState();
    addOlderMessages('c2', 200, {
      from: 100,
      messages: range(100, 200),
      earlier: { dollars: 0, unpriced: false },
    });
    addOlderMessages('c1', 150, {
      from: 50,
      messages: range(50, 150),
      earlier: { dollars: 0, unpriced: false },
    });
    addOlderMessages('c1', 200, {
      from: 100,
      messages: range(100, 150),
      earlier: { dollars: 0, unpriced: false },
    });
    expect(useApp.getState().open?.from).toBe(200);
    expect(ids()).toEqual(range(200, 300).map((m) => m.id));
  });

  it('messages saved join at the end; a cut keeps positions: within what is held, or before it', () => {
    open();
    const { applyChatEvent } = useApp.getState();
    applyChatEvent({ conversationId: 'c1', kind: 'message', message: message(300) });
    expect(useApp.getState().open?.messageCount).toBe(301);
    applyChatEvent({ conversationId: 'c1', kind: 'truncated', count: 250 });
    expect(useApp.getState().open).toMatchObject({ from: 200, messageCount: 250 });
    expect(ids()).toEqual(range(200, 250).map((m) => m.id));
    // Before the first held: nothing held is left, and the pages before the cut are read again.
    applyChatEvent({ conversationId: 'c1', kind: 'truncated', count: 120 });
    expect(useApp.getState().open).toMatchObject({ from: 120, messageCount: 120, messages: [] });
  });
});

describe('chat notices', () => {
  it('a notice about a turn (its provider’s tool search refused) is said once, as the app’s notice', async () => {
    useApp
      .getState()
      .applyChatEvent({ conversationId: 'c1', kind: 'notice', text: 'The host’s own tool search is used.' });
    await Promise.resolve();
    expect(useApp.getState().notices.map((n) => n.text)).toEqual(['The host’s own tool search is used.']);
  });
});

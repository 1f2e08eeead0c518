// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { recordingHost } from '../test/render';
import { DRAFT_SAVE_MS, KEEP_WAIT_MS, syncDrafts } from './draftSync';
import { useApp } from './store';

const A = '11111111-1111-4111-8111-111111111111';
const B = '22222222-2222-4222-8222-222222222222';

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  vi.useRealTimers();
  useApp.setState(useApp.getInitialState(), true);
});

const saves = (calls: { method: string; args: unknown[] }[]) =>
  calls.filter((c) => c.method === 'saveDraft').map((c) => c.args);

describe('drafts kept with the host', () => {
  it('a draft is saved a moment after the last keystroke, once; a conversation on its way is not saved under its placeholder', async () => {
    const { host, calls } = recordingHost();
    const sync = syncDrafts(host, useApp);
    useApp.getState().setDraft(A, 'H');
    useApp.getState().setDraft(A, 'He');
    useApp.getState().setDraft(A, 'Hello');
    useApp.getState().setDraft(' opening conversation', 'typed while it comes');
    await vi.advanceTimersByTimeAsync(DRAFT_SAVE_MS - 50);
    expect(saves(calls)).toEqual([]);
    await vi.advanceTimersByTimeAsync(100);
    expect(saves(calls)).toEqual([[A, 'Hello']]);
    // Sent: the box is emptied, and so is the kept draft.
    useApp.getState().setDraft(A, '');
    await vi.advanceTimersByTimeAsync(DRAFT_SAVE_MS);
    expect(saves(calls)).toEqual([
      [A, 'Hello'],
      [A, ''],
    ]);
    sync.stop();
  });

  it('the host’s drafts fill the boxes after a (re)connect without being written back; what was typed here meanwhile wins', async () => {
    const { host, calls } = recordingHost();
    const sync = syncDrafts(host, useApp);
    useApp.getState().setDraft(B, 'typed here');
    sync.loaded({ [A]: 'kept on the host', [B]: 'older copy' });
    expect(useApp.getState().drafts).toEqual({ [A]: 'kept on the host', [B]: 'typed here' });
    await vi.advanceTimersByTimeAsync(DRAFT_SAVE_MS * 2);
    expect(saves(calls)).toEqual([[B, 'typed here']]);
    sync.stop();
  });

  it('a save lost with the connection is made again after the reconnect, though the text has not changed since', async () => {
    let answer: 'refuse' | 'never' | 'take' = 'refuse';
    const { host, calls } = recordingHost({
      saveDraft: () =>
        answer === 'refuse'
          ? Promise.reject(new Error('disconnected from Switchboard'))
          : answer === 'never'
            ? new Promise(() => {})
            : undefined,
    });
    const sync = syncDrafts(host, useApp);
    useApp.getState().setDraft(A, 'typed as the host went');
    useApp.getState().setDraft(B, 'typed into a closing socket');
    answer = 'refuse';
    await vi.advanceTimersByTimeAsync(DRAFT_SAVE_MS);
    answer = 'never';
    useApp.getState().setDraft(B, 'typed into a closing socket.');
    await vi.advanceTimersByTimeAsync(DRAFT_SAVE_MS);
    answer = 'take';
    const before = saves(calls).length;
    sync.loaded({});
    await vi.advanceTimersByTimeAsync(DRAFT_SAVE_MS);
    expect(saves(calls).slice(before)).toEqual([
      [A, 'typed as the host went'],
      [B, 'typed into a closing socket.'],
    ]);
    sync.stop();
  });

  it('a switch of conversation waits for the waiting drafts to be kept (New chat removes an empty conversation holding none)', async () => {
    let kept: (() => void) | undefined;
    const { host, calls } = recordingHost({
      saveDraft: () =>
        new Promise<void>((resolve) => {
          kept = resolve;
        }),
    });
    const sync = syncDrafts(host, useApp);
    useApp.getState().setDraft(A, 'typed a moment before New chat');
    const made = vi.fn(async () => {
      calls.push({ method: 'createConversation', args: [] });
      return { id: B } as never;
    });
    const switched = useApp.getState().switchTo(made);
    await vi.advanceTimersByTimeAsync(0);
    expect(calls.map((c) => c.method)).toEqual(['saveDraft']);
    kept?.();
    await switched;
    expect(calls.map((c) => c.method)).toEqual(['saveDraft', 'createConversation']);
    // A host that never answers holds the switch up only a moment.
    useApp.getState().setDraft(B, 'and here');
    const again = useApp.getState().switchTo(made);
    await vi.advanceTimersByTimeAsync(KEEP_WAIT_MS);
    await again;
    expect(made).toHaveBeenCalledTimes(2);
    sync.stop();
  });

  it('when the page goes (reload, close), every waiting draft is saved at once', async () => {
    const { host, calls } = recordingHost();
    const sync = syncDrafts(host, useApp);
    useApp.getState().setDraft(A, 'just typed');
    window.dispatchEvent(new Event('pagehide'));
    expect(saves(calls)).toEqual([[A, 'just typed']]);
    await vi.advanceTimersByTimeAsync(DRAFT_SAVE_MS * 2);
    expect(saves(calls)).toHaveLength(1);
    sync.stop();
  });
});

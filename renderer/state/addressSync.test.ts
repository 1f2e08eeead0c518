// @vitest-environment happy-dom
import { afterEach, beforeEach, expect, it } from 'vitest';
import type { ConversationView } from '../../shared/ipc/chatContract';
import { conversationView } from '../test/conversationView';
import { recordingHost } from '../test/render';
import { syncAddress } from './addressSync';
import { useApp } from './store';

const A = '11111111-1111-4111-8111-111111111111';
const B = '22222222-2222-4222-8222-222222222222';
const conversation = (id: string): ConversationView => conversationView(id);
const UNREADABLE = '33333333-3333-4333-8333-333333333333';
const host = () =>
  recordingHost({
    getConversation: (id) => {
      if (id === A || id === B) return conversation(id as string);
      if (id === UNREADABLE) throw new Error(`Cannot read conversation ${id}: EACCES`);
      throw new Error(`No conversation ${String(id)}`);
    },
  });

let stop: (() => void) | undefined;
beforeEach(() => window.history.replaceState(null, '', '/'));
afterEach(() => {
  stop?.();
  useApp.setState(useApp.getInitialState(), true);
});
const path = () => window.location.pathname;
/** popstate, as the browser sends it after back or forward. */
const back = async () => {
  window.history.back();
  await until(() => true, 10);
};
async function until(check: () => boolean, ms = 1000) {
  const end = Date.now() + ms;
  while (!check() && Date.now() < end) await new Promise((r) => setTimeout(r, 5));
}

it('pages and conversations opened push their addresses; back and forward open them again', async () => {
  const { host: h } = host();
  stop = syncAddress(h);
  expect(path()).toBe('/chats');
  await useApp.getState().setPane('servers');
  expect(path()).toBe('/servers');
  // A conversation opened from the palette: the page and the conversation at once.
  useApp.setState({ pane: 'chats', open: conversation(A) });
  expect(path()).toBe(`/chats/${A}`);
  await useApp.getState().setPane('logs');
  expect(path()).toBe('/logs');
  await back();
  await until(() => useApp.getState().pane === 'chats');
  expect(useApp.getState().pane).toBe('chats');
  expect(path()).toBe(`/chats/${A}`);
  await back();
  await until(() => useApp.getState().pane === 'servers');
  expect(useApp.getState().pane).toBe('servers');
  expect(path()).toBe('/servers');
  window.history.forward();
  await until(() => useApp.getState().pane === 'chats');
  expect(useApp.getState().open?.id).toBe(A);
  expect(path()).toBe(`/chats/${A}`);
});

it('back to another conversation opens it from the host, and the address stays where it went', async () => {
  const { host: h, calls } = host();
  stop = syncAddress(h);
  useApp.setState({ open: conversation(A) });
  useApp.setState({ open: conversation(B) });
  expect(path()).toBe(`/chats/${B}`);
  await back();
  await until(() => useApp.getState().open?.id === A);
  expect(useApp.getState().open?.id).toBe(A);
  expect(calls.filter((c) => c.method === 'getConversation').map((c) => c.args[0])).toEqual([A]);
  expect(path()).toBe(`/chats/${A}`);
});

it('an address opened (a reload) opens its page, or its conversation', async () => {
  window.history.replaceState(null, '', '/settings');
  stop = syncAddress(host().host);
  await until(() => useApp.getState().pane === 'settings');
  expect(useApp.getState().pane).toBe('settings');
  stop();
  useApp.setState(useApp.getInitialState(), true);
  window.history.replaceState(null, '', `/chats/${B}`);
  stop = syncAddress(host().host);
  await until(() => useApp.getState().open?.id === B);
  expect(useApp.getState().open?.id).toBe(B);
  expect(useApp.getState().pane).toBe('chats');
  expect(path()).toBe(`/chats/${B}`);
});

it('a conversation the host does not know is said so in plain words, and the list shown at its own address', async () => {
  const NO_SUCH =
    'No conversation at this address (deleted, or the address is not whole): here are the others.';
  for (const [address, asked] of [
    // Not even an id the host could have: not asked, and no checker's words ("Invalid UUID") shown.
    ['/chats/not-a-conversation', []],
    ['/chats/44444444-4444-4444-8444-444444444444', ['44444444-4444-4444-8444-444444444444']],
  ] as const) {
    window.history.replaceState(null, '', address);
    const { host: h, calls } = host();
    stop = syncAddress(h);
    await until(() => useApp.getState().notices.length > 0);
    expect(useApp.getState().notices.map((n) => n.text)).toEqual([NO_SUCH]);
    expect(calls.filter((c) => c.method === 'getConversation').map((c) => c.args[0])).toEqual(asked);
    expect(useApp.getState().open).toBeUndefined();
    expect(useApp.getState().pane).toBe('chats');
    expect(path()).toBe('/chats');
    stop();
    useApp.setState(useApp.getInitialState(), true);
  }
  // One that is there and cannot be read says why.
  window.history.replaceState(null, '', `/chats/${UNREADABLE}`);
  stop = syncAddress(host().host);
  await until(() => useApp.getState().notices.length > 0);
  expect(useApp.getState().notices[0]?.text).toBe(
    `The conversation at this address cannot be opened (Cannot read conversation ${UNREADABLE}: EACCES): here are the others.`,
  );
});

it('an address that is no page of the app says so, and shows Chats at its own address', () => {
  window.history.replaceState(null, '', '/nonsense');
  stop = syncAddress(host().host);
  expect(useApp.getState().notices.map((n) => n.text)).toEqual([
    'There is no page at /nonsense: here are your chats.',
  ]);
  expect(useApp.getState().pane).toBe('chats');
  expect(path()).toBe('/chats');
  // The Electron window's own file is the app's start, nothing amiss.
  stop();
  useApp.setState(useApp.getInitialState(), true);
  window.history.replaceState(null, '', '/index.html');
  stop = syncAddress(host().host);
  expect(useApp.getState().notices).toEqual([]);
});

it('an install link address is replaced by the page that previews it', () => {
  window.history.replaceState(null, '', '/install?link=x');
  useApp.setState({ pane: 'servers', openedLink: 'x' });
  stop = syncAddress(host().host);
  expect(path()).toBe('/servers');
  expect(window.location.search).toBe('');
});

it('a deleted conversation leaves history: its address is replaced by the list', async () => {
  const { host: h } = host();
  stop = syncAddress(h);
  useApp.setState({ open: conversation(A) });
  const length = window.history.length;
  useApp.setState({ open: undefined });
  expect(path()).toBe('/chats');
  expect(window.history.length).toBe(length);
});

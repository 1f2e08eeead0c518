import type { HostApi, HostArgs, HostEvent, HostMethod, HostResults } from '../shared/ipc/contract';
import type { CallId, CallMessage, ServerMessage } from '../shared/ipc/socketMessages';

/** How the renderer reaches the host: the Electron preload's bridge, or the browser shell's WebSocket. */
export interface HostConnection {
  call<M extends HostMethod>(method: M, ...args: HostArgs[M]): Promise<HostResults[M]>;
  onEvent(listener: (event: HostEvent) => void): () => void;
  onStatus(listener: (connected: boolean) => void): () => void;
}

/** What the Electron preload exposes: one named method per contract method, and events. */
type PreloadBridge = HostApi & { onEvent(listener: (event: HostEvent) => void): () => void };

declare global {
  interface Window {
    switchboard?: PreloadBridge;
  }
}

export function connectToHost(): HostConnection {
  const bridge = window.switchboard;
  return bridge ? fromPreload(bridge) : connectWebSocket();
}

function fromPreload(bridge: PreloadBridge): HostConnection {
  return {
    call: (method, ...args) => {
      const api: HostApi = bridge;
      return api[method](...args);
    },
    onEvent: (listener) => bridge.onEvent(listener),
    // IPC to main is there for as long as the window is.
    onStatus: (listener) => {
      queueMicrotask(() => listener(true));
      return () => {};
    },
  };
}

/** Said of a call made while the page is not connected: refused at once, never left waiting. */
export const DISCONNECTED = 'disconnected from Switchboard';

export function connectWebSocket(): HostConnection {
  // The session is a same-site cookie the server set when the one-time link was opened (it then
  // redirected to /, so the link is in neither the address bar nor history).
  const eventListeners = new Set<(e: HostEvent) => void>();
  const statusListeners = new Set<(c: boolean) => void>();
  const pending = new Map<CallId, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  let nextId = 1;
  let socket: WebSocket;
  let ready: Promise<void>;

  const open = () => {
    socket = new WebSocket(`${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/ws`);
    // Open: calls go. Closed before it opened (the shell is gone): the calls waiting for it fail.
    ready = new Promise((resolve, reject) => {
      socket.addEventListener('open', () => resolve(), { once: true });
      // (A browser says "close" after a failed connection; Node's WebSocket says only "error".)
      for (const failed of ['close', 'error'])
        socket.addEventListener(failed, () => reject(new Error(DISCONNECTED)), { once: true });
    });
    ready.catch(() => {});
    socket.addEventListener('open', () => {
      for (const l of statusListeners) l(true);
    });
    socket.addEventListener('message', (m) => {
      const data = JSON.parse(String(m.data)) as ServerMessage;
      if ('event' in data) {
        for (const l of eventListeners) l(data);
        return;
      }
      // id null: the server could not read a message as a call (ours always are).
      if (data.id === null) return;
      const p = pending.get(data.id);
      if (!p) return;
      pending.delete(data.id);
      if ('error' in data) p.reject(new Error(data.error));
      else p.resolve(data.result);
    });
    socket.addEventListener('close', () => {
      for (const l of statusListeners) l(false);
      for (const p of pending.values()) p.reject(new Error(DISCONNECTED));
      pending.clear();
      setTimeout(open, 1000);
    });
  };
  open();

  return {
    async call(method, ...args) {
      await ready;
      // Closed since (until the next try reconnects): a frame sent now would be dropped unsaid, and
      // the call would wait for an answer that never comes.
      if (socket.readyState !== WebSocket.OPEN) throw new Error(DISCONNECTED);
      const id = nextId++;
      const message: CallMessage<typeof method> = { id, method, args };
      return new Promise((resolve, reject) => {
        pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
        socket.send(JSON.stringify(message));
      });
    },
    onEvent(listener) {
      eventListeners.add(listener);
      return () => eventListeners.delete(listener);
    },
    onStatus(listener) {
      statusListeners.add(listener);
      return () => statusListeners.delete(listener);
    },
  };
}

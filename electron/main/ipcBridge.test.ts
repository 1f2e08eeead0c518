import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { HOST_METHODS } from '../../shared/ipc/contract';
import { APP_ORIGIN, channelOf, isAppTopFrame, registerHostHandlers } from './ipcBridge';

type Handler = (event: unknown, ...args: unknown[]) => Promise<unknown>;

/** Electron's ipcMain, as far as the wrapper uses it: the edge we replace in unit tests. */
function fakeIpcMain() {
  const handlers = new Map<string, Handler>();
  return {
    handlers,
    handle: (channel: string, h: Handler) => {
      if (handlers.has(channel)) throw new Error(`second handler for ${channel}`);
      handlers.set(channel, h);
    },
    removeHandler: (channel: string) => handlers.delete(channel),
  };
}

const mainFrame = { url: `${APP_ORIGIN}/index.html` };
const trusted = { sender: { mainFrame }, senderFrame: mainFrame };

describe('the IPC wrapper', () => {
  const calls: [string, unknown[]][] = [];
  const service = {
    invoke: async (m: string, a: unknown[]) => {
      calls.push([m, a]);
      return `ok:${m}`;
    },
  };

  it('registers exactly the contract’s methods, each once, and can remove them', () => {
    const ipc = fakeIpcMain();
    const { channels, dispose } = registerHostHandlers(ipc as never, service as never);
    expect(channels.sort()).toEqual(
      Object.keys(HOST_METHODS)
        .map((m) => channelOf(m as never))
        .sort(),
    );
    expect([...ipc.handlers.keys()].sort()).toEqual(channels.sort());
    dispose();
    expect(ipc.handlers.size).toBe(0);
  });

  it('calls the host with validated arguments from our top frame', async () => {
    const ipc = fakeIpcMain();
    registerHostHandlers(ipc as never, service as never);
    expect(await ipc.handlers.get(channelOf('restartServer'))!(trusted, 'github')).toBe('ok:restartServer');
    expect(calls.at(-1)).toEqual(['restartServer', ['github']]);
  });

  it('rejects a bad payload before the host sees it', async () => {
    const ipc = fakeIpcMain();
    registerHostHandlers(ipc as never, service as never);
    const before = calls.length;
    await expect(ipc.handlers.get(channelOf('setServerEnabled'))!(trusted, 'github', 'yes')).rejects.toThrow(
      /bad arguments at 1/,
    );
    await expect(ipc.handlers.get(channelOf('restartServer'))!(trusted)).rejects.toThrow(/bad arguments/);
    expect(calls.length).toBe(before);
  });

  it.each([
    ['a subframe of our page', { sender: { mainFrame }, senderFrame: { url: `${APP_ORIGIN}/x` } }],
    [
      'another origin in the top frame',
      { sender: { mainFrame: { url: 'https://evil.example/' } }, senderFrame: undefined },
    ],
    [
      'a page navigated elsewhere',
      (() => {
        const f = { url: 'https://evil.example/' };
        return { sender: { mainFrame: f }, senderFrame: f };
      })(),
    ],
    [
      'a file:// page',
      (() => {
        const f = { url: 'file:///tmp/x.html' };
        return { sender: { mainFrame: f }, senderFrame: f };
      })(),
    ],
    ['no frame at all', { sender: { mainFrame }, senderFrame: null }],
  ])('rejects a foreign sender: %s', async (_name, event) => {
    expect(isAppTopFrame(event as never)).toBe(false);
    const ipc = fakeIpcMain();
    registerHostHandlers(ipc as never, service as never);
    const before = calls.length;
    await expect(ipc.handlers.get(channelOf('listServers'))!(event)).rejects.toThrow(
      /not Switchboard's window/,
    );
    expect(calls.length).toBe(before);
  });

  it('inventory: nothing in the Electron shell calls ipcMain.handle/on except the wrapper', () => {
    const dir = path.join(__dirname);
    const offenders = readdirSync(dir)
      .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && f !== 'ipcBridge.ts')
      .filter((f) => /ipcMain\.(handle|on|once|handleOnce)\(/.test(readFileSync(path.join(dir, f), 'utf8')));
    expect(offenders).toEqual([]);
    const preload = readFileSync(path.join(__dirname, '../preload/index.ts'), 'utf8');
    expect(preload).not.toMatch(/exposeInMainWorld\([^)]*ipcRenderer\b(?!\.)/);
  });
});

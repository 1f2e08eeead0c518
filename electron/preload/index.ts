// The only bridge between the page and main: one named method per contract method, each invoking
// its own channel, and one event subscription. The page never sees ipcRenderer itself.
import { contextBridge, type IpcRendererEvent, ipcRenderer } from 'electron';
import { channelOf, EVENT_CHANNEL } from '../../shared/ipc/channels';
import { HOST_METHODS, type HostEvent, type HostMethod } from '../../shared/ipc/contract';

const methods = Object.fromEntries(
  (Object.keys(HOST_METHODS) as HostMethod[]).map((m) => [
    m,
    (...args: unknown[]) => ipcRenderer.invoke(channelOf(m), ...args),
  ]),
);

contextBridge.exposeInMainWorld('switchboard', {
  ...methods,
  onEvent(listener: (event: HostEvent) => void): () => void {
    const handler = (_e: IpcRendererEvent, event: HostEvent) => listener(event);
    ipcRenderer.on(EVENT_CHANNEL, handler);
    return () => ipcRenderer.removeListener(EVENT_CHANNEL, handler);
  },
});

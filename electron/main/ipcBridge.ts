import type { IpcMain, IpcMainInvokeEvent } from 'electron';
import { channelOf } from '../../shared/ipc/channels';
import { HOST_METHODS, type HostMethod, parseCall } from '../../shared/ipc/contract';
import type { HostService } from '../host/hostService';

export { channelOf, EVENT_CHANNEL } from '../../shared/ipc/channels';
/** The renderer's origin: everything else is a foreign sender. */
export const APP_ORIGIN = 'app://switchboard';

/** Only our own page's top frame, loaded from app://, may call the host. */
export function isAppTopFrame(event: Pick<IpcMainInvokeEvent, 'sender' | 'senderFrame'>): boolean {
  const frame = event.senderFrame;
  if (!frame || frame !== event.sender.mainFrame) return false;
  try {
    // URL.origin is "null" for custom schemes: compare scheme and host.
    const url = new URL(frame.url);
    return `${url.protocol}//${url.host}` === APP_ORIGIN;
  } catch {
    return false;
  }
}

/**
 * Registers every contract method, and only those, through this one wrapper: the sender is checked,
 * the arguments validated against the contract, and only then is the host called. Returns the
 * channels registered and a function that removes them.
 */
export function registerHostHandlers(
  ipcMain: Pick<IpcMain, 'handle' | 'removeHandler'>,
  service: Pick<HostService, 'invoke'>,
  isTrusted: (event: IpcMainInvokeEvent) => boolean = isAppTopFrame,
): { channels: string[]; dispose: () => void } {
  const channels: string[] = [];
  for (const method of Object.keys(HOST_METHODS) as HostMethod[]) {
    const channel = channelOf(method);
    ipcMain.handle(channel, async (event, ...args: unknown[]) => {
      if (!isTrusted(event)) throw new Error(`${method}: refused, the caller is not Switchboard's window`);
      const call = parseCall(method, args);
      if (!call.ok) throw new Error(call.error);
      return service.invoke(call.method, call.args);
    });
    channels.push(channel);
  }
  return {
    channels,
    dispose: () => {
      for (const c of channels) ipcMain.removeHandler(c);
    },
  };
}

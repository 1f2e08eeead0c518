// The Electron shell: one hardened window on the same host core as the browser shell.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { app, BrowserWindow, ipcMain, protocol, safeStorage, session, shell } from 'electron';
import { switchboardHome } from '../host/config/configFile';
import { Host } from '../host/host';
import { HostService } from '../host/hostService';
import { serveRenderer } from './appProtocol';
import { EVENT_CHANNEL, registerHostHandlers } from './ipcBridge';
import { SafeStorageSecretStore } from './safeStorageSecretStore';
import { createMainWindow } from './window';

const here = path.dirname(fileURLToPath(import.meta.url));

protocol.registerSchemesAsPrivileged([
  { scheme: 'app', privileges: { standard: true, secure: true, supportFetchAPI: true } },
]);

if (!app.requestSingleInstanceLock()) app.quit();

let host: Host | undefined;
let quitting = false;

async function start(): Promise<void> {
  await app.whenReady();
  session.defaultSession.setPermissionRequestHandler((_wc, _permission, callback) => callback(false));
  session.defaultSession.setPermissionCheckHandler(() => false);
  serveRenderer(protocol, path.join(here, '../renderer'));

  const home = process.env.SWITCHBOARD_HOME ? switchboardHome() : app.getPath('userData');
  // Launched from a desktop launcher, PATH lacks what the login shell adds (npx, uvx…).
  const fromLauncher = !process.env.TERM;
  host = await Host.create({
    home,
    secrets: SafeStorageSecretStore.inHome(safeStorage, home),
    resolveShellPath: fromLauncher && process.platform !== 'win32',
  });
  const service = new HostService(host);
  registerHostHandlers(ipcMain, service);
  const win = createMainWindow(BrowserWindow, shell, path.join(here, '../preload'));
  const unsubscribe = service.subscribe((event) => {
    if (!win.isDestroyed()) win.webContents.send(EVENT_CHANNEL, event);
  });
  // A closed window answers nothing: every pending consent is refused.
  win.on('closed', () => {
    unsubscribe();
    host?.consent.closeAll();
  });
  void host.registry.startAll();
}

app.on('second-instance', () => {
  const win = BrowserWindow.getAllWindows()[0];
  if (win) {
    if (win.isMinimized()) win.restore();
    win.focus();
  }
});
app.on('window-all-closed', () => app.quit());
// Quit only after every server has been shut down per the spec (no orphans).
app.on('before-quit', (event) => {
  if (quitting || !host) return;
  event.preventDefault();
  quitting = true;
  void host.shutdown().finally(() => app.quit());
});

start().catch((error: unknown) => {
  console.error(error);
  app.exit(1);
});

import path from 'node:path';
import type { BrowserWindow as BrowserWindowType, Shell } from 'electron';
import { APP_ORIGIN } from './ipcBridge';
import { frameMayNavigate } from './viewProtocol';

/** Opens only http(s) links, in the system browser; everything else is refused. */
export function openExternalSafely(shell: Pick<Shell, 'openExternal'>, url: string): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return false;
  void shell.openExternal(parsed.href);
  return true;
}

/** The one window, locked down: isolated, sandboxed, no node, no webviews, no navigation, no popups. */
export function createMainWindow(
  BrowserWindow: typeof BrowserWindowType,
  shell: Pick<Shell, 'openExternal'>,
  preloadDir: string,
  /** The page to open: the app, or the app with an install link's preview (installPage). */
  page = `${APP_ORIGIN}/index.html`,
): BrowserWindowType {
  const win = new BrowserWindow({
    width: 1280,
    height: 860,
    show: false,
    title: 'Switchboard',
    webPreferences: {
      // A sandboxed preload runs as a classic script: built as CommonJS.
      preload: path.join(preloadDir, 'index.cjs'),
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      webviewTag: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      spellcheck: false,
    },
  });
  win.webContents.on('will-navigate', (event, url) => {
    if (!url.startsWith(`${APP_ORIGIN}/`)) event.preventDefault();
  });
  // Sub-frames are server Views' sandboxes (MCP Apps): they stay there.
  win.webContents.on('will-frame-navigate', (details) => {
    if (!frameMayNavigate(details.url, details.isMainFrame)) details.preventDefault();
  });
  win.webContents.on('will-attach-webview', (event) => event.preventDefault());
  // WebRTC is outside CSP: no UDP that is not proxied (server Views cannot open peer connections
  // to undeclared hosts that way; the app itself uses none).
  win.webContents.setWebRTCIPHandlingPolicy('disable_non_proxied_udp');
  win.webContents.setWindowOpenHandler(({ url }) => {
    openExternalSafely(shell, url);
    return { action: 'deny' };
  });
  win.once('ready-to-show', () => win.show());
  void win.loadURL(page);
  return win;
}

// The Electron shell: one hardened window on the same host core as the browser shell.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { app, BrowserWindow, dialog, ipcMain, Menu, protocol, safeStorage, session, shell } from 'electron';
import { launchDetail } from '../../shared/host/launchText';
import { sandboxDetail } from '../../shared/host/sandboxText';
import { switchboardHome } from '../host/config/configFile';
import { DataDirInUse, lockDataDir } from '../host/dataDirLock';
import { keepProcessAlive } from '../host/faults/processGuard';
import { Host } from '../host/host';
import { runNodeBundlesWith } from '../host/install/bundles/bundleRuntime';
import { policyFilePath } from '../host/policy/managedPolicy';
import { serveRenderer } from './appProtocol';
import { installLinkIn, installPage, LINK_SCHEME, linkOpenedEvent } from './installLinks';
import { EVENT_CHANNEL, registerHostHandlers } from './ipcBridge';
import { SafeStorageSecretStore } from './safeStorageSecretStore';
import { guardViewNetwork } from './viewNetwork';
import { electronViewSandbox, serveViews, VIEW_SCHEME } from './viewProtocol';
import { createMainWindow } from './window';

const here = path.dirname(fileURLToPath(import.meta.url));

protocol.registerSchemesAsPrivileged([
  { scheme: 'app', privileges: { standard: true, secure: true, supportFetchAPI: true } },
  // Server Views' sandboxes: standard, so each View's host is an origin of its own.
  { scheme: VIEW_SCHEME, privileges: { standard: true, secure: true } },
]);

if (!app.requestSingleInstanceLock()) app.quit();
// switchboard:// links open the app's Add from link preview; nothing is installed from a link by itself.
app.setAsDefaultProtocolClient(LINK_SCHEME);
/** A link the OS gave before the window was up (macOS open-url, or this launch's argv). */
let pendingLink = installLinkIn(process.argv);
const openLink = (link: string) => {
  const win = BrowserWindow.getAllWindows()[0];
  if (!win) {
    pendingLink = link;
    return;
  }
  win.webContents.send(EVENT_CHANNEL, linkOpenedEvent(link));
  if (win.isMinimized()) win.restore();
  win.focus();
};
app.on('open-url', (event, url) => {
  event.preventDefault();
  openLink(url);
});
// As the browser shell: an error nobody handled is logged (traced to a server where it can be) and the
// app goes on; Electron's default shows a dialog and leaves main in an undefined state.
keepProcessAlive();

let host: Host | undefined;
let quitting = false;

async function start(): Promise<void> {
  await app.whenReady();
  session.defaultSession.setPermissionRequestHandler((_wc, _permission, callback) => callback(false));
  session.defaultSession.setPermissionCheckHandler(() => false);
  // Server Views' requests: a host that resolves to this machine or its network is refused.
  guardViewNetwork(session.defaultSession.webRequest);
  serveRenderer(protocol, path.join(here, '../renderer'));

  const home = process.env.SWITCHBOARD_HOME ? switchboardHome() : app.getPath('userData');
  // Launched from a desktop launcher, PATH lacks what the login shell adds (npx, uvx…).
  const fromLauncher = !process.env.TERM;
  // One app per data folder (the browser shell may have it): say so rather than run every server twice.
  try {
    await lockDataDir(home, 'Electron');
  } catch (error) {
    if (!(error instanceof DataDirInUse)) throw error;
    dialog.showErrorBox('Switchboard is already running', error.message);
    app.exit(3);
    return;
  }
  // The packaged app's RunAsNode fuse is off: Node bundles run with the Node on the PATH.
  if (app.isPackaged) runNodeBundlesWith('node');
  host = await Host.create({
    home,
    secrets: SafeStorageSecretStore.inHome(safeStorage, home),
    resolveShellPath: fromLauncher && process.platform !== 'win32',
    // A packaged app reads only the administrator's file: SWITCHBOARD_POLICY_FILE is for tests.
    ...(app.isPackaged
      ? { policyFile: policyFilePath({ ...process.env, SWITCHBOARD_POLICY_FILE: '' }) }
      : {}),
  });
  let win: BrowserWindow | undefined;
  const service = host.serve({
    pickDirectory: async () => {
      const picked = await dialog.showOpenDialog(win!, {
        title: 'Folder servers may see',
        properties: ['openDirectory'],
      });
      return picked.canceled ? undefined : picked.filePaths[0];
    },
    pickBundleFile: async () => {
      const picked = await dialog.showOpenDialog(win!, {
        title: 'Install an MCP bundle',
        filters: [{ name: 'MCP bundles', extensions: ['mcpb', 'dxt'] }],
        properties: ['openFile'],
      });
      return picked.canceled ? undefined : picked.filePaths[0];
    },
    pickFile: async () => {
      const picked = await dialog.showOpenDialog(win!, {
        title: 'A file for the bundle',
        properties: ['openFile'],
      });
      return picked.canceled ? undefined : picked.filePaths[0];
    },
    confirmLaunch: async (server, launch) => {
      const { response } = await dialog.showMessageBox(win!, {
        type: 'warning',
        title: 'Run this server?',
        message: `Run the server “${server}” on this computer?`,
        // What it may reach is part of what is trusted: sandboxed under which rules, or full rights.
        detail: `${launchDetail(launch)}\n${sandboxDetail(launch.sandbox)}`,
        buttons: ['Cancel', 'Trust and run'],
        defaultId: 0,
        cancelId: 0,
        noLink: true,
      });
      return response === 1;
    },
    confirmLaunches: async (launches) => {
      const { response } = await dialog.showMessageBox(win!, {
        type: 'warning',
        title: 'Run these servers?',
        message: `Run these ${launches.length} servers on this computer?`,
        detail: launches
          .map(
            ({ server, launch }) => `“${server}”:\n${launchDetail(launch)}\n${sandboxDetail(launch.sandbox)}`,
          )
          .join('\n\n'),
        buttons: ['Cancel', `Trust and run ${launches.length}`],
        defaultId: 0,
        cancelId: 0,
        noLink: true,
      });
      return response === 1;
    },
    confirmKeyDestination: async (from, to) => {
      const { response } = await dialog.showMessageBox(win!, {
        type: 'warning',
        title: 'Send your API key to a new address?',
        message: `Send the API key you entered for ${from} to ${to}?`,
        detail: `The base URL now points to ${to}. Whoever runs it will receive your key with every request. Choose Keep to enter a key for ${to} yourself instead.`,
        buttons: [`Keep it with ${from}`, `Send it to ${to}`],
        defaultId: 0,
        cancelId: 0,
        noLink: true,
      });
      return response === 1;
    },
    confirmFolder: async (directory, server) => {
      const { response } = await dialog.showMessageBox(win!, {
        type: 'question',
        title: 'Let servers see this folder?',
        message: `Let ${server === null ? 'every server' : `the server “${server}”`} see this folder?`,
        detail: directory,
        buttons: ['Cancel', 'Add folder'],
        defaultId: 0,
        cancelId: 0,
        noLink: true,
      });
      return response === 1;
    },
  });
  registerHostHandlers(ipcMain, service);
  // Server Views (MCP Apps): each on sbview://v<id>/, framed only by the app.
  serveViews(protocol, service.views);
  service.views.setSandbox(electronViewSandbox);
  Menu.setApplicationMenu(Menu.buildFromTemplate(standardMenu()));
  win = createMainWindow(
    BrowserWindow,
    shell,
    path.join(here, '../preload'),
    ...(pendingLink ? [installPage(pendingLink)] : []),
  );
  pendingLink = undefined;
  const window = win;
  const unsubscribe = service.subscribe((event) => {
    if (!window.isDestroyed()) window.webContents.send(EVENT_CHANNEL, event);
  });
  // A closed window answers nothing: every pending consent is refused.
  window.on('closed', () => {
    unsubscribe();
    host?.lastWindowClosed();
  });
  void host.start();
}

/** The platform's standard menus and shortcuts (edit, view, window), without a reload in production. */
function standardMenu(): Electron.MenuItemConstructorOptions[] {
  const mac = process.platform === 'darwin';
  return [
    ...(mac ? [{ role: 'appMenu' as const }] : [{ role: 'fileMenu' as const }]),
    { role: 'editMenu' },
    {
      label: 'View',
      submenu: [
        { role: 'resetZoom' },
        { role: 'zoomIn' },
        { role: 'zoomOut' },
        { type: 'separator' },
        { role: 'togglefullscreen' },
        ...(app.isPackaged ? [] : [{ role: 'toggleDevTools' as const }]),
      ],
    },
    { role: 'windowMenu' },
  ];
}

app.on('second-instance', (_event, argv) => {
  const link = installLinkIn(argv);
  if (link) return openLink(link);
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

// switchboard:// links the OS hands the Electron app (a second launch's argv on Windows and Linux,
// open-url on macOS): forwarded to the page's Add from link preview — at launch as the same
// /install?link=… address the browser shell serves, to an open window as an event (a reload would drop
// what the person was doing: a consent dialog waiting, a message being typed). Nothing here reads, installs or runs the link; the host parses it when the
// preview asks, and only the person's confirmation writes anything.
import type { HostEvent } from '../../shared/ipc/contract';
import { isAppPage } from '../../shared/ui/appAddress';
import { APP_ORIGIN } from './ipcBridge';

export const LINK_SCHEME = 'switchboard';

/** The first switchboard: link among a launch's arguments (argv[0] and flags are never one). */
export function installLinkIn(argv: readonly string[]): string | undefined {
  return argv.find((arg) => arg.toLowerCase().startsWith(`${LINK_SCHEME}:`));
}

/** The page that opens the app with the link's preview filled (nothing more). */
export function installPage(link: string): string {
  return `${APP_ORIGIN}/install?link=${encodeURIComponent(link)}`;
}

/**
 * The renderer file a path serves: the app's own pages (`/chats/<id>`, `/servers`, … and `/install`)
 * are the app itself, so a reload inside the window keeps the place.
 */
export function appPagePath(pathname: string): string {
  return isAppPage(pathname) ? '/index.html' : pathname;
}

/** What an open window is sent for a link: the page opens its preview without reloading. */
export const linkOpenedEvent = (link: string): HostEvent => ({
  event: 'installLinkOpened',
  payload: { link },
});

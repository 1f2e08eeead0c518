/**
 * The app's own addresses: each page has one, and each conversation (`/chats/<id>`), so a reload keeps
 * the place and back/forward move between places. Both shells serve the app's index.html for every one
 * of them (`/install?link=…` too, which opens Servers with the link's preview); the renderer reads
 * and writes them with the History API.
 */
export const PAGES = [
  'chats',
  'servers',
  'resources',
  'prompts',
  'roots',
  'logs',
  'activity',
  'settings',
] as const;
export type Page = (typeof PAGES)[number];

/** Where the app is: a page, and on Chats the conversation open (none: the list alone). */
export interface Place {
  page: Page;
  conversation?: string;
}

/** The path of each page: Folders is the person's word for roots. */
const PATHS: Record<Page, string> = {
  chats: '/chats',
  servers: '/servers',
  resources: '/resources',
  prompts: '/prompts',
  roots: '/folders',
  logs: '/logs',
  activity: '/activity',
  settings: '/settings',
};

/** Conversation ids are the host's UUIDs; anything else in `/chats/<id>` is not an address of ours. */
const CONVERSATION_ID = /^[A-Za-z0-9_-]{1,100}$/;

export function addressOf(place: Place): string {
  if (place.page === 'chats' && place.conversation !== undefined)
    return `/chats/${encodeURIComponent(place.conversation)}`;
  return PATHS[place.page];
}

/** The place a path names (`/` is Chats), or undefined for a path that is not one of the app's pages. */
export function placeAt(pathname: string): Place | undefined {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (path === '/') return { page: 'chats' };
  const chat = /^\/chats\/([^/]+)$/.exec(path);
  if (chat) {
    const id = chat[1]!;
    return CONVERSATION_ID.test(id) ? { page: 'chats', conversation: id } : undefined;
  }
  const page = PAGES.find((p) => PATHS[p] === path);
  return page ? { page } : undefined;
}

/** Whether a path is served as the app itself (index.html): its pages and the install-link entry. */
export function isAppPage(pathname: string): boolean {
  return pathname === '/install' || placeAt(pathname) !== undefined;
}

/**
 * A path that is no page of the app and names no file (its last part has no extension, as every file
 * of the build has): answered by the app itself, as a 404, which says there is nothing there and
 * shows Chats — never a bare "not found" without the app around it.
 */
export function isMissingPage(pathname: string): boolean {
  return !isAppPage(pathname) && !/\.[^/]*$/.test(pathname);
}

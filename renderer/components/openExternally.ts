/**
 * Opens a link outside the app: a new tab in the browser shell, the system browser in Electron
 * (which routes window.open there). No opener and no referrer go with it.
 */
export const openExternally = (url: string) => void window.open(url, '_blank', 'noopener,noreferrer');

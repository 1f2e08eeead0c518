import type { HostMethod } from './contract';

// The Electron IPC channels, named once for main (which handles them) and the preload (which calls them).

/** The channel a contract method is invoked on. */
export const channelOf = (method: HostMethod): string => `switchboard:${method}`;
/** The one channel the host's events reach the page on. */
export const EVENT_CHANNEL = 'switchboard:event';

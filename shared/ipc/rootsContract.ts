// biome-ignore-all lint/suspicious/noConfusingVoidType: a result type is what the method's promise resolves to; void is exactly that.
import { z } from 'zod';
import { path, serverId } from './argumentSchemas';

/** The folders servers may see: the global list and each server's own. */
export const ROOTS_METHODS = {
  getRoots: z.tuple([]),
  addRoot: z.tuple([path, serverId.nullable()]),
  removeRoot: z.tuple([path, serverId.nullable()]),
  /** The server follows the global list again. */
  useGlobalRoots: z.tuple([serverId]),
  /** The native folder dialog (Electron); the browser shell has none and says so. */
  pickRootDirectory: z.tuple([serverId.nullable()]),
  /** The in-app folder browser (browser shell only): the sub-folders of a folder (null: home). */
  listDirectory: z.tuple([path.nullable()]),
} as const;

export interface RootsView {
  global: string[];
  servers: Record<string, string[]>;
  /** Whether this shell has a native folder dialog (else the in-app browser is used). */
  nativePicker: boolean;
}
export interface DirectoryListing {
  path: string;
  parent: string | null;
  directories: string[];
  /** More sub-folders than were listed. */
  truncated: boolean;
}

export interface RootsResults {
  getRoots: RootsView;
  addRoot: string;
  removeRoot: void;
  useGlobalRoots: void;
  /** The folder added, or null when the person cancelled the dialog. */
  pickRootDirectory: string | null;
  listDirectory: DirectoryListing;
}

export interface RootsEvents {
  rootsChanged: RootsView;
}

import type { ServerConfig } from '../../config/serverConfig';

/** Whose install-link format a link is written in. */
export type LinkFormat = 'switchboard' | 'vscode' | 'vscode-insiders' | 'cursor' | 'lmstudio' | 'goose';

export const LINK_APPS: Record<LinkFormat, string> = {
  switchboard: 'Switchboard',
  vscode: 'VS Code',
  'vscode-insiders': 'VS Code Insiders',
  cursor: 'Cursor',
  lmstudio: 'LM Studio',
  goose: 'Goose',
};

/** What the caller knows about where the link came from (the OS, a paste, a web page…), passed through. */
export interface LinkContext {
  from?: string;
}

interface LinkOrigin {
  format: LinkFormat;
  /** The app whose format it is, as a person reads it: "VS Code", "Goose". */
  app: string;
  /** The caller's own words about where the link came from, unchanged. */
  from?: string;
}

/** An env variable or header of a drafted server. */
export interface LinkValueRef {
  field: 'env' | 'headers';
  name: string;
}

/** One server a link would add: nothing is written, started or fetched. */
export interface LinkServer {
  /** In the config file's shape; `raw` is its entry as it would be written under `mcpServers`. */
  config: ServerConfig;
  /** Goose links carry one; shown, never trusted. */
  description?: string;
  /** Values under secret-looking names (API_KEY, Authorization…): the link carries them in plain text, so they are shown. */
  secretLooking: LinkValueRef[];
  /** Values the person must fill in before it can start: placeholders, VS Code inputs, Goose's env prompts. */
  needsValue: (LinkValueRef & { hint?: string })[];
  warnings: string[];
}

export type LinkInstall =
  | { kind: 'servers'; servers: LinkServer[] }
  /** A Switchboard link naming a server in the registry: the caller looks it up (nothing here fetches). */
  | { kind: 'registry'; name: string; version?: string };

export interface LinkPreview {
  origin: LinkOrigin;
  install: LinkInstall;
  /** About the link as a whole. */
  warnings: string[];
}

export type LinkResult = { ok: true; preview: LinkPreview } | { ok: false; error: string };

/** A link refused, saying what was wrong with it. Thrown inside the parsers, returned by parseInstallLink. */
export class LinkError extends Error {}

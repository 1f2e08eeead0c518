import type { ServerRefusal } from './serverView';

/** One value of a server a link would add (an env variable or a header), as the preview shows it. */
interface LinkValueView {
  name: string;
  value: string;
  /** Under a secret-looking name (API_KEY, Authorization…): the link carried it in plain text. */
  secretLooking: boolean;
  /** A placeholder or prompt the person must replace before it can start; `hint` says what goes there. */
  needsValue: boolean;
  hint?: string;
}

/** One server a link would add, exactly as it would be written. */
export interface LinkServerView {
  name: string;
  kind: 'stdio' | 'remote';
  /** Local: the program and its arguments, each as written. */
  command?: string;
  args?: string[];
  cwd?: string;
  /** Remote: where it connects. */
  url?: string;
  /** `env` for a local command, `headers` for a remote server. */
  field: 'env' | 'headers';
  values: LinkValueView[];
  description?: string;
  warnings: string[];
  /** A server of that name is configured already: it cannot be added under it. */
  exists: boolean;
  /** The managed policy would refuse it: it can be added, but will not start. */
  refused?: ServerRefusal;
}

/** What the host read from a pasted or opened install link. Nothing is written until it is confirmed. */
export type LinkPreviewView =
  | { ok: false; error: string }
  | {
      ok: true;
      planId: string;
      /** "VS Code": whose install-link format it is. */
      app: string;
      /** Where the link came from, when the caller knows (a browser tab, the OS). */
      from?: string;
      warnings: string[];
      /** The servers to add, or a registry entry to open in Browse. */
      servers: LinkServerView[];
      registry?: { name: string; version?: string };
    };

/** The person's answers to the preview: values typed, and which values go to the secret store. */
export interface LinkConfirmation {
  /** server → value name → what the person typed (only values the link left to fill, or changed). */
  values: Record<string, Record<string, string>>;
  /** server → names of values to keep in the secret store rather than config.json. */
  secret: Record<string, string[]>;
}

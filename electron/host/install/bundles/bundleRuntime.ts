import { homedir } from 'node:os';
import path from 'node:path';

/**
 * Where a bundle is about to run: the program that runs Switchboard (which runs Node bundles: in
 * Electron, the app's own binary with ELECTRON_RUN_AS_NODE=1), the platform, and the person's folders
 * that manifests name as `${HOME}`, `${DESKTOP}`, `${DOCUMENTS}` and `${DOWNLOADS}`.
 */
export interface BundleRuntime {
  /** The Node that runs Node bundles (`node` in a manifest's mcp_config). */
  execPath: string;
  /**
   * `execPath` is an Electron binary: it runs as Node only with ELECTRON_RUN_AS_NODE=1 in the
   * environment — and only where its RunAsNode fuse is on, which scripts/afterPack.mjs turns off in
   * the packaged app. There, pass another Node as `execPath` (with `electron: false`).
   */
  electron: boolean;
  platform: NodeJS.Platform;
  home: string;
  /** The person's own folders (Electron's app.getPath knows them); absent: HOME/Desktop and so on. */
  desktop?: string;
  documents?: string;
  downloads?: string;
}

/** Set in the packaged app: the program Node bundles run with instead of the app's own binary. */
let nodeForBundles: string | undefined;

/**
 * The packaged app cannot run as Node (its RunAsNode fuse is off, scripts/afterPack.mjs, so that no one
 * can use the signed app as a Node interpreter): there Node bundles run with `program` — `node` from
 * the PATH servers start with; a machine without Node says so when the server starts.
 */
export function runNodeBundlesWith(program: string | undefined): void {
  nodeForBundles = program;
}

export function currentRuntime(): BundleRuntime {
  return {
    execPath: nodeForBundles ?? process.execPath,
    electron: nodeForBundles === undefined && process.versions.electron !== undefined,
    platform: process.platform,
    home: homedir(),
  };
}

/** The variables every manifest string may use (besides `${user_config.*}`), for the bundle in `dir`. */
export function systemVariables(runtime: BundleRuntime, dir: string): Record<string, string> {
  const sep = runtime.platform === 'win32' ? '\\' : '/';
  const under = (name: string) => path.join(runtime.home, name);
  return {
    __dirname: dir,
    HOME: runtime.home,
    DESKTOP: runtime.desktop ?? under('Desktop'),
    DOCUMENTS: runtime.documents ?? under('Documents'),
    DOWNLOADS: runtime.downloads ?? under('Downloads'),
    pathSeparator: sep,
    '/': sep,
  };
}

const VARIABLE = /\$\{([^}]+)\}/g;

/** The `${…}` names in `text`, in order. */
export const variablesIn = (text: string): string[] => [...text.matchAll(VARIABLE)].map((m) => m[1]!);

/**
 * `text` with each `${name}` replaced by `lookup(name)`. A name lookup does not know stays as written
 * (as mcpb's own replaceVariables leaves it): it may be meant literally.
 */
export function substitute(text: string, lookup: (name: string) => string | undefined): string {
  return text.replace(VARIABLE, (whole, name: string) => lookup(name) ?? whole);
}

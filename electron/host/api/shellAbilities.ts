import type { LaunchSummary } from '../../../shared/host/serverView';

/** What a shell can do natively, beyond its page: the host asks it where the page's word is not enough. */
export interface ShellAbilities {
  /** The shell's native folder picker (Electron). */
  pickDirectory?: () => Promise<string | undefined>;
  /** The shell's native file dialog for a .mcpb bundle (Electron); the path it picked. */
  pickBundleFile?: () => Promise<string | undefined>;
  /** The shell's native file picker, for a bundle's file setting (Electron). */
  pickFile?: () => Promise<string | undefined>;
  /** Secrets the shell keeps for itself in the host's store (the browser shell's session key): not the person's. */
  ownSecrets?: string[];
  /** The in-app folder browser may list folders (the browser shell, which has no native dialog). */
  browseDirectories?: boolean;
  /**
   * A confirmation the renderer cannot answer (Electron: a native dialog showing the exact command).
   * Without it, the page's trust prompt is the confirmation: the browser shell's page holds the
   * token, so it is the person's own.
   */
  confirmLaunch?: (server: string, launch: LaunchSummary) => Promise<boolean>;
  /** The same for many servers at once, in one list (Electron: one native dialog). */
  confirmLaunches?: (launches: { server: string; launch: LaunchSummary }[]) => Promise<boolean>;
  /**
   * A confirmation the renderer cannot answer, to send the API key stored for one origin to another
   * (Electron: a native dialog). Without it the key stays bound to the origin it was entered for and
   * the person enters it again for the new one.
   */
  confirmKeyDestination?: (from: string, to: string) => Promise<boolean>;
  /**
   * A confirmation the renderer cannot answer before a typed folder path becomes a root (Electron:
   * a native dialog naming the folder). Without it (the browser shell), the page is the person's own.
   */
  confirmFolder?: (directory: string, server: string | null) => Promise<boolean>;
}

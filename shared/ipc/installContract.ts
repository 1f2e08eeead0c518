import { z } from 'zod';
import type { LinkPreviewView } from '../host/linkView';
import type {
  PrepareInstallResult,
  RegistryPageView,
  RuntimeCheckView,
  ValidEntryView,
} from '../host/registryView';
import { sandboxChoice } from '../host/sandboxRules';
import { serverId } from './argumentSchemas';

/** A value typed into an install form: one, or one per line for a repeated argument. */
const installValue = z.union([z.string().max(65_536), z.array(z.string().max(65_536)).max(100)]);
/** An entry's name in the registry (`io.github.user/weather`; the schema allows 200 characters). */
const entryName = z.string().min(1).max(200);

/**
 * Installing servers from the MCP Registry (Servers → Browse). Nothing here runs anything: a
 * confirmed install is written to config.json like a hand-added server, and a local one then waits
 * for the same trust prompt before it runs.
 */
export const INSTALL_METHODS = {
  /** A page of the registry in Settings (or SWITCHBOARD_REGISTRY_URL); `browseId` of the page before for "More". */
  browseRegistry: z.tuple([
    z.object({ search: z.string().max(200), browseId: z.string().uuid().nullable() }).strict(),
  ]),
  /** One entry's latest version, resolved to a concrete one. */
  getRegistryEntry: z.tuple([entryName]),
  /**
   * The first of an entry's icons (by the ids its view gave, in the page's order of preference) the host
   * could fetch and show, as a data: URL; null when none.
   */
  registryIcon: z.tuple([
    z
      .array(z.string().regex(/^[A-Za-z0-9_-]{1,64}$/))
      .min(1)
      .max(16),
  ]),
  /** Whether the program a package choice runs is on the PATH servers start with. */
  checkRuntime: z.tuple([z.enum(['npx', 'uvx', 'docker', 'dnx'])]),
  /**
   * The server a choice of the entry's latest version installs with these values, under `name`: what it
   * will run or connect to, for the person to confirm. Nothing is written or stored yet.
   */
  prepareInstall: z.tuple([
    z
      .object({
        entry: entryName,
        choice: z.string().min(1).max(200),
        values: z.record(z.string().max(500), installValue),
        name: serverId,
      })
      .strict(),
  ]),
  /** The person confirmed the preview: its secrets go to the secret store, the server to config.json. */
  /** With the review step's sandbox answer for a local server (absent: confined by the defaults). */
  confirmInstall: z.tuple([z.string().uuid(), sandboxChoice.optional()]),
  /**
   * An install link (switchboard://, vscode:, cursor://, lmstudio://, goose://) read by the host into a
   * preview: whose format it is, each server exactly as it would be written. Nothing is written or run.
   */
  previewLink: z.tuple([
    z.object({ link: z.string().max(70_000), from: z.string().max(200).nullable() }).strict(),
  ]),
  /** The person confirmed a link's preview: its servers are added like hand-added ones. */
  confirmLink: z.tuple([
    z.string().uuid(),
    z
      .object({
        values: z.record(serverId, z.record(z.string().max(500), z.string().max(65_536))),
        secret: z.record(serverId, z.array(z.string().max(500)).max(200)),
        /** Each local server's sandbox answer (absent: confined by the defaults). */
        sandbox: z.record(serverId, sandboxChoice).optional(),
      })
      .strict(),
  ]),
} as const;

export interface InstallEvents {
  /**
   * The system handed the app an install link while it was open (Electron: a switchboard: link from a
   * browser). Only its preview opens — on Servers, beside whatever the person was doing, which stays.
   */
  installLinkOpened: { link: string };
}

export interface InstallResults {
  browseRegistry: RegistryPageView;
  getRegistryEntry: ValidEntryView;
  /** A data: URL (a raster image), or null. */
  registryIcon: string | null;
  checkRuntime: RuntimeCheckView;
  prepareInstall: PrepareInstallResult;
  /** The server as named in config.json. */
  confirmInstall: { server: string };
  previewLink: LinkPreviewView;
  /** The servers as named in config.json. */
  confirmLink: { servers: string[] };
}

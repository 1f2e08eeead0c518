// What Servers → Browse shows of the MCP Registry, as the host sends it: entries read against the
// official schema (electron/host/install/registry), their ways to install, and an install's preview.
// Every text here is the publisher's: the page shows it as text (SafeText), never as markup.
import type { LaunchSummary, ServerRefusal } from './serverView';

type RegistryStatusView = 'active' | 'deprecated' | 'deleted';

/** What the registry itself says of an entry (absent: it did not say). */
interface RegistryOfficialView {
  status?: RegistryStatusView;
  statusMessage?: string;
  statusChangedAt?: string;
  publishedAt?: string;
  updatedAt?: string;
  isLatest?: boolean;
}

/** One value the person fills in before installing (an argument, env variable, header or URL variable). */
export interface InstallFieldView {
  /** Where it sits in server.json; the key its value is sent back under. */
  key: string;
  label: string;
  target: 'argument' | 'env' | 'header' | 'url';
  description?: string;
  format: 'string' | 'number' | 'boolean' | 'filepath';
  required: boolean;
  /** Kept in the secret store, never in config.json: typed in a password field. */
  secret: boolean;
  /** Several values, one per line. */
  repeated: boolean;
  default?: string;
  choices?: string[];
  placeholder?: string;
}

interface ChoiceBase {
  /** `packages/0`, `remotes/1`. */
  id: string;
  label: string;
  /** What installing runs or connects to, in a sentence. */
  summary: string;
}
export type InstallChoiceView =
  | (ChoiceBase & {
      kind: 'package';
      registryType: string;
      runtime: RuntimeName;
      preview: { command: string; args: string[] };
      fields: InstallFieldView[];
    })
  | (ChoiceBase & { kind: 'remote'; transport: 'http' | 'sse'; url: string; fields: InstallFieldView[] })
  | (ChoiceBase & { kind: 'bundle'; url: string; fileSha256: string; fields: InstallFieldView[] })
  | (ChoiceBase & { kind: 'unavailable'; reasons: string[] });

/** One icon of an entry: the id to ask the host for it by, and what the entry says it suits. */
export interface RegistryIconView {
  id: string;
  /** Drawn for a light or a dark background; absent: either. */
  theme?: 'light' | 'dark';
  /** `48x48`, `any`. */
  sizes?: string[];
}

export type RegistryEntryView =
  | {
      valid: true;
      registryUrl: string;
      name: string;
      version: string;
      title: string;
      description: string;
      /** http(s) only. */
      websiteUrl?: string;
      /** Its url http(s) only. */
      repository?: { url: string; source: string; subfolder?: string };
      /** The entry's https icons, fetched by the host on asking (`registryIcon`) by id. */
      icons: RegistryIconView[];
      official: RegistryOfficialView;
      choices: InstallChoiceView[];
      /** A name for config.json (the entry name's last part). */
      suggestedName: string;
      /** The servers the host installed from this entry (by its own record), if any. */
      installed?: InstalledAsView[];
    }
  | { valid: false; registryUrl: string; name?: string; version?: string; reasons: string[] };

/** A configured server installed from an entry: the version it was installed at, and whether this one is newer. */
export interface InstalledAsView {
  server: string;
  version: string;
  update: boolean;
}

export type ValidEntryView = Extract<RegistryEntryView, { valid: true }>;

/** One page of Browse. */
export interface RegistryPageView {
  registryUrl: string;
  /** Pass back for the next page ("More"). */
  browseId: string;
  entries: RegistryEntryView[];
  /** More pages are left. */
  more: boolean;
}

/** Whether the program a local install runs is on the PATH servers start with. */
/** The programs registry packages are run with. */
type RuntimeName = 'npx' | 'uvx' | 'docker' | 'dnx';

export type RuntimeCheckView =
  | { ok: true; path: string }
  | { ok: false; runtime: RuntimeName; message: string };

/** What installing would write and run, shown before the person confirms; no secret value in it. */
export type InstallPreview = {
  planId: string;
  /** The server's name in config.json. */
  name: string;
  /** The entry and the concrete version it comes from (recorded in config.json). */
  origin: { registryUrl: string; name: string; version: string; choice: string };
  /** Secret values that go to the secret store when confirmed (by where they go). */
  secrets: string[];
  /** The managed policy would refuse it: it can be added, but will not start. */
  refused?: ServerRefusal;
} & (
  | { kind: 'stdio'; launch: LaunchSummary; runtime?: RuntimeCheckView }
  | {
      kind: 'remote';
      url: string;
      transport: 'http' | 'sse';
      headers: ({ name: string; value: string } | { name: string; secret: true })[];
    }
);

export type PrepareInstallResult =
  | ({ ok: true } & InstallPreview)
  | { ok: false; problems: { field?: string; message: string }[] };

// What the page sees of an MCP bundle (.mcpb) being installed: its manifest's facts, its signature
// said plainly, what it runs, and the form of its settings. Every text here is the bundle's own: the
// page shows it as text (SafeText), never as markup. No secret value is ever in these views.
import type { LaunchSummary, ServerRefusal } from './serverView';

/** Who signed the bundle (see electron/host/install/bundles/bundleSignature.ts). */
export type BundleSignatureView =
  | { status: 'unsigned' }
  | {
      /** signed: by a certificate this computer trusts; self-signed: proves nothing about who. */
      status: 'signed' | 'self-signed' | 'untrusted';
      publisher: string;
      issuer: string;
      validFrom: string;
      validTo: string;
      fingerprint: string;
    };

type BundleFieldType = 'string' | 'number' | 'boolean' | 'directory' | 'file';
type BundleFieldValue = string | number | boolean | string[];

/** One `user_config` setting, as the form asks for it. */
export interface BundleFieldView {
  key: string;
  type: BundleFieldType;
  title: string;
  description: string;
  required: boolean;
  /** A password field; the value goes to the secret store, never into config.json. */
  sensitive: boolean;
  /** Several folders or files, one per line. */
  multiple: boolean;
  min?: number;
  max?: number;
  default?: BundleFieldValue;
}

/** Where the bundle file came from. */
export type BundleSourceView =
  | { kind: 'file'; file: string }
  | { kind: 'registry'; url: string; entry: string; version: string };

/** An opened bundle: checked, unpacked, not run, not in config.json. */
export interface BundlePreviewView {
  planId: string;
  name: string;
  displayName?: string;
  version: string;
  author: string;
  description: string;
  source: BundleSourceView;
  sha256: string;
  /** True when the file was checked against the SHA-256 the registry lists. */
  sha256Checked: boolean;
  signature: BundleSignatureView;
  /** What it runs, each setting still written as `${user_config.KEY}` (absent: it depends on them). */
  template?: LaunchSummary;
  form: BundleFieldView[];
  /** A name for config.json. */
  suggestedName: string;
}

/** Why a bundle was refused: the library's BundleProblem code, and the sentence for the person. */
interface BundleRefusal {
  ok: false;
  problem: string;
  message: string;
}

export type BundleOpened = ({ ok: true } & BundlePreviewView) | BundleRefusal;

/** The server a bundle makes with the values typed: exactly what will be written and run. */
export type BundleServerPreview =
  | {
      ok: true;
      name: string;
      launch: LaunchSummary;
      secrets: string[];
      /** Why the managed policy would refuse it, judged as the written server will be. */
      refused?: ServerRefusal;
    }
  | { ok: false; problems: { field?: string; message: string }[] };

/** What this window can do for bundles. */
export interface BundleAbilitiesView {
  /** The shell's native file dialog opens bundles (Electron); else the page uploads the file. */
  nativeFilePicker: boolean;
  /** Folder and file settings have native pickers (Electron). */
  nativePathPicker: boolean;
  /** The in-app folder browser may list folders (the browser shell). */
  folderBrowser: boolean;
  /** The largest file the page may upload. */
  maxUploadBytes: number;
  /** The size of one uploaded piece. */
  chunkBytes: number;
}

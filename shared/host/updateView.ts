// What the Servers page shows of a registry server's updates, as the host sends it: whether the
// registry has a newer version, and an update's preview — the launch now and after, side by side,
// with no secret value in either.
import type { InstallFieldView, RuntimeCheckView } from './registryView';
import type { LaunchEnv, LaunchSummary, ServerRefusal } from './serverView';

export type ServerUpdateView =
  /** Not installed from a registry (or its record in config.json is broken). */
  | { state: 'none' }
  | { state: 'current'; version: string }
  | { state: 'available'; from: string; to: string; entry: string }
  /** The registry could not be asked or did not answer well: said quietly, with why for a tooltip. */
  | { state: 'unknown'; version: string; reason: string };

/** What a server runs or connects to, as its trust prompt would show it. */
export type LaunchView =
  | { kind: 'stdio'; launch: LaunchSummary }
  | { kind: 'remote'; url: string; transport: 'http' | 'sse' | 'auto'; headers: LaunchEnv[] };

export interface UpdatePreview {
  planId: string;
  server: string;
  /** The entry and its registry. */
  entry: string;
  registryUrl: string;
  from: string;
  to: string;
  before: LaunchView;
  after: LaunchView;
  /** For a local server: whether its program is on the PATH servers start with. */
  runtime?: RuntimeCheckView;
  /** The fields whose earlier value or stored secret is carried over (their labels). */
  kept: string[];
  /** Secrets typed now, which go to the secret store (by where they go). */
  secrets: string[];
  /** Why the managed policy would refuse the new launch, judged as the written server will be. */
  refused?: ServerRefusal;
}

export type PrepareUpdateResult =
  | ({ ok: true } & UpdatePreview)
  | {
      ok: false;
      server: string;
      from: string;
      to: string;
      problems: { field?: string; message: string }[];
      /** The new version's form, to fill what it needs now. */
      fields: InstallFieldView[];
      /** Keys of fields already carried over (left empty in the form: kept unless typed). */
      kept: string[];
    };

/**
 * A server as the edit form sends it. Secret values travel only toward the host: a value marked
 * secret is stored in the SecretStore and the config keeps a reference; the form gets back
 * `{ secret: true }` without the value, and sends the same to keep it unchanged.
 */
export type DraftValue =
  | { value: string; secret?: false }
  | { value: string; secret: true }
  | { secret: true; keep: true };

interface DraftCommon {
  disabled?: boolean;
  requestTimeoutMs?: number;
  maxTotalTimeoutMs?: number;
}
export interface StdioDraft extends DraftCommon {
  kind: 'stdio';
  command: string;
  args: string[];
  cwd?: string;
  env: Record<string, DraftValue>;
}
export interface RemoteDraft extends DraftCommon {
  kind: 'remote';
  url: string;
  type: 'http' | 'sse' | 'auto';
  headers: Record<string, DraftValue>;
}
export type ServerDraft = StdioDraft | RemoteDraft;

/** The import choices: which servers, and the values the person typed for each input prompt. */
export interface ImportSelection {
  servers: string[];
  /** By SecretPrompt id: the input values (a VS Code input id inside a template maps here by prompt id). */
  inputs: Record<string, Record<string, string>>;
}

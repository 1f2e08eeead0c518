// biome-ignore-all lint/suspicious/noConfusingVoidType: a result type is what the method's promise resolves to; void is exactly that.
import { z } from 'zod';
import {
  type ImportPreview,
  type ImportSelection,
  type ImportSource,
  type ServerDraft,
  serverDraftSchema,
} from '../host/serverDraft';
import type { ServerRefusal } from '../host/serverView';
import { path, serverId, stringArguments } from './argumentSchemas';

const importSource = z.enum(['claude-desktop', 'cursor', 'vscode']) satisfies z.ZodType<ImportSource>;
const importSelection = z.object({
  servers: z.array(serverId).max(1000),
  inputs: z.record(z.string(), stringArguments),
}) satisfies z.ZodType<ImportSelection>;

/** The config file: a server's edit form, and imports from other apps' files. */
export const CONFIG_METHODS = {
  getServerDraft: z.tuple([serverId]),
  /** Saves under `id`; with `previousId`, the server is renamed (the old entry removed). */
  saveServer: z.tuple([serverId, serverDraftSchema, serverId.nullable()]),
  removeServer: z.tuple([serverId]),
  /** Whether the managed policy would refuse the server as the edit form has it now (nothing saved). */
  draftRefusal: z.tuple([serverId, serverDraftSchema, serverId.nullable()]),
  previewImport: z.tuple([importSource, path.nullable()]),
  applyImport: z.tuple([z.string().uuid(), importSelection]),
} as const;

export type ImportPreviewView = ImportPreview & { planId: string };

export interface ConfigResults {
  getServerDraft: ServerDraft;
  saveServer: void;
  removeServer: void;
  draftRefusal: ServerRefusal | null;
  previewImport: ImportPreviewView;
  applyImport: void;
}

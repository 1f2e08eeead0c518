// biome-ignore-all lint/suspicious/noConfusingVoidType: a result type is what the method's promise resolves to; void is exactly that.

import { z } from 'zod';
import type { BundleAbilitiesView, BundleOpened, BundleServerPreview } from '../host/bundleView';
import { sandboxChoice } from '../host/sandboxRules';
import { serverId } from './argumentSchemas';

/** One uploaded piece, base64: 1 MiB of the file (the WebSocket takes 4 MiB a message). */
export const BUNDLE_CHUNK_BYTES = 1024 * 1024;
const base64Chunk = z
  .string()
  .max(Math.ceil(BUNDLE_CHUNK_BYTES / 3) * 4)
  .regex(/^[A-Za-z0-9+/]*={0,2}$/);
/** A value typed into a bundle's form: text, a yes/no, or folders and files one per entry. */
const bundleValue = z.union([z.string().max(65_536), z.boolean(), z.array(z.string().max(4096)).max(100)]);

/**
 * Installing MCP bundles (.mcpb): a file the person picked or dropped, or an entry's bundle from the
 * registry, checked and unpacked by the host into a preview. Nothing runs here: a confirmed bundle is
 * written to config.json like a hand-added server, and waits for the same trust prompt.
 */
export const BUNDLE_METHODS = {
  /** What this window can do: native pickers, or uploads (and how large). */
  getBundleAbilities: z.tuple([]),
  /** A file the page is about to send, in pieces of BUNDLE_CHUNK_BYTES. */
  startBundleUpload: z.tuple([
    z.object({ fileName: z.string().min(1).max(255), size: z.number().int().min(1) }).strict(),
  ]),
  /** The next piece of an upload, at `offset` (pieces come in order). */
  sendBundleChunk: z.tuple([z.string().uuid(), z.number().int().min(0), base64Chunk]),
  /** The whole file arrived: the host checks and unpacks it into a preview. */
  openUploadedBundle: z.tuple([z.string().uuid()]),
  /** The shell's native file dialog (Electron); null when the person cancelled. */
  pickBundleFile: z.tuple([]),
  /** An entry's bundle from the registry: downloaded, checked against its fileSha256, unpacked. */
  openRegistryBundle: z.tuple([
    z.object({ entry: z.string().min(1).max(200), choice: z.string().min(1).max(200) }).strict(),
  ]),
  /** The server an opened bundle makes with these values, under `name`; nothing is written yet. */
  prepareBundleServer: z.tuple([
    z
      .object({
        planId: z.string().uuid(),
        name: serverId,
        values: z.record(z.string().max(200), bundleValue),
      })
      .strict(),
  ]),
  /** The person confirmed: secrets to the secret store, the server (untrusted) to config.json. */
  confirmBundleServer: z.tuple([z.string().uuid(), sandboxChoice.optional()]),
  /** The person gave up: the unpacked files go. */
  cancelBundle: z.tuple([z.string().uuid()]),
  /** A folder or file for a setting, from the shell's native dialog (Electron); null when cancelled. */
  pickBundlePath: z.tuple([z.enum(['folder', 'file'])]),
} as const;

export interface BundleResults {
  getBundleAbilities: BundleAbilitiesView;
  startBundleUpload: { uploadId: string };
  /** The bytes received so far. */
  sendBundleChunk: { received: number };
  openUploadedBundle: BundleOpened;
  pickBundleFile: BundleOpened | null;
  openRegistryBundle: BundleOpened;
  prepareBundleServer: BundleServerPreview;
  /** The server as named in config.json. */
  confirmBundleServer: { server: string };
  cancelBundle: void;
  pickBundlePath: string | null;
}

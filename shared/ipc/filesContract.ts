import { z } from 'zod';
import type { AttachedFile } from '../chat/attachedFile';
import { FILE_CHUNK_BYTES } from './fileChunkBytes';

/** One uploaded piece, base64. */
const base64Chunk = z
  .string()
  .max(Math.ceil(FILE_CHUNK_BYTES / 3) * 4)
  .regex(/^[A-Za-z0-9+/]*={0,2}$/);
/** Where the host keeps an attached file's bytes, and how a message names them. */
const sha256 = z.string().regex(/^[0-9a-f]{64}$/);
/** A file a message attaches: bytes the host keeps already, and the name the person had for them. */
export const fileRef = z.object({ sha256, name: z.string().min(1).max(1024) }).strict();

/**
 * Files attached to messages: a file the person picked, dropped or pasted is sent once, in pieces;
 * the host reads what it is, checks it against the limits and keeps it by its hash. A message then
 * names it by that hash (sendMessage); only an image comes back, to be shown.
 */
export const FILES_METHODS = {
  /** A file the page is about to send, in pieces of FILE_CHUNK_BYTES. */
  startFileUpload: z.tuple([
    z.object({ name: z.string().min(1).max(1024), size: z.number().int().min(0) }).strict(),
  ]),
  /** The next piece of an upload, at `offset` (pieces come in order). */
  sendFileChunk: z.tuple([z.string().uuid(), z.number().int().min(0), base64Chunk]),
  /** The whole file arrived: what it is (refused, with why, when it cannot be attached). */
  finishFileUpload: z.tuple([z.string().uuid()]),
  /** An attached image, to show it where it was attached. */
  readAttachedImage: z.tuple([sha256]),
} as const;

export interface FilesResults {
  startFileUpload: { uploadId: string };
  /** The bytes received so far. */
  sendFileChunk: { received: number };
  finishFileUpload: AttachedFile;
  readAttachedImage: { mediaType: string; data: string };
}

import type { AreaApi } from '../../../shared/ipc/contract';
import { FILE_CHUNK_BYTES } from '../../../shared/ipc/fileChunkBytes';
import type { FILES_METHODS } from '../../../shared/ipc/filesContract';
import type { HostParts } from '../hostParts';

/** The files area of the contract: files sent once in pieces, read and kept by the host, images shown. */
export function filesApi({ files }: HostParts) {
  return {
    async startFileUpload({ name, size }) {
      return { uploadId: files.uploads.start(name, size) };
    },
    async sendFileChunk(uploadId, offset, base64) {
      const bytes = Buffer.from(base64, 'base64');
      if (bytes.length === 0 || bytes.length > FILE_CHUNK_BYTES)
        throw new Error(`A piece of an upload holds 1 to ${FILE_CHUNK_BYTES} bytes`);
      return { received: files.uploads.append(uploadId, offset, bytes) };
    },
    finishFileUpload: (uploadId) => files.finishUpload(uploadId),
    readAttachedImage: (sha256) => files.image(sha256),
  } satisfies AreaApi<typeof FILES_METHODS>;
}

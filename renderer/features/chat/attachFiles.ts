import {
  type AttachedFile,
  claimedType,
  FILE_LIMITS,
  fileLimitProblem,
  formatSize,
  MAX_FILE_BYTES,
} from '../../../shared/chat/attachedFile';
import { FILE_CHUNK_BYTES } from '../../../shared/ipc/fileChunkBytes';
import type { HostConnection } from '../../hostClient';
import { OPENING_DRAFT } from '../../state/slices/chat';
import type { ComposerFile } from '../../state/slices/files';
import { useApp } from '../../state/store';

const base64 = (bytes: Uint8Array): string => {
  let text = '';
  for (let i = 0; i < bytes.length; i += 0x8000)
    text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(text);
};

/**
 * Why `file` cannot be attached, said before a byte of it is sent: its size against the limit of
 * the kind its name or the browser claims (what it really is, the host reads from its bytes).
 */
function beforeSending(file: File): string | undefined {
  const name = file.name || 'file';
  const kind =
    claimedType(name)?.kind ??
    (file.type === 'application/pdf' ? 'pdf' : file.type.startsWith('image/') ? 'image' : undefined);
  if (kind) return fileLimitProblem(name, kind, file.size);
  if (file.size === 0) return `${name} is empty. Nothing was attached.`;
  if (file.size > MAX_FILE_BYTES)
    return `${name} is ${formatSize(file.size)}: a file may be at most ${formatSize(MAX_FILE_BYTES)} (a PDF; an image 3.75 MB, a text file 512 KB). Nothing was attached.`;
  return undefined;
}

/** Sends one file to the host in pieces; the host answers what it is, or refuses it saying why. */
async function upload(host: Pick<HostConnection, 'call'>, file: File): Promise<AttachedFile> {
  const { uploadId } = await host.call('startFileUpload', { name: file.name || 'file', size: file.size });
  for (let at = 0; at < file.size; at += FILE_CHUNK_BYTES) {
    const piece = new Uint8Array(await file.slice(at, at + FILE_CHUNK_BYTES).arrayBuffer());
    await host.call('sendFileChunk', uploadId, at, base64(piece));
  }
  return host.call('finishFileUpload', uploadId);
}

/**
 * Attaches files the person picked, dropped or pasted to the message being written: each checked
 * before it is sent (size, and how many a message may carry), sent once, and shown as a chip — an
 * image with its thumbnail. What cannot be attached is said, naming the file; nothing else is lost.
 */
export async function attachFiles(
  host: Pick<HostConnection, 'call'>,
  picked: readonly File[],
): Promise<void> {
  const problems: string[] = [];
  // The message being written now: the open conversation's, or the one on its way's.
  const state = useApp.getState();
  const key = state.opening ? OPENING_DRAFT : state.open?.id;
  if (key === undefined) return;
  const already = state.files[key] ?? [];
  const { attaching } = state;
  const room = Math.max(0, FILE_LIMITS.perMessage - already.length - attaching);
  if (picked.length > room)
    problems.push(
      `A message may carry at most ${FILE_LIMITS.perMessage} files: ${picked
        .slice(room)
        .map((f) => f.name || 'file')
        .join(', ')} ${picked.length - room === 1 ? 'was' : 'were'} not attached.`,
    );
  const taken = picked.slice(0, room);
  useApp.setState((s) => ({ attaching: s.attaching + taken.length, fileProblems: [] }));
  for (const file of taken) {
    try {
      const early = beforeSending(file);
      if (early) {
        problems.push(early);
        continue;
      }
      const attached = await upload(host, file);
      const shown: ComposerFile =
        attached.kind === 'image'
          ? {
              file: attached,
              preview: `data:${attached.mediaType};base64,${base64(new Uint8Array(await file.arrayBuffer()))}`,
            }
          : { file: attached };
      // Where it was attached: if that conversation was on its way, it has joined it since.
      const now = useApp.getState();
      now.addFiles(key === OPENING_DRAFT && !now.opening && now.open ? now.open.id : key, [shown]);
    } catch (error) {
      problems.push(error instanceof Error ? error.message : String(error));
    } finally {
      useApp.setState((s) => ({ attaching: s.attaching - 1 }));
    }
  }
  useApp.setState({ fileProblems: problems });
}

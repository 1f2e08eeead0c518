import { type AttachedFile, filesTogetherProblem } from '../../../shared/chat/attachedFile';
import type { ChatMessage } from '../../../shared/chat/conversation';
import type { ActivityBody } from '../../../shared/host/activity';
import type { AttachedBytes, FilesRead } from '../../llm/modelProvider';
import { ProviderError } from '../../llm/providerError';
import type { AttachmentStore } from '../../store/attachmentStore';
import { FileUploads } from './fileUploads';
import { FileRefused, inspectFile, sniffType } from './inspectFile';

/** A file as a message to be sent names it: which bytes (kept already), and the name the person had. */
export interface FileRef {
  sha256: string;
  name: string;
}

/** The files of every message, in order (the same file attached twice counts twice, as it is sent twice). */
const filesOf = (messages: readonly ChatMessage[]): AttachedFile[] =>
  messages.flatMap((m) => m.blocks.flatMap((b) => (b.type === 'file' ? [b.file] : [])));

/**
 * Files the person attaches: uploaded by the page in pieces, read for what they are (inspectFile),
 * kept once by their hash (AttachmentStore), checked again when the message that carries them is
 * sent — against the limits and against what the conversation's provider reads —, recorded in the
 * activity record by name and size, and read back for each request that sends them.
 */
export class AttachedFiles {
  readonly uploads = new FileUploads();

  constructor(
    private readonly store: AttachmentStore,
    private readonly record: (body: ActivityBody) => void = () => {},
  ) {}

  /** The upload is whole: what it is, checked against the limits, and kept (once) by its hash. */
  async finishUpload(uploadId: string): Promise<AttachedFile> {
    const { name, bytes } = this.uploads.take(uploadId);
    const file = inspectFile(name, bytes);
    await this.store.put(bytes);
    return file;
  }

  /**
   * The files a new message attaches, from the bytes the host keeps (never the page's word for what
   * they are), refused with the reason when one is gone, over a limit — of the message or, with the
   * `earlier` messages, of the requests the conversation will send — or of a kind the provider's
   * models are not sent.
   */
  async forMessage(
    refs: readonly FileRef[],
    earlier: readonly ChatMessage[],
    provider: { name: string; reads: FilesRead },
  ): Promise<AttachedFile[]> {
    const files: AttachedFile[] = [];
    for (const ref of refs) {
      const bytes = await this.store.read(ref.sha256);
      if (!bytes) throw new FileRefused(`${ref.name} is no longer kept by Switchboard: attach it again.`);
      const file = inspectFile(ref.name, bytes);
      if (file.kind === 'image' && !provider.reads.images)
        throw new FileRefused(
          `${file.name} is an image, and ${provider.name} is set as a provider whose models read no images (Settings): nothing was sent. Remove it, or pick a provider that reads images in Model….`,
        );
      if (file.kind === 'pdf' && !provider.reads.pdfs)
        throw new FileRefused(
          `${file.name} is a PDF, and Switchboard sends PDFs to Anthropic only — ${provider.name} is not sent them: nothing was sent. Remove it, or pick Anthropic in Model….`,
        );
      files.push(file);
    }
    const problem =
      filesTogetherProblem(files, 'one message') ??
      filesTogetherProblem([...filesOf(earlier), ...files], 'this conversation');
    if (problem) throw new FileRefused(`${problem} Nothing was sent.`);
    return files;
  }

  /** The files of a message that was sent, in the activity record: names, sizes, digests; never bytes. */
  attached(conversationId: string, files: readonly AttachedFile[]): void {
    for (const f of files)
      this.record({
        kind: 'attachment',
        conversationId,
        name: f.name,
        size: f.size,
        mediaType: f.mediaType,
        sha256: f.sha256,
      });
  }

  /**
   * The bytes of every file `history` attaches, for one request (each read once); a history whose
   * images and PDFs no longer fit one request is refused before anything is sent.
   */
  async forRequest(history: readonly ChatMessage[]): Promise<AttachedBytes | undefined> {
    const files = filesOf(history);
    if (files.length === 0) return undefined;
    const problem = filesTogetherProblem(files, 'this conversation');
    if (problem)
      throw new ProviderError(
        'too-long',
        `${problem} Continue in a new conversation (with a summary), where earlier files are not sent again.`,
      );
    const bytes = new Map<string, Uint8Array>();
    for (const f of files)
      if (!bytes.has(f.sha256)) {
        const kept = await this.store.read(f.sha256);
        if (kept) bytes.set(f.sha256, kept);
      }
    return bytes;
  }

  /** An attached image's bytes, to show it in the message that carries it. */
  async image(sha256: string): Promise<{ mediaType: string; data: string }> {
    const bytes = await this.store.read(sha256);
    const mediaType = bytes && sniffType(bytes);
    if (!bytes || !mediaType?.startsWith('image/'))
      throw new Error('That image is no longer kept by Switchboard.');
    return { mediaType, data: bytes.toString('base64') };
  }
}

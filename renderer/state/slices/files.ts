import type { StateCreator } from 'zustand';
import type { AttachedFile } from '../../../shared/chat/attachedFile';
import type { AppState } from '../store';

/** A file in the composer: attached (the host keeps its bytes), with a thumbnail for an image. */
export interface ComposerFile {
  file: AttachedFile;
  /** A data: URL of the image, for its thumbnail (the page's policy allows no blob: images). */
  preview?: string;
}

/**
 * Files to send with the next message (picked, dropped or pasted), the files on their way to the
 * host, and what could not be attached and why — kept until the person sends or removes them.
 */
export interface FilesSlice {
  files: ComposerFile[];
  /** Files being read and sent to the host now. */
  attaching: number;
  /** Why files could not be attached (one sentence each, naming the file); cleared by the next attach. */
  fileProblems: string[];
  addFiles(files: ComposerFile[]): void;
  removeFile(sha256: string): void;
  /** The files sent: the composer is empty of them. */
  clearFiles(): void;
}

export const createFilesSlice: StateCreator<AppState, [], [], FilesSlice> = (set) => ({
  files: [],
  attaching: 0,
  fileProblems: [],
  // The same bytes attached again (under any name) are one file: the first stays.
  addFiles: (files) =>
    set((s) => ({
      files: [
        ...s.files,
        ...files.filter(
          (f, i) =>
            !s.files.some((x) => x.file.sha256 === f.file.sha256) &&
            files.findIndex((y) => y.file.sha256 === f.file.sha256) === i,
        ),
      ],
    })),
  removeFile: (sha256) => set((s) => ({ files: s.files.filter((f) => f.file.sha256 !== sha256) })),
  clearFiles: () => set({ files: [], fileProblems: [] }),
});

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
 * Files to send with the next message of each conversation (picked, dropped or pasted; by the key
 * its draft is kept under — a conversation's id, or OPENING_DRAFT while one is on its way), the
 * files on their way to the host, and what could not be attached and why.
 */
export interface FilesSlice {
  files: Record<string, ComposerFile[]>;
  /** Files being read and sent to the host now. */
  attaching: number;
  /** Why files could not be attached (one sentence each, naming the file); cleared by the next attach. */
  fileProblems: string[];
  addFiles(key: string, files: ComposerFile[]): void;
  /** Takes files out of conversation `key`'s composer: removed by the person, or sent. */
  removeFiles(key: string, sha256s: readonly string[]): void;
  /** The files attached while a conversation was on its way join it (or, if it never came, `to`). */
  moveFiles(from: string, to: string | undefined): void;
}

/** `more` after `files`, each file once: the same bytes attached again (under any name) are one file. */
const joined = (files: readonly ComposerFile[], more: readonly ComposerFile[]): ComposerFile[] =>
  [...files, ...more].filter((f, i, all) => all.findIndex((g) => g.file.sha256 === f.file.sha256) === i);

export const createFilesSlice: StateCreator<AppState, [], [], FilesSlice> = (set) => ({
  files: {},
  attaching: 0,
  fileProblems: [],
  addFiles: (key, files) => set((s) => ({ files: { ...s.files, [key]: joined(s.files[key] ?? [], files) } })),
  removeFiles: (key, sha256s) =>
    set((s) => ({
      files: { ...s.files, [key]: (s.files[key] ?? []).filter((f) => !sha256s.includes(f.file.sha256)) },
    })),
  moveFiles: (from, to) =>
    set((s) => {
      const { [from]: moving = [], ...rest } = s.files;
      return { files: to ? { ...rest, [to]: joined(rest[to] ?? [], moving) } : rest };
    }),
});

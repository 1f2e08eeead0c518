import { beforeEach, describe, expect, it } from 'vitest';
import type { AttachedFile } from '../../../shared/chat/attachedFile';
import { useApp } from '../store';
import { OPENING_DRAFT } from './chat';

const file = (sha: string, name: string): { file: AttachedFile } => ({
  file: { sha256: sha.repeat(64), name, mediaType: 'text/plain', size: 3, kind: 'text' },
});

describe("the composer's files, each conversation its own", () => {
  beforeEach(() => useApp.setState({ files: {} }));

  it('kept by conversation; the same bytes attached again (any name) are one file; removed by hash', () => {
    const { addFiles, removeFiles } = useApp.getState();
    addFiles('a', [file('1', 'one.txt'), file('2', 'two.txt')]);
    addFiles('a', [file('1', 'one again.txt')]);
    addFiles('b', [file('1', 'one.txt')]);
    expect(useApp.getState().files.a!.map((f) => f.file.name)).toEqual(['one.txt', 'two.txt']);
    expect(useApp.getState().files.b!.map((f) => f.file.name)).toEqual(['one.txt']);
    removeFiles('a', ['1'.repeat(64)]);
    expect(useApp.getState().files.a!.map((f) => f.file.name)).toEqual(['two.txt']);
    expect(useApp.getState().files.b).toHaveLength(1);
  });

  it('attached while a conversation is on its way: they join it, or go back to the one that stayed open', () => {
    const { addFiles, moveFiles } = useApp.getState();
    addFiles('new', [file('1', 'kept.txt')]);
    addFiles(OPENING_DRAFT, [file('2', 'meanwhile.txt'), file('1', 'kept.txt')]);
    moveFiles(OPENING_DRAFT, 'new');
    expect(useApp.getState().files.new!.map((f) => f.file.name)).toEqual(['kept.txt', 'meanwhile.txt']);
    expect(useApp.getState().files[OPENING_DRAFT]).toBeUndefined();
    addFiles(OPENING_DRAFT, [file('3', 'late.txt')]);
    moveFiles(OPENING_DRAFT, 'old');
    expect(useApp.getState().files.old!.map((f) => f.file.name)).toEqual(['late.txt']);
  });
});

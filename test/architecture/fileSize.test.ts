import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MAX_LINES, oversizedFiles, sizeProblem } from './fileSize';

const lines = (n: number) => 'const x = 1;\n'.repeat(n);

describe('file size (docs/architecture.md)', () => {
  it(`no production file is longer than ${MAX_LINES} lines`, () => {
    expect(oversizedFiles(path.resolve(__dirname, '../..'))).toEqual([]);
  });

  it.each([
    ['electron/host/chat/chatService.ts'],
    ['shared/ipc/contract.ts'],
    ['renderer/features/apps/AppView.tsx'],
    ['scripts/ensureBuilt.mjs'],
  ])(`%s with ${MAX_LINES + 1} lines is a violation`, (file) => {
    expect(sizeProblem(file, lines(MAX_LINES + 1))).toMatch(/451 lines \(at most 450/);
  });

  it.each([
    ['electron/host/chat/chatService.ts', MAX_LINES],
    ['electron/host/chat/chat.test.ts', 2000],
    ['renderer/test/render.tsx', 2000],
    ['e2e/fixtures/servers.ts', 2000],
    ['bench/stdio.bench.ts', 2000],
  ])('%s with %i lines is fine', (file, n) => {
    expect(sizeProblem(file, lines(n))).toBeUndefined();
  });
});

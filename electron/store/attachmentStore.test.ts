import { createHash } from 'node:crypto';
import { mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { pdf, png } from '../../e2e/fixtures/files/sampleFiles';
import { AttachmentStore } from './attachmentStore';

describe('attachments kept once by their hash, on disk', () => {
  let home: string;
  beforeEach(async () => {
    home = await mkdtemp(path.join(tmpdir(), 'sb-attachments-'));
  });
  afterEach(async () => {
    await rm(home, { recursive: true, force: true });
  });

  it('the same bytes kept twice are one file, 0600, named by their SHA-256; other bytes another', async () => {
    const store = AttachmentStore.inHome(home);
    const picture = png(16, 16, [200, 40, 40]);
    const sha256 = createHash('sha256').update(picture).digest('hex');
    expect(await store.put(picture)).toEqual({ sha256, written: true });
    expect(await store.put(Buffer.from(picture))).toEqual({ sha256, written: false });
    const document = await pdf(2);
    await store.put(document);
    const files = await readdir(path.join(home, 'attachments'));
    expect(files.sort()).toEqual([sha256, createHash('sha256').update(document).digest('hex')].sort());
    expect((await stat(path.join(home, 'attachments', sha256))).mode & 0o777).toBe(0o600);
    expect(await store.read(sha256)).toEqual(picture);
    expect(await store.has(sha256)).toBe(true);
  });

  it('bytes changed on disk since are never read as the file; a missing one is undefined; a bad hash refused', async () => {
    const store = AttachmentStore.inHome(home);
    const { sha256 } = await store.put(Buffer.from('hello\n'));
    await writeFile(path.join(home, 'attachments', sha256), 'jello\n');
    expect(await store.read(sha256)).toBeUndefined();
    expect(await store.read('0'.repeat(64))).toBeUndefined();
    await expect(store.read('../secrets.json')).rejects.toThrow('Not a SHA-256');
  });
});

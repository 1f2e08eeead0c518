import { readFile, stat } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { tempDirPerTest } from '../../../e2e/fixtures/tempDir';
import { LogStore } from './logStore';
import { Redactor } from './redactor';

let dir: string;
tempDirPerTest('sb-logs-', (made) => {
  dir = made;
});

describe('LogStore', () => {
  it('keeps a bounded buffer per server, in order, and all servers interleaved by sequence', () => {
    const logs = new LogStore(new Redactor(), { maxEntries: 3 });
    for (let i = 0; i < 5; i++) logs.append('a', 'stderr', 'info', `a${i}`);
    logs.append('b', 'server', 'error', 'b0', 'db');
    expect(logs.entries('a').map((e) => e.text)).toEqual(['a2', 'a3', 'a4']);
    expect(logs.entries('b')[0]).toMatchObject({
      server: 'b',
      source: 'server',
      level: 'error',
      logger: 'db',
      text: 'b0',
    });
    expect(logs.entries().map((e) => e.text)).toEqual(['a2', 'a3', 'a4', 'b0']);
  });

  it('appends to a 0600 file per server, redacted, and rotates it past its size', async () => {
    const redactor = new Redactor();
    redactor.add('s3cr3t-value');
    const logs = new LogStore(redactor, { dir, maxFileBytes: 200 });
    logs.append('srv', 'stderr', 'info', 'token=s3cr3t-value');
    await logs.flush();
    const file = logs.fileOf('srv')!;
    expect(await readFile(file, 'utf8')).toMatch(/INFO\s+stderr token=\[redacted\]\n$/);
    if (process.platform !== 'win32') expect((await stat(file)).mode & 0o777).toBe(0o600);
    for (let i = 0; i < 5; i++) logs.append('srv', 'stderr', 'info', `line ${i} ${'x'.repeat(60)}`);
    await logs.flush();
    logs.append('srv', 'stderr', 'info', 'after rotation');
    await logs.flush();
    expect(await readFile(`${file}.1`, 'utf8')).toContain('line 4');
    expect(await readFile(file, 'utf8')).toMatch(/^\S+ INFO\s+stderr after rotation\n$/);
  });

  it('redacts before it cuts a long line: a secret across the cut leaves no part of itself', () => {
    const redactor = new Redactor();
    redactor.add('s3cr3t-across-the-cut');
    const logs = new LogStore(redactor, { maxTextLength: 100 });
    const entry = logs.append(
      'srv',
      'stderr',
      'info',
      `${'x'.repeat(90)}s3cr3t-across-the-cut${'y'.repeat(50)}`,
    );
    expect(entry.text).toBe(`${'x'.repeat(90)}[redacted]… [50 more characters]`);
    expect(entry.text).not.toContain('s3cr3t');
  });
});

import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDirPerTest } from '../../e2e/fixtures/tempDir';
import { JsonFile, stringRecord } from './jsonFile';

let dir: string;
tempDirPerTest('sb-jsonfile-', (d) => {
  dir = d;
});

const open = (file: string) =>
  new JsonFile(file, { what: 'secrets file', empty: () => ({}), parse: stringRecord });

describe('JsonFile', () => {
  it('a read sees what another instance wrote since, even a value of the same length', async () => {
    const file = path.join(dir, 'secrets.json');
    const mine = open(file);
    await mine.update(() => ({ key: 'one' }));
    expect(await mine.read()).toEqual({ key: 'one' });
    await open(file).update((all) => ({ ...all, key: 'two' }));
    expect(await mine.read()).toEqual({ key: 'two' });
  });

  it('a file made unreadable by someone else after it was read is an error at the next change, and left as it is', async () => {
    const file = path.join(dir, 'secrets.json');
    const mine = open(file);
    await mine.update(() => ({ key: 'kept' }));
    await writeFile(file, '{"half-written');
    await expect(mine.update((all) => ({ ...all, other: 'x' }))).rejects.toThrow(
      `cannot read the secrets file ${file}`,
    );
    expect(await readFile(file, 'utf8')).toBe('{"half-written');
  });

  it('a change that throws fails alone: the lock is let go, and the next change lands', async () => {
    const file = path.join(dir, 'secrets.json');
    const mine = open(file);
    await expect(
      mine.update(() => {
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    await mine.update((all) => ({ ...all, key: 'v' }));
    expect(JSON.parse(await readFile(file, 'utf8'))).toEqual({ key: 'v' });
    expect(await readdir(dir)).toEqual(['secrets.json']);
  });
});

import { readFile, stat, writeFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { tempDirPerTest } from '../../../e2e/fixtures/tempDir';
import { FileSecretStore } from './fileSecretStore';
import { secretId } from './secretStore';

let home: string;
tempDirPerTest('sb-secrets-', (dir) => {
  home = dir;
});

describe('FileSecretStore', () => {
  it('stores, reads back across instances, deletes; file is 0600; says it is not encrypted', async () => {
    const store = FileSecretStore.inHome(home);
    expect(store.encrypted).toBe(false);
    const id = secretId('git hub', 'env', 'GITHUB_TOKEN', { kind: 'stdio', command: 'npx' });
    expect(id).toBe('git%20hub/env/GITHUB_TOKEN@npx');
    await store.set(id, 'ghp_canary');
    expect(await FileSecretStore.inHome(home).get(id)).toBe('ghp_canary');
    expect(await store.values()).toEqual(['ghp_canary']);
    if (process.platform !== 'win32') expect((await stat(store.filePath)).mode & 0o777).toBe(0o600);
    await store.delete(id);
    expect(await FileSecretStore.inHome(home).get(id)).toBeUndefined();
    expect(JSON.parse(await readFile(store.filePath, 'utf8'))).toEqual({});
  });

  it("deletes one owner's values wherever each was bound, and nobody else's", async () => {
    const store = FileSecretStore.inHome(home);
    await store.set('openai/gw/api-key@https://a.example', 'k1');
    await store.set('openai/gw/api-key@https://b.example', 'k2');
    await store.set('openai/gw2/api-key@https://a.example', 'k3');
    await store.deleteStartingWith('openai/gw/api-key@');
    expect(JSON.parse(await readFile(store.filePath, 'utf8'))).toEqual({
      'openai/gw2/api-key@https://a.example': 'k3',
    });
  });

  it('a corrupt file is an error that names it, not an empty store that would be overwritten', async () => {
    const store = FileSecretStore.inHome(home);
    await writeFile(store.filePath, '{oops');
    await expect(store.get('x')).rejects.toThrow(/cannot read the secrets file .*secrets\.json/);
    await expect(store.set('x', 'y')).rejects.toThrow(/cannot read the secrets file/);
    expect(await readFile(store.filePath, 'utf8')).toBe('{oops');
  });
});

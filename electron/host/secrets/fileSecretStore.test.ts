import { readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runTogether } from '../../../e2e/fixtures/runTogether';
import { tempDirPerTest } from '../../../e2e/fixtures/tempDir';
import { Redactor } from '../logs/redactor';
import { FileSecretStore } from './fileSecretStore';
import { SecretAuthStore } from './secretAuthStore';
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

  it("a key another process stored is kept by this one's next write, and read by it", async () => {
    // The app reads its store (cached); `mcp chat` stores a sign-in in the same file; the app stores a key.
    const app = FileSecretStore.inHome(home);
    await app.set('anthropic/api-key@https://api.anthropic.com', 'sk-old');
    expect(await app.get('oauth:binding@https://mcp.example')).toBeUndefined();
    const chat = FileSecretStore.inHome(home);
    await chat.set('oauth:binding@https://mcp.example', 'binding');
    expect(await app.get('oauth:binding@https://mcp.example')).toBe('binding');
    await app.set('anthropic/api-key@https://api.anthropic.com', 'sk-new');
    expect(JSON.parse(await readFile(app.filePath, 'utf8'))).toEqual({
      'anthropic/api-key@https://api.anthropic.com': 'sk-new',
      'oauth:binding@https://mcp.example': 'binding',
    });
  });

  it('processes writing the same file at once keep every key each of them wrote', {
    timeout: 60_000,
  }, async () => {
    const file = path.join(home, 'secrets.json');
    const writer = (name: string) => `
      import { FileSecretStore } from ${JSON.stringify(path.join(import.meta.dirname, 'fileSecretStore.ts'))};
      const store = new FileSecretStore(${JSON.stringify(file)});
      for (let i = 0; i < 40; i++) await store.set('${name}-' + i, 'value of ${name} ' + i);`;
    await runTogether([writer('app'), writer('chat'), writer('another-chat')]);
    const stored = JSON.parse(await readFile(file, 'utf8')) as Record<string, string>;
    for (const name of ['app', 'chat', 'another-chat'])
      for (let i = 0; i < 40; i++) expect(stored[`${name}-${i}`]).toBe(`value of ${name} ${i}`);
    expect(Object.keys(stored)).toHaveLength(120);
  });
});

describe('OAuth refreshes on the secrets file shared by the app and mcp chat', () => {
  it('take turns across stores on the same file, through the auth store too (one refresh token is spent once)', async () => {
    const stores = [FileSecretStore.inHome(home), FileSecretStore.inHome(home)].map(
      (s) => new SecretAuthStore(s, new Redactor()),
    );
    const spans: [number, number][] = [];
    await Promise.all(
      [0, 1, 0, 1].map((i) =>
        stores[i]!.exclusive(async () => {
          const start = performance.now();
          await new Promise((r) => setTimeout(r, 30));
          spans.push([start, performance.now()]);
        }),
      ),
    );
    spans.sort((a, b) => a[0] - b[0]);
    for (let i = 1; i < spans.length; i++) expect(spans[i]![0]).toBeGreaterThanOrEqual(spans[i - 1]![1]);
  });
});

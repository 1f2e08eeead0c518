import { readdir, readFile, stat, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runTogether } from '../../../e2e/fixtures/runTogether';
import { tempDirPerTest } from '../../../e2e/fixtures/tempDir';
import { FileAuthStore } from './fileAuthStore';

let dir: string;
tempDirPerTest('sb-auth-file-', (d) => {
  dir = d;
});

describe('FileAuthStore', () => {
  const binding = { issuer: 'https://as.example', resource: 'https://mcp.example/mcp' };

  it('keeps sign-ins across instances in a 0600 file', async () => {
    const file = path.join(dir, 'nested', 'credentials.json');
    await new FileAuthStore(file).setTokens(binding, { accessToken: 'a', refreshToken: 'r', expiresAt: 5 });
    await new FileAuthStore(file).setBinding('https://mcp.example/mcp', binding);
    const again = new FileAuthStore(file);
    expect(await again.tokens(binding)).toEqual({ accessToken: 'a', refreshToken: 'r', expiresAt: 5 });
    expect(await again.binding('https://mcp.example/mcp')).toEqual(binding);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
  });

  it('an entry of another shape is an error naming it, and the file is left as it was', async () => {
    const file = path.join(dir, 'credentials.json');
    const text = JSON.stringify({ tokens: { '["x","y"]': { accessToken: 42 } } });
    await writeFile(file, text);
    await expect(new FileAuthStore(file).tokens(binding)).rejects.toThrow(
      `${file}: tokens["[\\"x\\",\\"y\\"]"] is not a set of tokens`,
    );
    await expect(new FileAuthStore(file).setBinding('u', binding)).rejects.toThrow(/is not a set of tokens/);
    expect(await readFile(file, 'utf8')).toBe(text);
  });

  it("a refresh token another run rotated is read, and kept by this run's next change", async () => {
    const file = path.join(dir, 'credentials.json');
    const mine = new FileAuthStore(file);
    await mine.setTokens(binding, { accessToken: 'a1', refreshToken: 'r1' });
    expect((await mine.tokens(binding))?.refreshToken).toBe('r1');
    // Another CLI run refreshes: the server rotated the refresh token and revokes r1 from now on.
    await new FileAuthStore(file).setTokens(binding, { accessToken: 'a2', refreshToken: 'r2' });
    expect((await mine.tokens(binding))?.refreshToken).toBe('r2');
    await mine.setBinding('https://mcp.example/mcp', binding);
    expect(await new FileAuthStore(file).tokens(binding)).toEqual({ accessToken: 'a2', refreshToken: 'r2' });
  });

  it('CLI runs signing in at once keep every sign-in each of them stored', { timeout: 60_000 }, async () => {
    const file = path.join(dir, 'credentials.json');
    const run = (name: string) => `
      import { FileAuthStore } from ${JSON.stringify(path.join(import.meta.dirname, 'fileAuthStore.ts'))};
      const store = new FileAuthStore(${JSON.stringify(file)});
      for (let i = 0; i < 30; i++) {
        const binding = { issuer: 'https://as.example', resource: 'https://${name}.example/' + i };
        await store.setTokens(binding, { accessToken: '${name}-' + i });
        await store.setBinding(binding.resource, binding);
      }`;
    await runTogether([run('one'), run('two')]);
    const stored = new FileAuthStore(file);
    for (const name of ['one', 'two'])
      for (let i = 0; i < 30; i++) {
        const resource = `https://${name}.example/${i}`;
        expect(await stored.binding(resource)).toEqual({ issuer: 'https://as.example', resource });
        expect((await stored.tokens({ issuer: 'https://as.example', resource }))?.accessToken).toBe(
          `${name}-${i}`,
        );
      }
  });

  it('a file planted where the temporary copy is written (a shared folder) is neither written through nor kept (found by an attack run)', async () => {
    // The temporary copy was `<file>.<pid>.tmp`, opened without O_EXCL: in a folder others may write
    // (--credentials /tmp/…), a link or file planted under that name got the tokens, then became the file.
    const file = path.join(dir, 'credentials.json');
    const elsewhere = path.join(dir, 'elsewhere.txt');
    await writeFile(elsewhere, 'theirs');
    await symlink(elsewhere, `${file}.${process.pid}.tmp`);
    await new FileAuthStore(file).setTokens(binding, { accessToken: 'secret-token' });
    expect(await readFile(elsewhere, 'utf8')).toBe('theirs');
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(await new FileAuthStore(file).tokens(binding)).toEqual({ accessToken: 'secret-token' });
    // Nothing of ours is left beside it.
    expect(
      (await readdir(dir)).filter((n) => n.endsWith('.tmp') && !n.includes(`.${process.pid}.tmp`)),
    ).toEqual([]);
  });
});

import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FileAuthStore } from './fileAuthStore';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'sb-auth-file-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
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
});

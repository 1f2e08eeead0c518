import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDirPerTest } from '../../e2e/fixtures/tempDir';
import { SafeStorageSecretStore } from './safeStorageSecretStore';

// The OS keychain is the edge: a reversible stand-in that is visibly not the plain text.
const fakeSafeStorage = (available = true) => ({
  isEncryptionAvailable: () => available,
  encryptString: (s: string) => Buffer.from(`sealed:${Buffer.from(s).toString('hex')}`),
  decryptString: (b: Buffer) => Buffer.from(b.toString().slice('sealed:'.length), 'hex').toString(),
});

let dir: string;
tempDirPerTest('sb-safe-', (d) => {
  dir = d;
});

describe('SafeStorageSecretStore', () => {
  it('keeps only ciphertext on disk, reads back across instances, and says it is encrypted', async () => {
    const file = path.join(dir, 'secrets.enc.json');
    const store = new SafeStorageSecretStore(fakeSafeStorage() as never, file);
    expect(store.encrypted).toBe(true);
    await store.set('gh/env/TOKEN', 'ghp_plaintext_canary');
    expect(await readFile(file, 'utf8')).not.toContain('ghp_plaintext_canary');
    const again = new SafeStorageSecretStore(fakeSafeStorage() as never, file);
    expect(await again.get('gh/env/TOKEN')).toBe('ghp_plaintext_canary');
    expect(await again.values()).toEqual(['ghp_plaintext_canary']);
    await again.delete('gh/env/TOKEN');
    expect(await again.get('gh/env/TOKEN')).toBeUndefined();
    await again.set('openai/gw/api-key@https://a.example', 'k1');
    await again.set('openai/gw/api-key@https://b.example', 'k2');
    await again.set('openai/gw2/api-key@https://a.example', 'k3');
    await again.deleteStartingWith('openai/gw/api-key@');
    expect(await again.values()).toEqual(['k3']);
  });

  it('says secrets are not encrypted on Linux without a keyring (the basic_text backend)', async () => {
    const file = path.join(dir, 'secrets.enc.json');
    const basic = { ...fakeSafeStorage(), getSelectedStorageBackend: () => 'basic_text' as const };
    const store = new SafeStorageSecretStore(basic as never, file);
    expect(store.encrypted).toBe(false);
    const keyring = { ...fakeSafeStorage(), getSelectedStorageBackend: () => 'gnome_libsecret' as const };
    expect(new SafeStorageSecretStore(keyring as never, file).encrypted).toBe(true);
  });

  it('refuses to store a secret when the keychain is unavailable, rather than storing it in the clear', async () => {
    const store = new SafeStorageSecretStore(fakeSafeStorage(false) as never, path.join(dir, 's.json'));
    expect(store.encrypted).toBe(false);
    await expect(store.set('x', 'y')).rejects.toThrow(/keychain is not available/);
  });
});

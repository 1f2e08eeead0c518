import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../../shared/host/settings';
import { SettingsStore } from './settingsStore';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'sb-settings-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('SettingsStore', () => {
  it('starts from the defaults and saves what the person sets', async () => {
    const store = SettingsStore.inHome(dir);
    expect(await store.get()).toEqual({ settings: DEFAULT_SETTINGS, problems: [] });
    const next = {
      anthropic: { baseUrl: 'http://127.0.0.1:8080/gateway', defaultModel: 'claude-sonnet-5-5' },
      oauth: { clientMetadataUrl: 'https://apps.example.com/switchboard/client.json' },
      sampling: { maxTokensCap: 1000, perServerPerMinute: 3 },
    };
    await store.set(next);
    expect((await SettingsStore.inHome(dir).get()).settings).toEqual(next);
  });

  it('names each bad value in the file, uses its default, and leaves the file alone until a save', async () => {
    const file = path.join(dir, 'settings.json');
    const text = JSON.stringify({
      anthropic: { baseUrl: 'ftp://evil.example', defaultModel: 42 },
      sampling: { maxTokensCap: -5, perServerPerMinute: 2 },
    });
    await writeFile(file, text);
    const { settings, problems } = await SettingsStore.inHome(dir).get();
    expect(problems).toEqual([
      'anthropic.baseUrl: ftp: is not http or https',
      'anthropic.defaultModel: not a model name',
      'sampling.maxTokensCap: must be a whole number from 1 to 1000000',
    ]);
    expect(settings).toEqual({
      ...DEFAULT_SETTINGS,
      sampling: { maxTokensCap: 4096, perServerPerMinute: 2 },
    });
    expect(await readFile(file, 'utf8')).toBe(text);
  });

  it('refuses to save a base URL with credentials, a query, or that is not a URL', async () => {
    const store = SettingsStore.inHome(dir);
    for (const [baseUrl, why] of [
      ['https://user:pw@gateway.example', 'must not carry a user name or password'],
      ['https://gateway.example/?key=1', 'must not have a query'],
      ['gateway', 'is not a URL'],
    ] as const) {
      await expect(store.set({ ...DEFAULT_SETTINGS, anthropic: { baseUrl } })).rejects.toThrow(why);
    }
    expect((await store.get()).settings).toEqual(DEFAULT_SETTINGS);
  });

  it('refuses a Client ID Metadata Document URL that could not be a client id, naming why', async () => {
    const store = SettingsStore.inHome(dir);
    for (const [clientMetadataUrl, why] of [
      ['http://apps.example.com/client.json', 'must be an https:// URL'],
      ['https://apps.example.com/', 'must name the document (a path)'],
      ['https://apps.example.com/client.json#me', 'must not have a fragment'],
      ['https://me:pw@apps.example.com/client.json', 'must not carry a user name or password'],
      ['client.json', '"client.json" is not a URL'],
    ] as const) {
      await expect(store.set({ ...DEFAULT_SETTINGS, oauth: { clientMetadataUrl } })).rejects.toThrow(
        `oauth.clientMetadataUrl: ${why}`,
      );
    }
    expect((await store.get()).settings).toEqual(DEFAULT_SETTINGS);
  });
});

import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDirPerTest } from '../../e2e/fixtures/tempDir';
import type { ProviderSettings } from '../../shared/host/providerSettings';
import { DEFAULT_SETTINGS, type Settings } from '../../shared/host/settings';
import { SettingsStore } from './settingsStore';

let dir: string;
tempDirPerTest('sb-settings-', (d) => {
  dir = d;
});

// Two OpenAI-compatible providers as Settings holds them, in the tests that save or read them back.
const OPENAI: ProviderSettings = {
  id: 'openai',
  kind: 'openai-compatible',
  name: 'OpenAI',
  baseUrl: 'https://api.openai.com/v1',
  defaultModel: 'gpt-5.5',
};
const OLLAMA: ProviderSettings = {
  id: 'ollama',
  kind: 'openai-compatible',
  name: 'Ollama here',
  baseUrl: 'http://localhost:11434/v1',
};

describe('SettingsStore', () => {
  it('starts from the defaults and saves what the person sets', async () => {
    const store = SettingsStore.inHome(dir);
    expect(await store.get()).toEqual({ settings: DEFAULT_SETTINGS, problems: [] });
    const next: Settings = {
      providers: [
        {
          id: 'anthropic',
          kind: 'anthropic',
          name: 'Anthropic',
          baseUrl: 'http://127.0.0.1:8080/gateway',
          defaultModel: 'claude-sonnet-5-5',
        },
        OPENAI,
        OLLAMA,
      ],
      defaultProvider: 'ollama',
      oauth: { clientMetadataUrl: 'https://apps.example.com/switchboard/client.json' },
      sampling: { maxTokensCap: 1000, perServerPerMinute: 3 },
      elicitation: { perServerPerMinute: 4 },
      activity: { keepDays: 30, keepMegabytes: 0, keepResultsWhole: true },
    };
    await store.set(next);
    expect((await SettingsStore.inHome(dir).get()).settings).toEqual(next);
  });

  it('names each bad value in the file, uses its default, and leaves the file alone until a save', async () => {
    const file = path.join(dir, 'settings.json');
    const text = JSON.stringify({
      anthropic: { baseUrl: 'ftp://evil.example', defaultModel: 42 },
      sampling: { maxTokensCap: -5, perServerPerMinute: 2 },
      elicitation: { perServerPerMinute: 'many' },
      activity: { keepDays: -1, keepMegabytes: 20, keepResultsWhole: 'yes' },
    });
    await writeFile(file, text);
    const { settings, problems } = await SettingsStore.inHome(dir).get();
    expect(problems).toEqual([
      'anthropic.baseUrl: ftp: is not http or https',
      'anthropic.defaultModel: not a model name',
      'sampling.maxTokensCap: must be a whole number from 1 to 1000000',
      'elicitation.perServerPerMinute: must be a whole number from 0 to 10000',
      'activity.keepDays: must be a whole number from 0 to 36500',
      'activity.keepResultsWhole: must be true or false',
    ]);
    expect(settings).toEqual({
      ...DEFAULT_SETTINGS,
      sampling: { maxTokensCap: 4096, perServerPerMinute: 2 },
      activity: { ...DEFAULT_SETTINGS.activity, keepMegabytes: 20 },
    });
    expect(await readFile(file, 'utf8')).toBe(text);
  });

  it('OpenAI-compatible providers: each bad entry named and left out, the good ones kept; a default that is not there named', async () => {
    const file = path.join(dir, 'settings.json');
    const text = JSON.stringify({
      openai: [
        { id: 'ok', name: 'Fine', baseUrl: 'https://llm.example.com/v1', defaultModel: '' },
        { id: 'Bad Id', name: 'x', baseUrl: 'https://llm.example.com/v1' },
        { id: 'ok', name: 'Twice', baseUrl: 'https://other.example.com/v1' },
        { id: 'lan', name: 'LAN box', baseUrl: 'http://192.168.1.20:8000/v1' },
        { id: 'anthropic', name: 'Clash', baseUrl: 'https://llm.example.com/v1' },
        'not an object',
      ],
      defaultProvider: 'lan',
    });
    await writeFile(file, text);
    const { settings, problems } = await SettingsStore.inHome(dir).get();
    expect(settings.providers).toEqual([
      ...DEFAULT_SETTINGS.providers,
      { id: 'ok', kind: 'openai-compatible', name: 'Fine', baseUrl: 'https://llm.example.com/v1' },
    ]);
    expect(settings.defaultProvider).toBe('anthropic');
    expect(problems).toEqual([
      'openai[0].defaultModel: not a model name',
      'openai[1].id: "Bad Id" is not a provider id (lower-case letters, digits and dashes, at most 40)',
      'openai[2].id: "ok" is used twice',
      'openai[3].baseUrl: plain http sends the API key unencrypted: use https for 192.168.1.20:8000 (http is allowed only for this computer: localhost, 127.0.0.1, [::1])',
      'openai[4].id: "anthropic" is the Anthropic provider\'s id',
      'openai[5]: not an object',
      'defaultProvider: "lan" is not a provider in Settings',
    ]);
    expect(await readFile(file, 'utf8')).toBe(text);
    await expect(
      SettingsStore.inHome(dir).set({
        ...DEFAULT_SETTINGS,
        providers: [
          ...DEFAULT_SETTINGS.providers,
          { id: 'x', kind: 'openai-compatible', name: ' ', baseUrl: 'https://a.example' },
        ],
      }),
    ).rejects.toThrow('Settings not saved: providers[1] (x).name: empty');
  });

  it('tool search: a mode is kept; anything else is named and left at auto', async () => {
    const file = path.join(dir, 'settings.json');
    await writeFile(file, JSON.stringify({ toolSearch: 'always' }));
    expect((await SettingsStore.inHome(dir).get()).settings.toolSearch).toBe('always');
    await writeFile(file, JSON.stringify({ toolSearch: 'sometimes' }));
    const { settings, problems } = await SettingsStore.inHome(dir).get();
    expect(settings.toolSearch).toBeUndefined();
    expect(problems).toEqual(['toolSearch: must be one of auto, always, off']);
  });

  it('titling with the model: on unless the file says false; anything but true or false is named and left on', async () => {
    const file = path.join(dir, 'settings.json');
    expect((await SettingsStore.inHome(dir).get()).settings.titleWithModel).toBeUndefined();
    await writeFile(file, JSON.stringify({ titleWithModel: false }));
    expect((await SettingsStore.inHome(dir).get()).settings.titleWithModel).toBe(false);
    await writeFile(file, JSON.stringify({ titleWithModel: 'no' }));
    const { settings, problems } = await SettingsStore.inHome(dir).get();
    expect(settings.titleWithModel).toBeUndefined();
    expect(problems).toEqual(['titleWithModel: must be true or false']);
  });

  it("reads a file written by the version before providers were a list, loses nothing, and writes today's form on save", async () => {
    const file = path.join(dir, 'settings.json');
    // As that version wrote it (HostService.saveSettings of switchboard 0.1.0 at be4d8a4).
    const earlier = {
      anthropic: { baseUrl: 'https://gateway.example.com/anthropic', defaultModel: 'claude-opus-5' },
      openai: [
        { id: 'openai', name: 'OpenAI', baseUrl: 'https://api.openai.com/v1', defaultModel: 'gpt-5.5' },
        { id: 'ollama', name: 'Ollama here', baseUrl: 'http://localhost:11434/v1', images: false },
      ],
      defaultProvider: 'ollama',
      oauth: { clientMetadataUrl: 'https://apps.example.com/switchboard/client.json' },
      sampling: { maxTokensCap: 2000, perServerPerMinute: 5 },
      elicitation: { perServerPerMinute: 7 },
      toolTokenBudget: 30000,
    };
    await writeFile(file, `${JSON.stringify(earlier, null, 2)}\n`);
    const today: Settings = {
      providers: [
        {
          id: 'anthropic',
          kind: 'anthropic',
          name: 'Anthropic',
          baseUrl: 'https://gateway.example.com/anthropic',
          defaultModel: 'claude-opus-5',
        },
        OPENAI,
        { ...OLLAMA, images: false },
      ],
      defaultProvider: 'ollama',
      oauth: earlier.oauth,
      sampling: earlier.sampling,
      elicitation: earlier.elicitation,
      activity: DEFAULT_SETTINGS.activity,
      toolTokenBudget: 30000,
    };
    const store = SettingsStore.inHome(dir);
    expect(await store.get()).toEqual({ settings: today, problems: [] });
    // Read, not rewritten: an older Switchboard on the same folder still reads it until a save.
    expect(JSON.parse(await readFile(file, 'utf8'))).toEqual(earlier);
    await store.set((await store.get()).settings);
    const written = JSON.parse(await readFile(file, 'utf8'));
    expect(written).toEqual(today);
    expect(written.anthropic).toBeUndefined();
    expect(await SettingsStore.inHome(dir).get()).toEqual({ settings: today, problems: [] });
  });

  it("today's form: an unknown kind, a built-in under another id, a field of another kind, a second form beside it — each named, the rest kept", async () => {
    const file = path.join(dir, 'settings.json');
    await writeFile(
      file,
      JSON.stringify({
        providers: [
          {
            id: 'anthropic',
            kind: 'anthropic',
            name: 'Anthropic',
            baseUrl: 'https://api.anthropic.com',
            images: false,
          },
          { id: 'gem', kind: 'gemini', name: 'Gemini', baseUrl: 'https://gemini.example.com' },
          { id: 'claude2', kind: 'anthropic', name: 'Another', baseUrl: 'https://api.anthropic.com' },
          {
            id: 'gw',
            kind: 'openai-compatible',
            name: 'Gateway',
            baseUrl: 'https://gw.example.com/v1',
            images: true,
          },
        ],
        openai: [{ id: 'old', name: 'Old', baseUrl: 'https://old.example.com/v1' }],
        defaultProvider: 'gw',
      }),
    );
    const { settings, problems } = await SettingsStore.inHome(dir).get();
    expect(settings.providers).toEqual([
      { id: 'anthropic', kind: 'anthropic', name: 'Anthropic', baseUrl: 'https://api.anthropic.com' },
      { id: 'gw', kind: 'openai-compatible', name: 'Gateway', baseUrl: 'https://gw.example.com/v1' },
    ]);
    expect(settings.defaultProvider).toBe('gw');
    expect(problems).toEqual([
      'openai: an earlier version\'s form of the providers, not read beside "providers"',
      'providers[0] (anthropic).images: not a setting of Anthropic providers',
      'providers[1] (gem).kind: "gemini" is not a kind of provider this version knows (anthropic, openai-compatible)',
      'providers[2] (claude2).id: the Anthropic provider is "anthropic"; Settings holds one',
      'providers[3] (gw).images: true is not one it takes',
    ]);
  });

  it('refuses to save a base URL with credentials, a query, or that is not a URL', async () => {
    const store = SettingsStore.inHome(dir);
    for (const [baseUrl, why] of [
      ['https://user:pw@gateway.example', 'must not carry a user name or password'],
      ['https://gateway.example/?key=1', 'must not have a query'],
      ['gateway', 'is not a URL'],
    ] as const) {
      const providers: Settings['providers'] = [{ ...DEFAULT_SETTINGS.providers[0]!, baseUrl }];
      await expect(store.set({ ...DEFAULT_SETTINGS, providers })).rejects.toThrow(why);
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

  it('keeps a registry address it would take what to run from, and names a bad one', async () => {
    const store = SettingsStore.inHome(dir);
    await store.set({ ...DEFAULT_SETTINGS, registryUrl: 'https://mirror.example.com/mcp' });
    expect((await store.get()).settings.registryUrl).toBe('https://mirror.example.com/mcp');
    await store.set({ ...DEFAULT_SETTINGS, registryUrl: 'http://127.0.0.1:4010' });
    for (const [registryUrl, why] of [
      ['http://registry.example.com', 'uses plain http to another computer'],
      ['ftp://registry.example.com', 'must be an https:// address'],
      ['https://me:pw@registry.example.com', 'must not hold a user name or password'],
      ['https://registry.example.com/?x=1', 'must not have a query'],
      ['registry.example.com', 'is not a URL'],
    ] as const) {
      await expect(store.set({ ...DEFAULT_SETTINGS, registryUrl })).rejects.toThrow(
        `registryUrl: ${JSON.stringify(registryUrl)} ${why}`,
      );
    }
    await writeFile(path.join(dir, 'settings.json'), JSON.stringify({ registryUrl: 42 }));
    const reread = await SettingsStore.inHome(dir).get();
    expect(reread.problems).toEqual(['registryUrl: 42 not a string']);
    expect(reread.settings.registryUrl).toBeUndefined();
  });
});

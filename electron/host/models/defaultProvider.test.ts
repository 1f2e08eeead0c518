import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ProviderSettings } from '../../../shared/host/providerSettings';
import { ProviderError } from '../../llm/providerError';
import { Host } from '../host';
import { type HostService, hostService } from '../hostService';

let home: string;
let host: Host | undefined;
let service: HostService;

beforeEach(async () => {
  home = await mkdtemp(path.join(tmpdir(), 'sb-default-provider-'));
  await writeFile(path.join(home, 'config.json'), JSON.stringify({ mcpServers: {} }));
  host = await Host.create({ home });
  service = hostService(host);
});
afterEach(async () => {
  service.dispose();
  await host?.shutdown();
  host = undefined;
  await rm(home, { recursive: true, force: true });
});

const local: ProviderSettings = {
  id: 'ollama',
  kind: 'openai-compatible',
  name: 'Ollama',
  baseUrl: 'http://localhost:11434/v1',
};
const remote: ProviderSettings = {
  id: 'gateway',
  kind: 'openai-compatible',
  name: 'Company gateway',
  baseUrl: 'https://llm.example.com/v1',
};
const defaultNow = async () => (await service.getSettings()).settings.defaultProvider;
/** Saves Settings as the providers card does: the providers changed, the default as it is. */
async function add(...providers: ProviderSettings[]) {
  const current = (await service.getSettings()).settings;
  await service.saveSettings({ ...current, providers: [...current.providers, ...providers] });
}

describe('the default provider is one that can be asked, when there is one', () => {
  it('a fresh data folder: adding a keyless provider on this computer makes it the default (Anthropic has no key)', async () => {
    expect(await defaultNow()).toBe('anthropic');
    await add(local);
    expect(await defaultNow()).toBe('ollama');
    // Written to settings.json, not only said: the next start has it.
    await host!.shutdown();
    host = await Host.create({ home });
    service = hostService(host);
    expect(await defaultNow()).toBe('ollama');
  });

  it('a provider that needs a key does not become the default until its key is stored', async () => {
    await add(remote);
    expect(await defaultNow()).toBe('anthropic');
    await service.setApiKey('gateway', 'sk-gw-default-7f1e');
    expect(await defaultNow()).toBe('gateway');
  });

  it('a default that can be asked stays when another provider is added', async () => {
    await service.setApiKey('anthropic', 'sk-ant-default-0c3d');
    await add(local);
    expect(await defaultNow()).toBe('anthropic');
  });

  it('the default’s key removed: the first provider that can be asked takes over', async () => {
    await service.setApiKey('anthropic', 'sk-ant-default-0c3d');
    await add(remote, local);
    expect(await defaultNow()).toBe('anthropic');
    await service.setApiKey('anthropic', null);
    expect(await defaultNow()).toBe('ollama');
  });

  it('nothing can be asked: the default stays where it is', async () => {
    await add(remote);
    await service.setApiKey('anthropic', 'sk-ant-default-0c3d');
    await service.setApiKey('anthropic', null);
    expect(await defaultNow()).toBe('anthropic');
  });
});

describe('a conversation on a provider that cannot be asked', () => {
  it('is told there is no key (so the chat can offer one that can be asked), not that a model list failed', async () => {
    const error = await host!.providers
      .forConversation({ provider: 'anthropic', maxTokens: 100 })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProviderError);
    expect(error).toMatchObject({
      kind: 'no-key',
      message: 'No API key for Anthropic: add one in Settings.',
    });
  });
});

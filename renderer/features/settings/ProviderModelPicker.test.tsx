// @vitest-environment happy-dom
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, type SettingsView } from '../../../shared/host/settings';
import { useApp } from '../../state/store';
import { recordingHost, renderWithHost } from '../../test/render';
import { ProviderModelPicker } from './ProviderModelPicker';

afterEach(() => useApp.setState(useApp.getInitialState(), true));

const VIEW: SettingsView = {
  settings: DEFAULT_SETTINGS,
  problems: [],
  registry: {
    url: 'https://registry.modelcontextprotocol.io',
    from: 'default',
    envName: 'SWITCHBOARD_REGISTRY_URL',
  },
  providers: [
    {
      id: 'anthropic',
      kind: 'anthropic',
      name: 'Anthropic',
      baseUrl: DEFAULT_SETTINGS.providers[0]!.baseUrl,
      hasKey: true,
      local: false,
      keyOrigin: 'https://api.anthropic.com',
    },
  ],
};

function picker(provider: string) {
  return (
    <ProviderModelPicker
      idPrefix="t"
      provider={provider}
      model=""
      onProvider={() => {}}
      onModel={() => {}}
      emptyLabel="The default provider"
      modelPlaceholder="the provider's default model"
    />
  );
}

describe('the provider picker', () => {
  it('shows the chosen provider while the list is read, and one removed from Settings as removed — never as the default', async () => {
    let answer: ((v: SettingsView) => void) | undefined;
    const { host } = recordingHost({
      getSettings: () => new Promise<SettingsView>((r) => (answer = r)),
      listModels: async () => ({ models: [] }),
    });
    renderWithHost(picker('gw'), host);
    const select = screen.getByLabelText('Provider') as HTMLSelectElement;
    // Not read yet: the conversation's provider is what the select says.
    expect(select.value).toBe('gw');
    await waitFor(() => expect(answer).toBeDefined());
    answer!(VIEW);
    // Read, and it is not there: said so, still chosen.
    await waitFor(() => expect(select.selectedOptions[0]?.textContent).toBe('gw (no longer in Settings)'));
    expect(select.value).toBe('gw');
  });

  it('a provider Settings holds shows by its name, with no extra choice', async () => {
    const { host } = recordingHost({
      getSettings: async () => VIEW,
      listModels: async () => ({ models: [] }),
    });
    renderWithHost(picker('anthropic'), host);
    const select = screen.getByLabelText('Provider') as HTMLSelectElement;
    await waitFor(() => expect(select.selectedOptions[0]?.textContent).toBe('Anthropic'));
    expect(Array.from(select.options, (o) => o.textContent)).toEqual(['The default provider', 'Anthropic']);
  });
});

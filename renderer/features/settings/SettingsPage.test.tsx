// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ProviderSettings } from '../../../shared/host/providerSettings';
import { DEFAULT_SETTINGS, type Settings, type SettingsView } from '../../../shared/host/settings';
import { useApp } from '../../state/store';
import { recordingHost, renderWithHost } from '../../test/render';
import { SettingsPage } from './SettingsPage';

afterEach(() => useApp.setState(useApp.getInitialState(), true));

const GATEWAY: ProviderSettings = {
  id: 'gw',
  kind: 'openai-compatible',
  name: 'Gateway',
  baseUrl: 'http://127.0.0.1:9/v1',
};
const gatewayOf = (settings: Settings) => settings.providers.find((p) => p.id === 'gw');

function viewOf(settings: Settings): SettingsView {
  return {
    settings,
    problems: [],
    registry: {
      url: 'https://registry.modelcontextprotocol.io',
      from: 'default',
      envName: 'SWITCHBOARD_REGISTRY_URL',
    },
    providers: settings.providers.map((p) => ({
      id: p.id,
      kind: p.kind,
      name: p.name,
      baseUrl: p.baseUrl,
      hasKey: false,
      local: p.kind !== 'anthropic',
      keyOrigin: new URL(p.baseUrl).origin,
    })),
  };
}

/** On the gateway's card: its default model typed and saved (the card saves at once). */
async function saveGatewayModel(model: string) {
  const row = within(await screen.findByRole('form', { name: 'Gateway default model' }));
  fireEvent.change(row.getByLabelText('Default model'), { target: { value: model } });
  fireEvent.click(row.getByRole('button', { name: 'Save model' }));
}

describe('Settings', () => {
  it('a provider card saved while the person picks the default provider does not undo their pick', async () => {
    // What the host holds; each saveSettings replaces it. One getSettings (the card's, after its save) answers late.
    let saved: Settings = { ...DEFAULT_SETTINGS, providers: [...DEFAULT_SETTINGS.providers, GATEWAY] };
    let hold: (() => void) | undefined;
    let saves = 0;
    let held = false;
    const { host, calls } = recordingHost({
      getSettings: async () => {
        const now = viewOf(saved);
        // The card's read after its save answers late: after the person's pick below.
        if (saves === 1 && !held) {
          held = true;
          await new Promise<void>((r) => (hold = r));
        }
        return now;
      },
      saveSettings: async (s) => {
        saves++;
        saved = s as Settings;
      },
      listModels: async () => ({ models: [] }),
    });
    renderWithHost(<SettingsPage />, host);
    await saveGatewayModel('gpt-5.5');
    await waitFor(() => expect(hold).toBeDefined());
    // Meanwhile the person makes the gateway the default for new conversations.
    fireEvent.change(screen.getByLabelText('New conversations use'), { target: { value: 'gw' } });
    hold!();
    await waitFor(() => expect(gatewayOf(saved)?.defaultModel).toBe('gpt-5.5'));
    await new Promise((r) => setTimeout(r, 20));
    expect((screen.getByLabelText('New conversations use') as HTMLSelectElement).value).toBe('gw');
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    await waitFor(() => expect(saved.defaultProvider).toBe('gw'));
    // The card's save kept the gateway's model, and was made on top of what was saved then.
    expect(gatewayOf(saved)?.defaultModel).toBe('gpt-5.5');
    expect(calls.filter((c) => c.method === 'saveSettings')).toHaveLength(2);
  });
  it('"Save settings" pressed while a provider card save is on its way keeps both: the model and the default', async () => {
    // Found by the providers e2e under load: the model saved just before was undone by the form's
    // save, which wrote the providers as the page had read them.
    let saved: Settings = { ...DEFAULT_SETTINGS, providers: [...DEFAULT_SETTINGS.providers, GATEWAY] };
    let release: (() => void) | undefined;
    const { host, calls } = recordingHost({
      getSettings: async () => viewOf(saved),
      saveSettings: async (s) => {
        // The card's write (the first) takes its time on the host.
        if (!release) await new Promise<void>((r) => (release = r));
        saved = s as Settings;
      },
      listModels: async () => ({ models: [] }),
    });
    renderWithHost(<SettingsPage />, host);
    await saveGatewayModel('gpt-5.5');
    await waitFor(() => expect(release).toBeDefined());
    fireEvent.change(screen.getByLabelText('New conversations use'), { target: { value: 'gw' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    await new Promise((r) => setTimeout(r, 20));
    release!();
    await waitFor(() => expect(calls.filter((c) => c.method === 'saveSettings')).toHaveLength(2));
    await waitFor(() => expect(saved.defaultProvider).toBe('gw'));
    expect(gatewayOf(saved)?.defaultModel).toBe('gpt-5.5');
  });

  it('elicitation requests per server per minute are a setting of their own, saved with the form', async () => {
    let saved: Settings = DEFAULT_SETTINGS;
    const { host } = recordingHost({
      getSettings: async () => viewOf(saved),
      saveSettings: async (s) => {
        saved = s as Settings;
      },
      listModels: async () => ({ models: [] }),
    });
    renderWithHost(<SettingsPage />, host);
    const field = (await screen.findByRole('spinbutton', {
      name: 'Requests per server per minute',
      description: /a fourth while three of one server's wait for you/,
    })) as HTMLInputElement;
    expect(field.value).toBe('10');
    fireEvent.change(field, { target: { value: '4' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    await waitFor(() => expect(saved.elicitation).toEqual({ perServerPerMinute: 4 }));
    expect(saved.sampling).toEqual(DEFAULT_SETTINGS.sampling);
  });

  it('saves the server registry, and says when the environment overrides it', async () => {
    let saved: Settings = DEFAULT_SETTINGS;
    const { host } = recordingHost({
      getSettings: async () => ({
        ...viewOf(saved),
        registry: { url: 'http://127.0.0.1:4010', from: 'env', envName: 'SWITCHBOARD_REGISTRY_URL' },
      }),
      saveSettings: async (s) => {
        saved = s as Settings;
      },
    });
    renderWithHost(<SettingsPage />, host);
    const field = (await screen.findByLabelText('Server registry')) as HTMLInputElement;
    expect(field.placeholder).toBe('https://registry.modelcontextprotocol.io');
    expect(document.querySelector('[data-registry-from="env"]')?.textContent).toBe(
      'The environment variable SWITCHBOARD_REGISTRY_URL overrides this setting: Browse reads http://127.0.0.1:4010 while it is set.',
    );
    fireEvent.change(field, { target: { value: 'https://mirror.example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    await waitFor(() => expect(saved.registryUrl).toBe('https://mirror.example.com'));
    fireEvent.change(field, { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    await waitFor(() => expect('registryUrl' in saved).toBe(false));
  });

  it('"Title conversations with the model" is on until turned off, saved as false, and on again as the default', async () => {
    let saved: Settings = DEFAULT_SETTINGS;
    const { host } = recordingHost({
      getSettings: async () => viewOf(saved),
      saveSettings: async (s) => {
        saved = s as Settings;
      },
    });
    renderWithHost(<SettingsPage />, host);
    const box = (await screen.findByRole('checkbox', {
      name: 'Title conversations with the model',
      description: /one more short request/,
    })) as HTMLInputElement;
    expect(box.checked).toBe(true);
    fireEvent.click(box);
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    await waitFor(() => expect(saved.titleWithModel).toBe(false));
    await waitFor(() =>
      expect(
        (screen.getByRole('checkbox', { name: /Title conversations/ }) as HTMLInputElement).checked,
      ).toBe(false),
    );
    fireEvent.click(screen.getByRole('checkbox', { name: /Title conversations/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    await waitFor(() => expect('titleWithModel' in saved).toBe(false));
  });

  it("the activity record's retention and 'keep whole results' are saved as set", async () => {
    let saved: Settings = DEFAULT_SETTINGS;
    const { host } = recordingHost({
      getSettings: () => viewOf(saved),
      saveSettings: (next: unknown) => {
        saved = next as Settings;
      },
    });
    renderWithHost(<SettingsPage />, host);
    fireEvent.change(await screen.findByLabelText('Keep older entries for (days)'), {
      target: { value: '30' },
    });
    fireEvent.change(screen.getByLabelText('Keep at most (MB)'), { target: { value: '0' } });
    fireEvent.click(screen.getByLabelText(/Keep whole results/));
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    await waitFor(() =>
      expect(saved.activity).toEqual({ keepDays: 30, keepMegabytes: 0, keepResultsWhole: true }),
    );
  });
});

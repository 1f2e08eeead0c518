// @vitest-environment happy-dom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ServerView } from '../../../shared/host/serverView';
import { useApp } from '../../state/store';
import { recordingHost, renderWithHost } from '../../test/render';
import { FirstRunChecklist } from './FirstRunChecklist';

afterEach(() => {
  useApp.setState(useApp.getInitialState(), true);
  localStorage.clear();
});

const server = (id: string, extra: Partial<ServerView>): ServerView => ({
  id,
  kind: 'stdio',
  target: 'npx server',
  wireTrace: false,
  state: { status: 'stopped' },
  ...extra,
});
const running = (id: string) =>
  server(id, {
    state: {
      status: 'running',
      protocolVersion: '2025-11-25',
      serverInfo: { name: id, version: '1' },
      capabilities: {},
      since: 0,
    },
  });
const waiting = (id: string) =>
  server(id, { trustRequired: { command: 'npx', args: [], env: [], identity: 'a'.repeat(64) } });

describe('FirstRunChecklist', () => {
  it('walks a new person through key, server and confirmation, then goes away', async () => {
    const { host } = recordingHost({
      getSettings: () => ({
        settings: { defaultProvider: 'anthropic' },
        providers: [{ id: 'anthropic', name: 'Anthropic', hasKey: false, local: false }],
      }),
    });
    useApp.setState({ connected: true, servers: [] });
    renderWithHost(<FirstRunChecklist />, host);
    const list = await screen.findByRole('region', { name: 'Getting started' });
    expect(list.textContent).toContain('Add your Anthropic API key (or another model provider)');
    fireEvent.click(screen.getByRole('button', { name: 'Open Settings' }));
    expect(useApp.getState().pane).toBe('settings');

    // Key saved, a server added that waits for its command to be confirmed.
    useApp.setState({
      modelSetup: { ready: true, defaultName: 'Anthropic' },
      pane: 'chats',
      servers: [
        server('files', { trustRequired: { command: 'npx', args: [], env: [], identity: 'a'.repeat(64) } }),
      ],
    });
    await screen.findByText('Confirm what a server runs before it starts');
    expect(screen.getAllByText('(done)')).toHaveLength(2);

    useApp.setState({ servers: [running('files')] });
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Getting started' })).toBeNull());
  });

  it('once a provider and a server have worked, what needs doing again is a one-line chip, after a reload too', async () => {
    const { host } = recordingHost({});
    useApp.setState({
      connected: true,
      modelSetup: { ready: true, defaultName: 'Anthropic' },
      servers: [running('files'), waiting('memory')],
    });
    const first = renderWithHost(<FirstRunChecklist />, host);
    const chip = await screen.findByRole('region', { name: 'Getting started' });
    expect(chip.textContent).toBe('○ 1 server waits for you to trust itOpen Servers');
    expect(chip.querySelector('li')).toBeNull();
    first.unmount();

    // Later (the page reloaded), the only server updated and waiting: still the chip, not the checklist.
    useApp.setState({ servers: [waiting('files'), waiting('memory')] });
    renderWithHost(<FirstRunChecklist />, host);
    expect((await screen.findByRole('region', { name: 'Getting started' })).textContent).toBe(
      '○ 2 servers wait for you to trust themOpen Servers',
    );
  });

  const settingsWith = (defaultProvider: string, providers: object[]) => () => ({
    settings: { defaultProvider },
    providers,
  });
  const anthropic = { id: 'anthropic', name: 'Anthropic', hasKey: false, local: false };
  const ollama = { id: 'ollama', name: 'Ollama', hasKey: false, local: true };

  it('the model step is done when new conversations use a keyless provider on this computer', async () => {
    const { host } = recordingHost({ getSettings: settingsWith('ollama', [anthropic, ollama]) });
    useApp.setState({ connected: true, servers: [] });
    renderWithHost(<FirstRunChecklist />, host);
    const list = await screen.findByRole('region', { name: 'Getting started' });
    await waitFor(() => expect(list.textContent).toContain('New conversations use Ollama (done)'));
  });

  it('the model step is not done while the only provider needs a key and has none', async () => {
    const { host } = recordingHost({
      getSettings: settingsWith('gateway', [
        anthropic,
        { id: 'gateway', name: 'Gateway', hasKey: false, local: false },
      ]),
    });
    useApp.setState({ connected: true, servers: [] });
    renderWithHost(<FirstRunChecklist />, host);
    const list = await screen.findByRole('region', { name: 'Getting started' });
    expect(list.textContent).toContain('Add your Anthropic API key (or another model provider)');
    expect(list.textContent).not.toContain('(done)');
  });

  it('the model step is not done while the default has no key though another provider works, and names that one', async () => {
    const { host } = recordingHost({ getSettings: settingsWith('anthropic', [anthropic, ollama]) });
    useApp.setState({ connected: true, servers: [] });
    renderWithHost(<FirstRunChecklist />, host);
    const list = await screen.findByRole('region', { name: 'Getting started' });
    expect(list.querySelector('li')!.textContent).toBe(
      '○ New conversations use Anthropic, which has no API key: add it, or choose Ollama in SettingsOpen Settings',
    );
  });
});

// @vitest-environment happy-dom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ServerView } from '../../../shared/host/serverView';
import { useApp } from '../../state/store';
import { recordingHost, renderWithHost } from '../../test/render';
import { FirstRunChecklist } from './FirstRunChecklist';

afterEach(() => useApp.setState(useApp.getInitialState(), true));

const server = (id: string, extra: Partial<ServerView>): ServerView => ({
  id,
  kind: 'stdio',
  target: 'npx server',
  wireTrace: false,
  state: { status: 'stopped' },
  ...extra,
});

describe('FirstRunChecklist', () => {
  it('walks a new person through key, server and confirmation, then goes away', async () => {
    const { host } = recordingHost({
      getSettings: () => ({
        hasApiKey: false,
        providers: [{ id: 'anthropic', hasKey: false, local: false }],
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
      hasApiKey: true,
      pane: 'chats',
      servers: [
        server('files', { trustRequired: { command: 'npx', args: [], env: [], identity: 'a'.repeat(64) } }),
      ],
    });
    await screen.findByText('Confirm what a server runs before it starts');
    expect(screen.getAllByText('(done)')).toHaveLength(2);

    useApp.setState({
      servers: [
        server('files', {
          state: {
            status: 'running',
            protocolVersion: '2025-11-25',
            serverInfo: { name: 'files', version: '1' },
            capabilities: {},
            since: 0,
          },
        }),
      ],
    });
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Getting started' })).toBeNull());
  });
});

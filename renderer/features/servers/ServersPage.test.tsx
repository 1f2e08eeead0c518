// @vitest-environment happy-dom
import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ServerView } from '../../../shared/host/serverView';
import { useApp } from '../../state/store';
import { recordingHost, renderWithHost } from '../../test/render';
import { ServersPage } from './ServersPage';

afterEach(() => useApp.setState(useApp.getInitialState(), true));

/** The one server these tests change: only its status differs between them. */
const notes = (status: 'stopped' | 'starting'): ServerView =>
  ({ id: 'notes', kind: 'stdio', target: 'notes', wireTrace: false, state: { status } }) as ServerView;

describe('the Servers page’s word on secrets in a plain file', () => {
  it('says nothing before a secret exists; says it once one is stored (asked again when the servers change)', async () => {
    const storage = { encrypted: false, holdsSecrets: false };
    const { host, calls } = recordingHost({
      secretStorage: () => ({ ...storage }),
      checkServerUpdate: () => ({ state: 'none' }),
    });
    renderWithHost(<ServersPage />, host);
    await waitFor(() => expect(calls.some((c) => c.method === 'secretStorage')).toBe(true));
    await new Promise((r) => setTimeout(r, 20));
    expect(screen.queryByText(/not encrypted/)).toBeNull();
    // A server saved with a secret: the list changes, the store holds one now.
    storage.holdsSecrets = true;
    act(() =>
      useApp.setState({
        servers: [notes('stopped')],
      }),
    );
    await screen.findByText('Secrets are stored in a file only you can read, but not encrypted.');
    // A status change alone (the server starting) is not a reason to read the store again.
    const asked = calls.filter((c) => c.method === 'secretStorage').length;
    act(() =>
      useApp.setState({
        servers: [notes('starting')],
      }),
    );
    await new Promise((r) => setTimeout(r, 20));
    expect(calls.filter((c) => c.method === 'secretStorage').length).toBe(asked);
  });

  it('says nothing where secrets are encrypted', async () => {
    const { host, calls } = recordingHost({ secretStorage: () => ({ encrypted: true, holdsSecrets: true }) });
    renderWithHost(<ServersPage />, host);
    await waitFor(() => expect(calls.some((c) => c.method === 'secretStorage')).toBe(true));
    await new Promise((r) => setTimeout(r, 20));
    expect(screen.queryByText(/not encrypted/)).toBeNull();
  });
});

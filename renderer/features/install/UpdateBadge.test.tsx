// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { PrepareUpdateResult } from '../../../shared/host/updateView';
import { HostContext } from '../../components/HostContext';
import { recordingHost, renderWithHost } from '../../test/render';
import { UpdateBadge } from './UpdateBadge';

const SERVER = { id: 'memory', target: 'npx -y @modelcontextprotocol/server-memory@2026.7.4' };
const PREVIEW: PrepareUpdateResult = {
  ok: true,
  planId: '0b0e3c1a-7d3c-4a3e-9a7e-2f1d3c4b5a69',
  server: 'memory',
  entry: 'io.github.fixture/memory',
  registryUrl: 'http://127.0.0.1:4010',
  from: '1.0.0',
  to: '1.1.0',
  before: {
    kind: 'stdio',
    launch: {
      command: 'npx',
      args: ['-y', '@modelcontextprotocol/server-memory@2026.7.4'],
      env: [{ name: 'MEMORY_TOKEN', secret: true }],
    },
  },
  after: {
    kind: 'stdio',
    launch: {
      command: 'npx',
      args: ['-y', '@modelcontextprotocol/server-memory@2026.8.31'],
      env: [
        { name: 'MEMORY_LOG', value: 'info' },
        { name: 'MEMORY_TOKEN', secret: true },
      ],
    },
  },
  runtime: { ok: true, path: '/usr/bin/npx' },
  kept: ['MEMORY_TOKEN'],
  secrets: [],
};

describe('UpdateBadge', () => {
  it('says nothing for a server that is current or not from a registry, and "could not check" quietly', async () => {
    const none = recordingHost({ checkServerUpdate: () => ({ state: 'current', version: '1.0.0' }) });
    const { container } = renderWithHost(<UpdateBadge server={SERVER} />, none.host);
    await waitFor(() => expect(none.calls).toEqual([{ method: 'checkServerUpdate', args: ['memory'] }]));
    expect(container.textContent).toBe('');
    const failing = recordingHost({
      checkServerUpdate: () => ({
        state: 'unknown',
        version: '1.0.0',
        reason: 'The registry refused the connection',
      }),
    });
    renderWithHost(<UpdateBadge server={SERVER} />, failing.host);
    const note = await screen.findByText('Updates: could not check');
    expect(note.getAttribute('title')).toBe('The registry refused the connection');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says which version is available, and Update… shows the launch now and after before anything is written', async () => {
    let updated = false;
    const { host, calls } = recordingHost({
      checkServerUpdate: () =>
        updated
          ? { state: 'current', version: '1.1.0' }
          : { state: 'available', from: '1.0.0', to: '1.1.0', entry: 'io.github.fixture/memory' },
      prepareUpdate: () => PREVIEW,
      confirmUpdate: () => {
        updated = true;
        return { server: 'memory', version: '1.1.0' };
      },
    });
    const { rerender } = renderWithHost(<UpdateBadge server={SERVER} />, host);
    expect((await screen.findByText(/Update available/)).textContent).toBe('Update available: 1.0.0 → 1.1.0');
    fireEvent.click(screen.getByRole('button', { name: 'Update…' }));
    const diff = await screen.findByRole('table', { name: 'What the update changes' });
    const runs = within(diff).getByRole('row', { name: /Runs/ });
    expect(runs.getAttribute('data-change')).toBe('changed');
    expect(runs.querySelector('td.before del')?.textContent).toContain('server-memory@2026.7.4');
    expect(runs.querySelector('td.after ins')?.textContent).toContain('server-memory@2026.8.31');
    expect(
      within(diff)
        .getByRole('row', { name: /env MEMORY_LOG/ })
        .getAttribute('data-change'),
    ).toBe('added');
    expect(within(diff).getByRole('row', { name: /env MEMORY_TOKEN/ }).textContent).toContain(
      'a stored secret',
    );
    expect(calls.map((c) => c.method)).toEqual(['checkServerUpdate', 'prepareUpdate']);
    expect(calls[1]!.args).toEqual([{ server: 'memory', values: {} }]);
    fireEvent.click(screen.getByRole('button', { name: 'Update to 1.1.0' }));
    expect((await screen.findByRole('status')).textContent).toContain('trust the new command');
    expect(calls.at(-1)).toEqual({ method: 'confirmUpdate', args: [PREVIEW.planId] });
    // The card then runs something else and is current: the badge goes, the dialog stays until closed.
    rerender(
      <HostContext.Provider value={host}>
        <UpdateBadge server={{ ...SERVER, target: 'npx -y @modelcontextprotocol/server-memory@2026.8.31' }} />
      </HostContext.Provider>,
    );
    await waitFor(() => expect(screen.queryByText(/Update available/)).toBeNull());
    expect(screen.getByRole('status').textContent).toContain('now records version 1.1.0');
    expect(calls.filter((c) => c.method === 'prepareUpdate')).toHaveLength(1);
  });

  it('asks what the new version needs, a kept value left empty to keep it, then shows the difference', async () => {
    let asked = 0;
    const { host, calls } = recordingHost({
      checkServerUpdate: () => ({
        state: 'available',
        from: '1.0.0',
        to: '2.0.0',
        entry: 'io.github.fixture/memory',
      }),
      prepareUpdate: () =>
        asked++ === 0
          ? {
              ok: false,
              server: 'memory',
              from: '1.0.0',
              to: '2.0.0',
              problems: [
                {
                  field: 'packages/0/environmentVariables/2',
                  message: 'environment variable REGION is required',
                },
              ],
              fields: [
                {
                  key: 'packages/0/environmentVariables/0',
                  label: 'MEMORY_TOKEN',
                  target: 'env',
                  format: 'string',
                  required: true,
                  secret: true,
                  repeated: false,
                },
                {
                  key: 'packages/0/environmentVariables/2',
                  label: 'REGION',
                  target: 'env',
                  format: 'string',
                  required: true,
                  secret: false,
                  repeated: false,
                },
              ],
              kept: ['packages/0/environmentVariables/0'],
            }
          : { ...PREVIEW, to: '2.0.0' },
    });
    renderWithHost(<UpdateBadge server={SERVER} />, host);
    fireEvent.click(await screen.findByRole('button', { name: 'Update…' }));
    expect(await screen.findByText('environment variable REGION is required')).toBeTruthy();
    const token = screen.getByLabelText(/MEMORY_TOKEN/) as HTMLInputElement;
    expect(token.required).toBe(false);
    expect(token.placeholder).toContain('leave empty to keep');
    fireEvent.change(screen.getByLabelText(/REGION/), { target: { value: 'eu' } });
    fireEvent.click(screen.getByRole('button', { name: 'Review…' }));
    await screen.findByRole('table', { name: 'What the update changes' });
    expect(calls.filter((c) => c.method === 'prepareUpdate').map((c) => c.args[0])).toEqual([
      { server: 'memory', values: {} },
      { server: 'memory', values: { 'packages/0/environmentVariables/2': 'eu' } },
    ]);
  });
});

// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { SandboxView } from '../../../shared/host/sandboxRules';
import type { ServerView } from '../../../shared/host/serverView';
import { useApp } from '../../state/store';
import { recordingHost, renderWithHost } from '../../test/render';
import { ServerCard } from './ServerCard';

afterEach(() => useApp.setState(useApp.getInitialState(), true));

const HIDDEN = ['credentials, keys, browser profiles and keychains', "Switchboard's data folder"];

const local = (sandbox: SandboxView | undefined, extra: Partial<ServerView> = {}): ServerView => ({
  id: 'notes',
  kind: 'stdio',
  target: 'node notes.js',
  wireTrace: false,
  state: { status: 'stopped' },
  ...(sandbox ? { sandbox } : {}),
  ...extra,
});

function renderCard(server: ServerView) {
  // The card asks whether an update is out (nothing here).
  const { host, calls } = recordingHost({ checkServerUpdate: () => ({ state: 'none' }) });
  const rendered = renderWithHost(<ServerCard server={server} />, host);
  const section = () => screen.getByRole('region', { name: `Sandbox: ${server.id}` });
  return { ...rendered, calls, section };
}

describe('a local server’s card on its sandbox', () => {
  it('says an unconfined server runs with the person’s full rights, and offers the sandbox', async () => {
    const { calls, section, container } = renderCard(local({ state: 'off' }));
    expect(section().textContent).toContain(
      'Runs with your full rights: it can read, write and reach everything you can',
    );
    expect(container.querySelector('[data-sandbox-badge]')).toBeNull();
    fireEvent.click(within(section()).getByRole('button', { name: 'Run sandboxed' }));
    await waitFor(() => expect(calls).toContainEqual({ method: 'setServerSandbox', args: ['notes', true] }));
  });

  it('says a confined one is sandboxed, where it may write, what it may reach and what is hidden', () => {
    const { section, container } = renderCard(
      local({
        state: 'confined',
        writes: ['its own folder', '~/work'],
        hosts: [],
        hidden: HIDDEN,
        violations: [],
      }),
    );
    expect(container.querySelector('[data-sandbox-badge]')!.textContent).toBe('Sandboxed');
    expect(section().querySelector('.sandbox-reach')!.textContent).toBe(
      "May write: its own folder, ~/work · May reach: (none) · Hidden: credentials, keys, browser profiles and keychains, Switchboard's data folder",
    );
  });

  it('shortens a long list to its first few, the rest a click away', () => {
    const hosts = ['a.example', 'b.example', 'c.example', 'd.example', 'e.example', 'f.example'];
    const { section } = renderCard(
      local({ state: 'confined', writes: ['its own folder'], hosts, hidden: HIDDEN, violations: [] }),
    );
    const reach = () => section().querySelector('[data-places="May reach"]')!.textContent;
    expect(reach()).toBe('May reach: a.example, b.example, c.example +3 more');
    fireEvent.click(within(section()).getByRole('button', { name: '+3 more' }));
    expect(reach()).toBe(`May reach: ${hosts.join(', ')} fewer`);
  });

  it('turns the sandbox off only after saying what that means', async () => {
    const { calls, section } = renderCard(
      local({ state: 'confined', writes: ['its own folder'], hosts: [], hidden: HIDDEN, violations: [] }),
    );
    fireEvent.click(within(section()).getByRole('button', { name: 'Turn off sandbox…' }));
    const confirm = within(section()).getByRole('group', { name: 'Turn off the sandbox of notes?' });
    expect(confirm.textContent).toContain('can read, write and reach everything you can');
    // Keeping it is where focus lands, and changes nothing.
    expect(document.activeElement?.textContent).toBe('Keep sandboxed');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Keep sandboxed' }));
    expect(calls.some((c) => c.method === 'setServerSandbox')).toBe(false);
    fireEvent.click(within(section()).getByRole('button', { name: 'Turn off sandbox…' }));
    fireEvent.click(within(section()).getByRole('button', { name: 'Run with full rights' }));
    await waitFor(() => expect(calls).toContainEqual({ method: 'setServerSandbox', args: ['notes', false] }));
  });

  it('names what is missing where the sandbox cannot run, with each install command to copy', () => {
    const { section, container } = renderCard(
      local(
        {
          state: 'unavailable',
          missing: 'bubblewrap (bwrap) not installed',
          install: {
            commands: [
              { command: 'sudo apt install bubblewrap' },
              { label: 'Fedora', command: 'sudo dnf install bubblewrap' },
            ],
          },
        },
        {
          state: {
            status: 'error',
            error: {
              message:
                'Could not start notes: the sandbox is not available: bubblewrap (bwrap) not installed. Install: sudo apt install bubblewrap',
              stderrTail: [],
              at: 1,
            },
          },
        },
      ),
    );
    expect(section().textContent).toContain(
      'the sandbox cannot run on this computer: bubblewrap (bwrap) not installed. It was not started unconfined.',
    );
    expect(Array.from(section().querySelectorAll('.copy-text code')).map((c) => c.textContent)).toEqual([
      'sudo apt install bubblewrap',
      'sudo dnf install bubblewrap',
    ]);
    expect(within(section()).getByRole('button', { name: 'Copy the install command' })).toBeTruthy();
    expect(within(section()).getByRole('button', { name: 'Copy the Fedora command' })).toBeTruthy();
    // Not confined: no badge says it is.
    expect(container.querySelector('[data-sandbox-badge]')).toBeNull();
    // Said once: the start it refused is not said again as the last error.
    expect(screen.queryByRole('region', { name: 'Last error' })).toBeNull();
  });

  it('says nothing of a sandbox where there is none to speak of (a remote server)', () => {
    renderCard(local(undefined, { kind: 'remote', target: 'https://mcp.example.com' }));
    expect(screen.queryByRole('region', { name: 'Sandbox: notes' })).toBeNull();
  });
});

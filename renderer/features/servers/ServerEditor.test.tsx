// @vitest-environment happy-dom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ServerView } from '../../../shared/host/serverView';
import { useApp } from '../../state/store';
import { recordingHost, renderWithHost } from '../../test/render';
import { ServerEditor } from './ServerEditor';

const paste = (input: HTMLElement, text: string) =>
  fireEvent.paste(input, { clipboardData: { getData: () => text } });

const pressEscape = () =>
  fireEvent(document.querySelector('dialog')!, new Event('cancel', { cancelable: true }));

describe('ServerEditor', () => {
  it('Escape with something entered asks before throwing it away; with nothing entered it closes', () => {
    let closed = 0;
    const first = renderWithHost(<ServerEditor onClose={() => closed++} />);
    pressEscape();
    expect(closed).toBe(1);
    first.unmount();
    renderWithHost(<ServerEditor onClose={() => closed++} />);
    paste(screen.getByLabelText(/^Command/), 'npx -y @modelcontextprotocol/server-everything stdio');
    pressEscape();
    expect(closed).toBe(1);
    expect(screen.getByRole('alert').textContent).toContain('Close without saving what you entered?');
    fireEvent.click(screen.getByRole('button', { name: 'Keep editing' }));
    expect(screen.queryByRole('alert')).toBeNull();
    expect((screen.getByLabelText(/^Command/) as HTMLInputElement).value).toBe('npx');
    pressEscape();
    fireEvent.click(screen.getByRole('button', { name: 'Discard' }));
    expect(closed).toBe(2);
  });

  it('a pasted command line is split into program, arguments and environment, shown before saving', async () => {
    const { host, calls } = recordingHost();
    renderWithHost(<ServerEditor onClose={() => {}} />, host);
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'everything' } });
    const command = screen.getByLabelText(/^Command/) as HTMLInputElement;
    paste(command, 'DEBUG=1 npx -y @modelcontextprotocol/server-everything stdio\n');
    expect(command.value).toBe('npx');
    expect((screen.getByLabelText('Arguments, one per line') as HTMLTextAreaElement).value).toBe(
      '-y\n@modelcontextprotocol/server-everything\nstdio',
    );
    expect(screen.getByText(/^Runs:/).textContent).toBe(
      'Runs: npx -y @modelcontextprotocol/server-everything stdio with DEBUG in its environment — Split into the program npx and 3 arguments, with DEBUG in the environment. Check them below before saving.',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByRole('button', { name: 'Save' });
    expect(calls.find((c) => c.method === 'saveServer')?.args).toEqual([
      'everything',
      {
        kind: 'stdio',
        command: 'npx',
        args: ['-y', '@modelcontextprotocol/server-everything', 'stdio'],
        env: { DEBUG: { value: '1' } },
      },
      null,
    ]);
  });

  it('a line typed and saved without leaving the field is split the same way', async () => {
    const { host, calls } = recordingHost();
    renderWithHost(<ServerEditor onClose={() => {}} />, host);
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'x' } });
    fireEvent.change(screen.getByLabelText(/^Command/), { target: { value: 'uvx "mcp server" --flag' } });
    fireEvent.submit(screen.getByRole('button', { name: 'Save' }).closest('form')!);
    await screen.findByRole('button', { name: 'Save' });
    expect(calls.find((c) => c.method === 'saveServer')?.args[1]).toMatchObject({
      command: 'uvx',
      args: ['mcp server', '--flag'],
    });
  });

  it('a shell pipeline is refused where it was typed, and nothing is saved', async () => {
    const { host, calls } = recordingHost();
    renderWithHost(<ServerEditor onClose={() => {}} />, host);
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'x' } });
    fireEvent.change(screen.getByLabelText(/^Command/), { target: { value: 'server | tee log' } });
    expect(screen.getByRole('alert').textContent).toMatch(
      /Command: shell operators are not supported \(\|\)/,
    );
    fireEvent.submit(screen.getByRole('button', { name: 'Save' }).closest('form')!);
    expect(calls.filter((c) => c.method === 'saveServer')).toEqual([]);
  });

  it('a saved program path with spaces stays one word when edited and saved again', async () => {
    const { host, calls } = recordingHost();
    renderWithHost(
      <ServerEditor
        id="app"
        draft={{ kind: 'stdio', command: '/opt/My App/server', args: ['--port', '1'], env: {} }}
        onClose={() => {}}
      />,
      host,
    );
    expect((screen.getByLabelText(/^Command/) as HTMLInputElement).value).toBe(`'/opt/My App/server'`);
    fireEvent.blur(screen.getByLabelText(/^Command/));
    fireEvent.submit(screen.getByRole('button', { name: 'Save' }).closest('form')!);
    await screen.findByRole('button', { name: 'Save' });
    expect(calls.find((c) => c.method === 'saveServer')?.args[1]).toMatchObject({
      command: '/opt/My App/server',
      args: ['--port', '1'],
    });
  });

  it("says the organization's policy refuses the server before saving; Save anyway then saves it as entered", async () => {
    const refusal = { rule: 'deniedServers[0] command "npx"', reason: 'the command npx is denied' };
    const { host, calls } = recordingHost({ draftRefusal: () => refusal });
    renderWithHost(<ServerEditor onClose={() => {}} />, host);
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'memory' } });
    paste(screen.getByLabelText(/^Command/), 'npx -y @modelcontextprotocol/server-memory');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    const said = await screen.findByRole('region', { name: /^Refused by policy/ });
    expect(said.textContent).toContain('the command npx is denied');
    expect(said.textContent).toContain('deniedServers[0] command "npx"');
    expect(said.textContent).toContain('will not start while the policy refuses it');
    expect(calls.filter((c) => c.method === 'saveServer')).toEqual([]);
    expect(calls.find((c) => c.method === 'draftRefusal')?.args.slice(0, 2)).toEqual([
      'memory',
      { kind: 'stdio', command: 'npx', args: ['-y', '@modelcontextprotocol/server-memory'], env: {} },
    ]);
    // Changing what it runs asks the policy again; the same form saved again is saved.
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'memory2' } });
    expect(screen.queryByRole('region', { name: /^Refused by policy/ })).toBeNull();
    expect(screen.getByRole('button', { name: 'Save' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Save anyway' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'saveServer')?.args[0]).toBe('memory2'));
    expect(calls.filter((c) => c.method === 'draftRefusal')).toHaveLength(2);
  });

  it('adding: the name comes from what it runs, unless the person named it; a name in use gets a number', async () => {
    const first = renderWithHost(<ServerEditor onClose={() => {}} />);
    paste(screen.getByLabelText(/^Command/), 'npx -y @modelcontextprotocol/server-memory');
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('memory');
    first.unmount();
    useApp.setState({ servers: [{ id: 'memory' } as ServerView] });
    const second = renderWithHost(<ServerEditor onClose={() => {}} />);
    paste(screen.getByLabelText(/^Command/), 'npx -y @modelcontextprotocol/server-memory');
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('memory-2');
    second.unmount();
    renderWithHost(<ServerEditor onClose={() => {}} />);
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'notes' } });
    paste(screen.getByLabelText(/^Command/), 'uvx mcp-server-git');
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('notes');
    useApp.setState({ servers: [] });
  });

  it('Save pressed straight from a typed NAME=value line saves at once: the field is not split under the click', async () => {
    const { host, calls } = recordingHost();
    renderWithHost(<ServerEditor onClose={() => {}} />, host);
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'everything' } });
    const command = screen.getByLabelText(/^Command/);
    fireEvent.change(command, {
      target: { value: 'DEBUG=1 npx -y @modelcontextprotocol/server-everything' },
    });
    const save = screen.getByRole('button', { name: 'Save' });
    fireEvent.blur(command, { relatedTarget: save });
    // Not split: nothing moved (no note, no new Environment row) between the press and the click.
    expect(screen.queryByText(/Split into/)).toBeNull();
    fireEvent.click(save);
    await waitFor(() => expect(calls.filter((c) => c.method === 'saveServer')).toHaveLength(1));
    expect(calls.find((c) => c.method === 'saveServer')?.args[1]).toMatchObject({
      command: 'npx',
      args: ['-y', '@modelcontextprotocol/server-everything'],
      env: { DEBUG: { value: '1' } },
    });
  });
});

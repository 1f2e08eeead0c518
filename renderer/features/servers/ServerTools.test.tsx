// @vitest-environment happy-dom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { type AppState, useApp } from '../../state/store';
import { recordingHost, renderWithHost } from '../../test/render';
import { ServerTools } from './ServerTools';

afterEach(() => useApp.setState(useApp.getInitialState(), true));

/** Puts `tools` in the catalog and shows `server`'s tools, with nothing approved for good. */
function renderTools(server: string, tools: AppState['catalog']['tools']) {
  useApp.setState({ catalog: { ...useApp.getState().catalog, tools, servers: [{ server, version: 1 }] } });
  const { host, calls } = recordingHost({
    getApprovals: () => ({ readOnlyAuto: false, alwaysTools: [], serverTools: [] }),
  });
  const rendered = renderWithHost(<ServerTools server={server} />, host);
  // Its rows are there only while the list is open, as a person opens it.
  const details = rendered.container.querySelector('details')!;
  details.open = true;
  fireEvent(details, new Event('toggle'));
  return { ...rendered, calls };
}

describe('ServerTools', () => {
  it('shows hidden characters in a tool’s tooltip and accessible name as markers', async () => {
    const { container } = renderTools('weather', [
      {
        name: 'weather__forecast',
        server: 'weather',
        tool: 'forecast',
        title: 'Fore\u2800cast',
        description: 'Gets the forecast\u202E and\u200B more',
        inputSchema: { type: 'object' },
        enabled: true,
        alwaysOffer: false,
      },
    ]);
    expect(container.querySelector('label.check')!.getAttribute('title')).toBe(
      'Gets the forecast⟨U+202E RIGHT-TO-LEFT OVERRIDE⟩ and⟨U+200B ZERO WIDTH SPACE⟩ more',
    );
    expect(screen.getByRole('button', { name: 'Run Fore⟨U+2800 BRAILLE PATTERN BLANK⟩cast' })).toBeTruthy();
    await screen.findByText(/Ask again for everything/);
  });

  it("lists each tool's title with its name and its description", async () => {
    const { container } = renderTools('everything', [
      {
        name: 'everything__echo',
        server: 'everything',
        tool: 'echo',
        title: 'Echo Tool',
        description: 'Echoes back the input string',
        inputSchema: { type: 'object' },
        enabled: true,
        alwaysOffer: false,
      },
      {
        name: 'everything__add',
        server: 'everything',
        tool: 'add',
        inputSchema: { type: 'object' },
        enabled: true,
        alwaysOffer: false,
      },
    ]);
    const items = Array.from(container.querySelectorAll('li[data-tool]'));
    expect(items[0]!.querySelector('.tool-names')!.textContent).toBe('Echo Tool echo');
    expect(items[0]!.querySelector('.tool-description')!.textContent).toBe('Echoes back the input string');
    expect(items[1]!.querySelector('.tool-names')!.textContent).toBe('add');
    expect(items[1]!.querySelector('.tool-description')).toBeNull();
    await screen.findByText(/Ask again for everything/);
  });

  it('marks a tool with a view, and one kept for its view or the model only (MCP Apps)', async () => {
    const tool = (name: string, ui: { resourceUri?: string; visibility: ('model' | 'app')[] }) => ({
      name: `apps__${name}`,
      server: 'apps',
      tool: name,
      inputSchema: { type: 'object' as const },
      enabled: true,
      alwaysOffer: false,
      ui,
    });
    const { container } = renderTools('apps', [
      tool('show-panel', { resourceUri: 'ui://panel/view.html', visibility: ['model', 'app'] }),
      tool('panel-refresh', { visibility: ['app'] }),
      tool('model-only', { visibility: ['model'] }),
    ]);
    const chips = (name: string) =>
      Array.from(container.querySelectorAll(`li[data-tool="${name}"] .chip`)).map((c) => c.textContent);
    expect(chips('show-panel')).toEqual(['has a view']);
    expect(chips('panel-refresh')).toEqual(['view only']);
    expect(chips('model-only')).toEqual(['model only']);
    await screen.findByText(/Ask again for everything/);
  });

  it('“always offer” is kept per tool, and offered only for tools the model may be offered at all', async () => {
    const tool = (name: string, extra: Partial<AppState['catalog']['tools'][number]> = {}) => ({
      name: `big__${name}`,
      server: 'big',
      tool: name,
      inputSchema: { type: 'object' as const },
      enabled: true,
      alwaysOffer: false,
      ...extra,
    });
    const { container, calls } = renderTools('big', [
      tool('search'),
      tool('pinned', { alwaysOffer: true }),
      tool('off', { enabled: false }),
      tool('view-only', { ui: { visibility: ['app'] } }),
    ]);
    await screen.findByText(/Ask again for everything/);
    const box = (name: string) =>
      container.querySelector<HTMLInputElement>(`li[data-tool="${name}"] .always-offer input`);
    expect(box('search')?.checked).toBe(false);
    expect(box('pinned')?.checked).toBe(true);
    // Turned off, or kept for its server's view: never sent, so nothing to pin.
    expect(box('off')).toBeNull();
    expect(box('view-only')).toBeNull();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Always offer search' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Always offer pinned' }));
    await expect
      .poll(() => calls.filter((c) => c.method === 'setToolAlwaysOffer').map((c) => c.args))
      .toEqual([
        ['big', 'search', true],
        ['big', 'pinned', false],
      ]);
  });

  it('makes its rows and asks for approvals only once opened (fifty closed cards cost their summary)', async () => {
    useApp.setState({
      catalog: {
        ...useApp.getState().catalog,
        servers: [{ server: 'big', version: 1 }],
        tools: [
          {
            name: 'big__one',
            server: 'big',
            tool: 'one',
            inputSchema: { type: 'object' },
            enabled: true,
            alwaysOffer: false,
          },
        ],
      },
    });
    const { host, calls } = recordingHost({
      getApprovals: () => ({ readOnlyAuto: false, alwaysTools: [], serverTools: [] }),
    });
    const { container } = renderWithHost(<ServerTools server="big" />, host);
    expect(container.querySelector('summary')!.textContent).toBe('Tools (1 of 1 on)');
    expect(container.querySelectorAll('li[data-tool]')).toHaveLength(0);
    expect(calls.filter((c) => c.method === 'getApprovals')).toHaveLength(0);
    const details = container.querySelector('details')!;
    details.open = true;
    fireEvent(details, new Event('toggle'));
    await screen.findByText(/Ask again for everything/);
    expect(container.querySelectorAll('li[data-tool]')).toHaveLength(1);
    expect(calls.filter((c) => c.method === 'getApprovals')).toHaveLength(1);
  });

  it('says its tools are being listed until the catalog has them, never "0 of 0"', async () => {
    const { host } = recordingHost({});
    const { container } = renderWithHost(<ServerTools server="slow" />, host);
    const summary = () => container.querySelector('summary')!.textContent;
    // Running, and the catalog has said nothing of it yet.
    expect(summary()).toBe('Tools (listing…)');
    // Its prompts listed first, its tools still on their way.
    const catalog = useApp.getState().catalog;
    useApp.setState({
      catalog: { ...catalog, servers: [{ server: 'slow', version: 2, listing: ['tools'] }] },
    });
    expect(summary()).toBe('Tools (listing…)');
    useApp.setState({ catalog: { ...catalog, servers: [{ server: 'slow', version: 3 }] } });
    await waitFor(() => expect(summary()).toBe('Tools (0 of 0 on)'));
  });
});

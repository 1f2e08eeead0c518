// @vitest-environment happy-dom
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { type AppState, useApp } from '../../state/store';
import { recordingHost, renderWithHost } from '../../test/render';
import { ServerTools } from './ServerTools';

afterEach(() => useApp.setState(useApp.getInitialState(), true));

/** Puts `tools` in the catalog and shows `server`'s tools, with nothing approved for good. */
function renderTools(server: string, tools: AppState['catalog']['tools']) {
  useApp.setState({ catalog: { ...useApp.getState().catalog, tools } });
  const { host } = recordingHost({
    getApprovals: () => ({ readOnlyAuto: false, alwaysTools: [], serverTools: [] }),
  });
  return renderWithHost(<ServerTools server={server} />, host);
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
      },
      {
        name: 'everything__add',
        server: 'everything',
        tool: 'add',
        inputSchema: { type: 'object' },
        enabled: true,
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
});

import { describe, expect, it } from 'vitest';
import type { CatalogView, ServerCatalog, ToolView } from '../../../shared/ipc/catalogContract';
import { applyCatalogChange, changeOf, NO_CATALOG, toolsByServer } from './catalog';

const tool = (server: string, name: string): ToolView => ({
  name: `${server}__${name}`,
  server,
  tool: name,
  inputSchema: { type: 'object' },
  enabled: true,
  alwaysOffer: false,
});
const part = (server: string, version: number, ...names: string[]): ServerCatalog => ({
  server,
  version,
  tools: names.map((n) => tool(server, n)),
  resources: [],
  templates: [],
  prompts: [],
  skills: [],
});
const names = (view: CatalogView) => view.tools.map((t) => t.name);

describe('the catalog in the window', () => {
  it('takes a change whole for the servers it names and keeps the others (the same tool objects, the same arrays by server)', () => {
    const first = applyCatalogChange(NO_CATALOG, {
      order: ['a', 'b'],
      changed: [part('a', 10, 'echo'), part('b', 11, 'echo')],
      at: 11,
      run: 'r1',
    });
    expect(names(first)).toEqual(['a__echo', 'b__echo']);
    expect(first.servers).toEqual([
      { server: 'a', version: 10 },
      { server: 'b', version: 11 },
    ]);
    const aTools = toolsByServer(first.tools).get('a')!;

    const next = applyCatalogChange(first, {
      order: ['a', 'b'],
      changed: [part('b', 12, 'echo', 'add')],
      at: 12,
      run: 'r1',
    });
    expect(names(next)).toEqual(['a__echo', 'b__echo', 'b__add']);
    expect(next.tools[0]).toBe(first.tools[0]);
    expect(toolsByServer(next.tools).get('a')).toBe(aTools);
    expect(toolsByServer(next.tools).get('b')).toHaveLength(2);

    // A server gone: out of the order, its tools with it.
    const gone = applyCatalogChange(next, { order: ['b'], changed: [], at: 13, run: 'r1' });
    expect(names(gone)).toEqual(['b__echo', 'b__add']);
    expect(gone.servers).toEqual([{ server: 'b', version: 12 }]);
  });

  it('servers named like an object’s own properties or numbers keep their tools and their place', () => {
    const odd = ['zeta', '__proto__', 'constructor', '42'];
    const view = applyCatalogChange(NO_CATALOG, {
      order: odd,
      changed: odd.map((s, i) => part(s, i + 1, 'echo')),
      at: 4,
      run: 'r1',
    });
    expect(view.servers.map((s) => s.server)).toEqual(odd);
    expect(names(view)).toEqual(odd.map((s) => `${s}__echo`));
    // A change naming none of them, and the whole view read again: the same.
    const again = applyCatalogChange(
      applyCatalogChange(view, { order: odd, changed: [], at: 5, run: 'r1' }),
      changeOf(view),
    );
    expect(names(again)).toEqual(odd.map((s) => `${s}__echo`));
  });

  it('a whole view read after newer changes came (the read was answered later) does not undo them; another run of the host is taken whole', () => {
    const held = applyCatalogChange(NO_CATALOG, {
      order: ['b'],
      changed: [part('b', 20, 'echo', 'add')],
      at: 20,
      run: 'r1',
    });
    // Made at 15, when a was still running and b had one tool.
    const stale: CatalogView = {
      tools: [tool('a', 'echo'), tool('b', 'echo')],
      resources: [],
      templates: [],
      prompts: [],
      skills: [],
      servers: [
        { server: 'a', version: 14 },
        { server: 'b', version: 15 },
      ],
      at: 15,
      run: 'r1',
    };
    const after = applyCatalogChange(held, changeOf(stale));
    expect(names(after)).toEqual(['b__echo', 'b__add']);
    expect(after.at).toBe(20);
    // The host started again: its marks start over, lower than what the window holds — taken whole.
    const restarted: CatalogView = {
      ...stale,
      servers: [
        { server: 'a', version: 1 },
        { server: 'b', version: 2 },
      ],
      at: 2,
      run: 'r2',
    };
    expect(names(applyCatalogChange(after, changeOf(restarted)))).toEqual(['a__echo', 'b__echo']);
  });
});

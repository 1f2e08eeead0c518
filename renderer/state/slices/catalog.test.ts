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
  version,
  tools: names.map((n) => tool(server, n)),
  resources: [],
  templates: [],
  prompts: [],
  skills: [],
});
const empty = () => NO_CATALOG;

describe('the catalog in the window', () => {
  it('takes a change whole for the servers it names and keeps the others (the same tool objects, the same arrays by server)', () => {
    const first = applyCatalogChange(empty(), {
      order: ['a', 'b'],
      changed: { a: part('a', 10, 'echo'), b: part('b', 11, 'echo') },
      at: 11,
    });
    expect(first.tools.map((t) => t.name)).toEqual(['a__echo', 'b__echo']);
    expect(first.versions).toEqual({ a: 10, b: 11 });
    const aTools = toolsByServer(first.tools).get('a')!;

    const next = applyCatalogChange(first, {
      order: ['a', 'b'],
      changed: { b: part('b', 12, 'echo', 'add') },
      at: 12,
    });
    expect(next.tools.map((t) => t.name)).toEqual(['a__echo', 'b__echo', 'b__add']);
    expect(next.tools[0]).toBe(first.tools[0]);
    expect(toolsByServer(next.tools).get('a')).toBe(aTools);
    expect(toolsByServer(next.tools).get('b')).toHaveLength(2);

    // A server gone: out of the order, its tools with it.
    const gone = applyCatalogChange(next, { order: ['b'], changed: {}, at: 13 });
    expect(gone.tools.map((t) => t.name)).toEqual(['b__echo', 'b__add']);
    expect(gone.versions).toEqual({ b: 12 });
  });

  it('a whole view read after newer changes came (the read was answered later) does not undo them', () => {
    const held = applyCatalogChange(empty(), {
      order: ['b'],
      changed: { b: part('b', 20, 'echo', 'add') },
      at: 20,
    });
    // Made at 15, when a was still running and b had one tool.
    const stale: CatalogView = {
      ...part('a', 14, 'echo'),
      tools: [tool('a', 'echo'), tool('b', 'echo')],
      versions: { a: 14, b: 15 },
      at: 15,
    };
    const after = applyCatalogChange(held, changeOf(stale));
    expect(after.tools.map((t) => t.name)).toEqual(['b__echo', 'b__add']);
    expect(after.at).toBe(20);
    // A newer whole view (a host started again marks above its last run): taken as it is.
    const fresh: CatalogView = { ...stale, versions: { a: 30, b: 31 }, at: 31 };
    expect(applyCatalogChange(after, changeOf(fresh)).tools.map((t) => t.name)).toEqual([
      'a__echo',
      'b__echo',
    ]);
  });
});

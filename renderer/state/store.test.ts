import { afterEach, describe, expect, it } from 'vitest';
import type { CatalogView, ServerCatalog } from '../../shared/ipc/catalogContract';
import type { HostEvent } from '../../shared/ipc/contract';
import type { HostConnection } from '../hostClient';
import { bindStore, useApp } from './store';

afterEach(() => useApp.setState(useApp.getInitialState(), true));

const part = (server: string, version: number, ...tools: string[]): ServerCatalog => ({
  server,
  version,
  tools: tools.map((tool) => ({
    name: `${server}__${tool}`,
    server,
    tool,
    inputSchema: { type: 'object' },
    enabled: true,
    alwaysOffer: false,
  })),
  resources: [],
  templates: [],
  prompts: [],
  skills: [],
});

describe('the store following the host', () => {
  it('a catalog change that comes before the connection’s whole catalog is applied over it, not lost and not undone', async () => {
    let fire: (event: HostEvent) => void = () => {};
    let answerCatalog: (view: CatalogView) => void = () => {};
    const empty = {
      listServers: [],
      getLogs: [],
      secretStorage: { encrypted: true },
      listConsents: [],
      getRoots: [],
      listConversations: [],
      listDrafts: [],
    } as Record<string, unknown>;
    const host: HostConnection = {
      call: ((method: string) =>
        method === 'getCatalog'
          ? new Promise<CatalogView>((resolve) => {
              answerCatalog = resolve;
            })
          : Promise.resolve(empty[method])) as HostConnection['call'],
      onEvent: (listener) => {
        fire = listener;
        return () => {};
      },
      onStatus: (listener) => {
        listener(true);
        return () => {};
      },
    };
    const unbind = bindStore(host);
    // b lists a second tool (the change names b whole; a, unchanged since the last one sent, is not in it).
    fire({
      event: 'catalogChanged',
      payload: { order: ['a', 'b'], changed: [part('b', 3, 'echo', 'add')], at: 3, run: 'r' },
    });
    expect(useApp.getState().catalog.tools).toEqual([]);
    // The whole catalog, made before that change, answers after it.
    const a = part('a', 1, 'echo');
    const b = part('b', 2, 'echo');
    answerCatalog({
      tools: [...a.tools, ...b.tools],
      resources: [],
      templates: [],
      prompts: [],
      skills: [],
      servers: [
        { server: 'a', version: 1 },
        { server: 'b', version: 2 },
      ],
      at: 2,
      run: 'r',
    });
    await expect
      .poll(() => useApp.getState().catalog.tools.map((t) => t.name), { timeout: 2000 })
      .toEqual(['a__echo', 'b__echo', 'b__add']);
    // From then on, changes apply as they come.
    fire({ event: 'catalogChanged', payload: { order: ['a'], changed: [], at: 4, run: 'r' } });
    expect(useApp.getState().catalog.tools.map((t) => t.name)).toEqual(['a__echo']);
    unbind();
  });
});

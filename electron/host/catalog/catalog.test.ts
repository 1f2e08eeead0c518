import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { json, modernBasics, startHttpFixture } from '../../../e2e/fixtures/http/httpFixture';
import { EVERYTHING_ENTRY, hostileStdio } from '../../../e2e/fixtures/servers';
import { tempDirPerTest } from '../../../e2e/fixtures/tempDir';
import { trustAsShown } from '../../../e2e/fixtures/trust';
import { Host } from '../host';
import { CatalogChanges, catalogView, serverCatalog } from './catalogView';

let home: string;
let host: Host | undefined;
tempDirPerTest(
  'sb-catalog-',
  (dir) => {
    home = dir;
    host = undefined;
  },
  () => host?.shutdown() ?? Promise.resolve(),
);

async function hostWith(servers: Record<string, unknown>) {
  await writeFile(path.join(home, 'config.json'), JSON.stringify({ mcpServers: servers }));
  host = await Host.create({ home });
  await Promise.all(Object.keys(servers).map((id) => trustAsShown(host!.registry, id)));
  return host;
}

const dynamic = hostileStdio('dynamic-tools');

describe('Catalog', () => {
  it('a malformed tools/list says on the running server’s card that it failed and why, until a listing works', async () => {
    const bad = hostileStdio('bad-tools-list');
    const h = await hostWith({
      bad: { command: bad.command, args: bad.args },
      alpha: { command: process.execPath, args: [EVERYTHING_ENTRY, 'stdio'] },
    });
    const card = () => h.registry.views().find((v) => v.id === 'bad')?.state;
    await expect
      .poll(() => {
        const state = card();
        return state?.status === 'running' && state.problems;
      })
      .toEqual([
        expect.objectContaining({
          kind: 'tools',
          message: expect.stringMatching(
            /^Its tools could not be listed: the server's tools\/list result does not follow the MCP schema: tools must be an array.*\. It offers none until a listing works \(Refresh asks again\)\.$/,
          ),
        }),
      ]);
    expect(h.catalog.tools().filter((t) => t.server === 'bad')).toEqual([]);
    await expect.poll(() => h.catalog.tools().some((t) => t.server === 'alpha')).toBe(true);
    // The person's Refresh asks again; a listing that works clears what was said.
    await h.catalog.refresh('bad');
    expect(
      h.catalog
        .tools()
        .filter((t) => t.server === 'bad')
        .map((t) => t.tool.name),
    ).toEqual(['echo', 'weather']);
    expect(card()).not.toHaveProperty('problems');
  });

  it('says which lists of a running server are not listed yet, so an empty one is not taken for none', async () => {
    // 20 pages of one tool, 300 ms each.
    const slow = hostileStdio('slow-pages');
    const h = await hostWith({ slow: { command: slow.command, args: slow.args } });
    await expect
      .poll(() => catalogView(h.catalog).servers)
      .toEqual([{ server: 'slow', version: expect.any(Number), listing: ['tools'] }]);
    expect(h.catalog.toolsOf('slow')).toEqual([]);
    await expect.poll(() => h.catalog.toolsOf('slow').length, { timeout: 20_000 }).toBe(20);
    expect(catalogView(h.catalog).servers).toEqual([{ server: 'slow', version: expect.any(Number) }]);
  });

  it('aggregates tools, resources, templates and prompts across running servers, with model names mapped back', async () => {
    const h = await hostWith({
      alpha: { command: process.execPath, args: [EVERYTHING_ENTRY, 'stdio'] },
      'beta.v2': { command: process.execPath, args: [EVERYTHING_ENTRY, 'stdio'] },
    });
    await expect
      .poll(() =>
        h.catalog
          .tools()
          .filter((t) => t.tool.name === 'echo')
          .map((t) => t.name)
          .sort(),
      )
      .toEqual(['alpha__echo', expect.stringMatching(/^beta_v2-echo-[0-9a-f]{20}$/)]);
    const beta = h.catalog.tools().find((t) => t.server === 'beta.v2' && t.tool.name === 'echo')!;
    expect(h.catalog.resolveTool(beta.name)).toMatchObject({ server: 'beta.v2', tool: { name: 'echo' } });
    // Each server's lists come one after another: its tools may be in before its templates and prompts.
    await expect
      .poll(() => h.catalog.templates().filter((t) => t.item.uriTemplate.includes('{resourceId}')).length)
      .toBe(4);
    expect(h.catalog.resources().some((r) => r.server === 'alpha')).toBe(true);
    await expect
      .poll(() =>
        h.catalog
          .prompts()
          .filter((p) => p.item.name === 'simple-prompt')
          .map((p) => p.server)
          .sort(),
      )
      .toEqual(['alpha', 'beta.v2']);

    await h.registry.get('alpha')!.stop();
    await expect.poll(() => h.catalog.tools().some((t) => t.server === 'alpha')).toBe(false);
  });

  it('refreshes on list_changed, and per-tool enable/disable is kept across restarts', async () => {
    const h = await hostWith({ dyn: { command: dynamic.command, args: dynamic.args } });
    await expect.poll(() => h.catalog.tools().map((t) => t.name)).toEqual(['dyn__echo']);
    await h.registry.get('dyn')!.callTool('echo', { message: 'set:add' });
    await expect.poll(() => h.catalog.tools().map((t) => t.name)).toEqual(['dyn__echo', 'dyn__extra']);

    await h.catalog.setToolEnabled('dyn', 'extra', false);
    expect(h.catalog.enabledTools().map((t) => t.name)).toEqual(['dyn__echo']);
    await h.shutdown();
    host = await Host.create({ home });
    await host.registry.startAll();
    await host.registry.get('dyn')!.callTool('echo', { message: 'set:add' });
    await expect
      .poll(() => host!.catalog.tools().map((t) => [t.name, t.enabled]))
      .toEqual([
        ['dyn__echo', true],
        ['dyn__extra', false],
      ]);
  });

  it('tells a window only the servers that changed since it was last told, each whole; the others stay the same objects', async () => {
    const h = await hostWith({
      a: { command: dynamic.command, args: dynamic.args },
      b: { command: dynamic.command, args: dynamic.args },
    });
    await expect.poll(() => h.catalog.tools().map((t) => t.name)).toEqual(['a__echo', 'b__echo']);
    const changes = new CatalogChanges(h.catalog);
    const first = changes.next()!;
    expect(first.order).toEqual(['a', 'b']);
    expect(first.changed.map((p) => p.server)).toEqual(['a', 'b']);
    expect(changes.next()).toBeUndefined();
    const a = serverCatalog(h.catalog, 'a');
    const aTools = h.catalog.toolsOf('a');

    // b's list_changed: b alone, whole; a's view and tools are the very same objects.
    await h.registry.get('b')!.callTool('echo', { message: 'set:add' });
    await expect.poll(() => h.catalog.toolsOf('b').length).toBe(2);
    const listed = changes.next()!;
    expect(listed.order).toEqual(['a', 'b']);
    expect(listed.changed.map((p) => p.server)).toEqual(['b']);
    expect(listed.changed[0]!.tools.map((t) => t.name)).toEqual(['b__echo', 'b__extra']);
    expect(listed.at).toBeGreaterThan(first.at);
    expect(serverCatalog(h.catalog, 'a')).toBe(a);
    expect(h.catalog.toolsOf('a')).toBe(aTools);

    // The person's choice for one of a's tools: in effect at once (not once the file is saved); a alone.
    const saving = h.catalog.setToolEnabled('a', 'echo', false);
    expect(h.catalog.resolveTool('a__echo')).toMatchObject({ enabled: false });
    expect(h.catalog.enabledTools().map((t) => t.name)).toEqual(['b__echo', 'b__extra']);
    await saving;
    const chosen = changes.next()!;
    expect(chosen.changed.map((p) => p.server)).toEqual(['a']);
    expect(chosen.changed[0]!.tools[0]).toMatchObject({ name: 'a__echo', enabled: false });
    expect(chosen.changed[0]!.version).toBeGreaterThan(a.version);

    // A window told from the start (a second one) gets every server; the whole view agrees.
    const whole = catalogView(h.catalog);
    expect(new CatalogChanges(h.catalog).next()!.changed.map((p) => p.server)).toEqual(['a', 'b']);
    expect(whole.tools.map((t) => [t.name, t.enabled])).toEqual([
      ['a__echo', false],
      ['b__echo', true],
      ['b__extra', true],
    ]);
    expect(whole.servers).toEqual([
      { server: 'a', version: chosen.changed[0]!.version },
      { server: 'b', version: listed.changed[0]!.version },
    ]);

    // A server stopped: left out of the order, nothing else sent.
    await h.registry.get('b')!.stop();
    await expect.poll(() => h.catalog.servers()).toEqual(['a']);
    expect(changes.next()).toEqual({ order: ['a'], changed: [], at: h.catalog.at, run: h.catalog.run });
    expect(changes.next()).toBeUndefined();
  });

  it('a tool keeps its model name whichever servers come and go, and a name never passes to another tool', async () => {
    // files + "_delete" and files_ + "delete" would both read files___delete.
    const h = await hostWith({
      files: { command: dynamic.command, args: dynamic.args },
      files_: { command: dynamic.command, args: dynamic.args },
    });
    await expect.poll(() => h.catalog.tools().length).toBe(2);
    await h.registry.get('files')!.callTool('echo', { message: 'set:add:_delete' });
    await h.registry.get('files_')!.callTool('echo', { message: 'set:add:delete' });
    const nameOf = (server: string, tool: string) =>
      h.catalog.tools().find((t) => t.server === server && t.tool.name === tool)?.name;
    await expect.poll(() => h.catalog.tools().length).toBe(4);
    const plain = nameOf('files', '_delete')!;
    const other = nameOf('files_', 'delete')!;
    expect(plain).toBe('files___delete');
    expect(other).not.toBe(plain);
    expect(h.catalog.resolveTool(plain)).toMatchObject({ server: 'files', tool: { name: '_delete' } });
    expect(h.catalog.resolveTool(other)).toMatchObject({ server: 'files_', tool: { name: 'delete' } });

    await h.registry.get('files')!.stop();
    await expect.poll(() => h.catalog.tools().some((t) => t.server === 'files')).toBe(false);
    expect(nameOf('files_', 'delete')).toBe(other);
    expect(h.catalog.resolveTool(plain)).toBeUndefined();
  });

  it('a server whose skills/list fails keeps its resources and templates listed', async () => {
    const fixture = await startHttpFixture((_req, res, body) => {
      const capabilities = {
        resources: {},
        extensions: { 'io.modelcontextprotocol/skills': {} },
      };
      if (modernBasics(res, body, { capabilities })) return;
      const reply = (result: unknown) =>
        json(res, {
          jsonrpc: '2.0',
          id: body!.id,
          result: { resultType: 'complete', ttlMs: 0, ...(result as object) },
        });
      if (body?.method === 'resources/list') return reply({ resources: [{ uri: 'note://a', name: 'a' }] });
      if (body?.method === 'resources/templates/list')
        return reply({ resourceTemplates: [{ uriTemplate: 'note://{id}', name: 'notes' }] });
      json(res, {
        jsonrpc: '2.0',
        id: body?.id ?? null,
        error: { code: -32603, message: 'skills are down' },
      });
    });
    try {
      const h = await hostWith({ notes: { url: fixture.url } });
      await expect.poll(() => h.catalog.resources().map((r) => r.item.uri)).toEqual(['note://a']);
      expect(h.catalog.templates().map((t) => t.item.uriTemplate)).toEqual(['note://{id}']);
      expect(h.catalog.skills()).toEqual([]);
      expect(fixture.requests.some((r) => r.body?.method === 'skills/list')).toBe(true);
    } finally {
      await host?.shutdown();
      host = undefined;
      await fixture.close();
    }
  });

  it('stale tools of a server that no longer answers: a turn waits a moment (or until stopped), then goes on with the last list', async () => {
    let lists = 0;
    const fixture = await startHttpFixture((_req, res, body) => {
      // tools/list answers once (ttlMs 0: stale at once), then never again.
      if (body?.method === 'tools/list' && ++lists > 1) return;
      modernBasics(res, body, { tools: [{ name: 'work' }] });
    });
    try {
      const h = await hostWith({ slow: { url: fixture.url } });
      await expect.poll(() => h.catalog.tools().map((t) => t.name)).toEqual(['slow__work']);
      await h.catalog.freshenTools({ waitMs: 200 });
      await expect.poll(() => lists).toBe(2);
      expect(h.catalog.tools().map((t) => t.name)).toEqual(['slow__work']);
      const stop = new AbortController();
      const waiting = h.catalog.freshenTools({ signal: stop.signal, waitMs: 60_000 });
      stop.abort();
      await waiting;
      expect(h.catalog.enabledTools().map((t) => t.name)).toEqual(['slow__work']);
    } finally {
      await host?.shutdown();
      host = undefined;
      await fixture.close();
    }
  });
});

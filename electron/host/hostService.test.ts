import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EVERYTHING_ENTRY } from '../../e2e/fixtures/servers';
import { trustServerAsShown } from '../../e2e/fixtures/trust';
import type { ConsentRequest } from '../../shared/host/consent';
import { withProvider } from '../../shared/host/settings';
import type { HostEvent } from '../../shared/ipc/contract';
import { MAX_LOG_BATCH } from './api/logBatches';
import { Host } from './host';
import { type HostService, hostService } from './hostService';

let home: string;
let host: Host | undefined;
let service: HostService | undefined;
let events: HostEvent[];

beforeEach(async () => {
  home = await mkdtemp(path.join(tmpdir(), 'sb-service-'));
  events = [];
});
afterEach(async () => {
  service?.dispose();
  await host?.shutdown();
  host = service = undefined;
  await rm(home, { recursive: true, force: true });
});

async function start(servers: Record<string, unknown>, browse = false) {
  await writeFile(path.join(home, 'config.json'), JSON.stringify({ mcpServers: servers }));
  host = await Host.create({ home });
  service = hostService(host, { browseDirectories: browse });
  service.subscribe((e) => events.push(e));
  return { host, service };
}

async function until<T>(what: string, probe: () => T | undefined | false, ms = 10_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = probe();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

const everything = { command: process.execPath, args: [EVERYTHING_ENTRY, 'stdio'] };

async function runningEverything() {
  const { host, service } = await start({ everything });
  await trustServerAsShown(service, 'everything');
  await until('tools', () => host.catalog.tools().length > 5);
  return { host, service };
}

/** Answers the next tool consent (a model's or a View's call; the runner's own Run asks none). */
async function approveNextTool(h: Host): Promise<ConsentRequest> {
  const request = await until('a consent', () => h.consent.queue()[0]);
  h.consent.answer(request.id, { kind: 'tool', decision: 'allow-once' });
  return request;
}

describe('HostService: tools run from the UI', () => {
  it("a hand run is its own consent: no dialog, progress under the call id, the result with the tool's own time, recorded in the server's log", async () => {
    const { host, service } = await runningEverything();
    const asked: ConsentRequest[] = [];
    host.consent.onChange((queue) => asked.push(...queue));
    const name = (await service.getCatalog()).tools.find((t) => t.tool === 'trigger-long-running-operation')!;
    expect(name.inputSchema.type).toBe('object');
    const callId = crypto.randomUUID();
    const outcome = await service.runTool(callId, name.name, { duration: 0.6, steps: 3 });
    expect(asked).toEqual([]);
    expect(outcome.status).toBe('done');
    // The tool's own time: from the call sent to its answer (it sleeps 0.6 s).
    const ms = (outcome as { durationMs: number }).durationMs;
    expect(ms).toBeGreaterThanOrEqual(600);
    expect(ms).toBeLessThan(5_000);
    const progress = events.filter((e) => e.event === 'toolRunProgress');
    expect(progress.map((e) => (e.payload as { callId: string }).callId)).toEqual([callId, callId, callId]);
    expect(progress.at(-1)?.payload).toMatchObject({ progress: { progress: 3, total: 3 } });
    // Recorded where the server's doings are: its log says who consented, and to what.
    expect(host.logs.entries('everything').map((e) => e.text)).toContainEqual(
      'Tool trigger-long-running-operation run by hand in the tool runner (the person\'s Run is its consent), arguments {"duration":0.6,"steps":3}',
    );
  });

  it("the same tool asked for by the model or by a View still asks the person; a hand run's answer comes without one", async () => {
    const { host, service } = await runningEverything();
    const echo = (await service.getCatalog()).tools.find((t) => t.tool === 'echo')!;
    const byModel = host.tools.call({ name: echo.name, args: { message: 'model' }, asker: 'model' });
    expect(await approveNextTool(host)).toMatchObject({ kind: 'tool', argumentsJson: '{"message":"model"}' });
    expect((await byModel).status).toBe('done');
    const byView = host.tools.call({ name: echo.name, args: { message: 'view' }, asker: { view: 'echo' } });
    const request = await until('a consent', () => host.consent.queue()[0]);
    expect(request).toMatchObject({ kind: 'tool', fromView: 'echo' });
    host.consent.answer(request.id, { kind: 'tool', decision: 'deny' });
    expect(await byView).toMatchObject({ status: 'refused', reason: 'The user denied this tool call.' });
    const byHand = await service.runTool(crypto.randomUUID(), echo.name, { message: 'hand' });
    expect(byHand).toMatchObject({
      status: 'done',
      result: { content: [{ type: 'text', text: 'Echo: hand' }] },
    });
    expect(host.consent.queue()).toEqual([]);
  });

  it('cancels a running tool on its server', async () => {
    const { host, service } = await runningEverything();
    const tool = (await service.getCatalog()).tools.find((t) => t.tool === 'trigger-long-running-operation')!;
    const callId = crypto.randomUUID();
    host.registry.session('everything').setWireTrace(true); // the cancel is read on the wire trace
    const run = service.runTool(callId, tool.name, { duration: 30, steps: 30 });
    await until('progress', () => events.some((e) => e.event === 'toolRunProgress'));
    await service.cancelToolRun(callId);
    expect(await run).toEqual({ status: 'refused', reason: 'Cancelled by the user.' });
    // The server heard about it: its log shows the cancellation we sent.
    await until('the cancel on the wire', () =>
      host.logs.entries('everything').some((e) => e.text.includes('notifications/cancelled')),
    );
  });

  it('reports standing approvals per server and revokes them', async () => {
    const { host, service } = await runningEverything();
    const echo = (await service.getCatalog()).tools.find((t) => t.tool === 'echo')!;
    const run = host.tools.call({ name: echo.name, args: { message: 'hi' }, asker: 'model' });
    const request = await until('a consent', () => host.consent.queue()[0]);
    host.consent.answer(request.id, { kind: 'tool', decision: 'always-tool' });
    expect((await run).status).toBe('done');
    await service.setReadOnlyPolicy('everything', true);
    expect(await service.getApprovals('everything')).toEqual({
      readOnlyAuto: true,
      alwaysTools: ['echo'],
      serverTools: [],
    });
    await service.revokeApprovals('everything');
    expect(await service.getApprovals('everything')).toEqual({
      readOnlyAuto: false,
      alwaysTools: [],
      serverTools: [],
    });
  });
});

describe('HostService: resources and prompts', () => {
  it('lists and reads resources, and forwards updates of a subscribed one', async () => {
    const { host, service } = await runningEverything();
    const catalog = await until('resources', () => {
      const c = host.catalog.resources();
      return c.length > 0 && c;
    });
    const { uri } = catalog[0]!.item;
    const read = await service.readResource('everything', uri);
    expect(read.contents[0]?.uri).toBe(uri);
    await service.setResourceSubscribed('everything', uri, true);
    expect((await service.getCatalog()).resources.find((r) => r.resource.uri === uri)?.subscribed).toBe(true);
    const toggle = (await service.getCatalog()).tools.find((t) => t.tool === 'toggle-subscriber-updates')!;
    await service.runTool(crypto.randomUUID(), toggle.name, {});
    await until('an update', () =>
      events.some(
        (e) => e.event === 'resourceUpdated' && e.payload.uri === uri && e.payload.server === 'everything',
      ),
    );
    await service.setResourceSubscribed('everything', uri, false);
    expect((await service.getCatalog()).resources.find((r) => r.resource.uri === uri)?.subscribed).toBe(
      false,
    );
  });

  it('gets a prompt with arguments, and completes an argument using the others as context', async () => {
    const { service } = await runningEverything();
    // Tools, prompts and resources are listed one after another once the server runs.
    await expect
      .poll(async () => (await service.getCatalog()).prompts.map((p) => p.prompt.name))
      .toContain('completable-prompt');
    const ref = { type: 'ref/prompt' as const, name: 'completable-prompt' };
    expect(
      (await service.complete('everything', ref, { name: 'department', value: 'S' }, {})).values,
    ).toEqual(['Sales', 'Support']);
    expect(
      (await service.complete('everything', ref, { name: 'name', value: '' }, { department: 'Sales' }))
        .values,
    ).toEqual(['David', 'Eve', 'Frank']);
    const prompt = await service.getPrompt('everything', 'completable-prompt', {
      department: 'Sales',
      name: 'Eve',
    });
    expect(prompt.messages[0]?.content).toEqual({
      type: 'text',
      text: 'Please promote Eve to the head of the Sales team.',
    });
  });
});

describe('HostService: editing servers', () => {
  it('adds a server with a secret, refuses a taken name, renames keeping the secret, removes it with its secret', async () => {
    const { host, service } = await start({});
    await service.saveServer(
      'tools',
      {
        kind: 'stdio',
        command: 'node',
        args: ['server.js'],
        env: { API_KEY: { value: 'k-123', secret: true } },
      },
      null,
    );
    const file = () => readFile(path.join(home, 'config.json'), 'utf8');
    expect(await file()).not.toContain('k-123');
    expect(await service.getServerDraft('tools')).toEqual({
      kind: 'stdio',
      command: 'node',
      args: ['server.js'],
      env: { API_KEY: { secret: true, keep: true } },
    });
    await expect(
      service.saveServer('tools', { kind: 'stdio', command: 'x', args: [], env: {} }, null),
    ).rejects.toThrow('A server named "tools" exists already');

    await service.saveServer(
      'renamed',
      { kind: 'stdio', command: 'node', args: ['server.js'], env: { API_KEY: { secret: true, keep: true } } },
      'tools',
    );
    expect(host.registry.views().map((v) => v.id)).toEqual(['renamed']);
    expect(await host.secrets.get('renamed/env/API_KEY@node')).toBe('k-123');
    expect(await host.secrets.get('tools/env/API_KEY@node')).toBeUndefined();

    await service.removeServer('renamed');
    expect(host.registry.views()).toEqual([]);
    expect(await host.secrets.values()).toEqual([]);
  });

  it("a local server's era is kept for the next launch, and forgotten with the server", async () => {
    const { host, service } = await runningEverything();
    const eras = async () =>
      Object.values(JSON.parse(await readFile(path.join(home, 'server-eras.json'), 'utf8')));
    await expect.poll(eras).toEqual(['legacy']);
    await service.removeServer('everything');
    expect(host.registry.views()).toEqual([]);
    await expect.poll(eras).toEqual([]);
  });

  it('a server taken out of config.json while the app was closed is forgotten at the next launch', async () => {
    await runningEverything();
    const file = path.join(home, 'server-eras.json');
    await expect
      .poll(async () => Object.values(JSON.parse(await readFile(file, 'utf8'))))
      .toEqual(['legacy']);
    service!.dispose();
    service = undefined;
    await host!.shutdown();
    await writeFile(path.join(home, 'config.json'), JSON.stringify({ mcpServers: {} }));
    host = await Host.create({ home });
    expect(JSON.parse(await readFile(file, 'utf8'))).toEqual({});
  });

  it('previews an import, then applies the chosen servers once', async () => {
    const { host, service } = await start({});
    const source = path.join(home, 'claude.json');
    await writeFile(
      source,
      JSON.stringify({
        mcpServers: { a: { command: 'node', args: ['a.js'] }, b: { command: 'node', args: ['b.js'] } },
      }),
    );
    const preview = await service.previewImport('claude-desktop', source);
    expect(preview.servers.map((s) => s.name)).toEqual(['a', 'b']);
    await service.applyImport(preview.planId, { servers: ['b'], inputs: {} });
    expect(host.registry.views().map((v) => v.id)).toEqual(['b']);
    await expect(service.applyImport(preview.planId, { servers: ['a'], inputs: {} })).rejects.toThrow(
      'expired',
    );
  });
});

describe('HostService: roots', () => {
  it('lists sub-folders only in the browser shell, never files', async () => {
    const { service } = await start({}, true);
    await mkdir(path.join(home, 'projects', 'alpha'), { recursive: true });
    await mkdir(path.join(home, 'projects', 'beta'));
    await writeFile(path.join(home, 'projects', 'file.txt'), 'x');
    const listing = await service.listDirectory(path.join(home, 'projects'));
    expect(listing).toMatchObject({ directories: ['alpha', 'beta'], parent: path.dirname(listing.path) });
    await expect(service.listDirectory('relative/path')).rejects.toThrow('not an absolute path');
    await expect(service.listDirectory(path.join(home, 'projects', 'file.txt'))).rejects.toThrow(
      'is not a folder',
    );
    await service.addRoot(path.join(home, 'projects', 'alpha'), null);
    await until('rootsChanged', () => events.some((e) => e.event === 'rootsChanged'));
    expect((await service.getRoots()).nativePicker).toBe(false);
  });

  it('refuses the folder browser where a native dialog exists', async () => {
    const { host } = await start({});
    const electronLike = hostService(host, { pickDirectory: async () => undefined });
    await expect(electronLike.listDirectory(null)).rejects.toThrow('system dialog');
    expect(await electronLike.pickRootDirectory(null)).toBeNull();
    electronLike.dispose();
  });
});

describe('HostService: a saved command never runs on the renderer’s say-so alone', () => {
  it('a new local server waits for trust; where the shell confirms natively, a refusal leaves it stopped', async () => {
    const { host } = await start({});
    let asked: unknown;
    const electronLike = hostService(host, {
      confirmLaunch: async (server, launch) => {
        asked = { server, launch };
        return false;
      },
    });
    await electronLike.saveServer('everything', { kind: 'stdio', ...everything, env: {} }, null);
    expect(host.registry.views()[0]).toMatchObject({ id: 'everything', state: { status: 'stopped' } });
    expect(host.registry.views()[0]?.trustRequired?.command).toBe(process.execPath);
    await trustServerAsShown(electronLike, 'everything');
    expect(asked).toEqual({
      server: 'everything',
      launch: { command: process.execPath, args: everything.args, env: [] },
    });
    expect(host.registry.views()[0]).toMatchObject({ state: { status: 'stopped' } });
    expect(host.registry.views()[0]?.trustRequired).toBeDefined();
    electronLike.dispose();
  });

  it('Start and Restart never run a command that waits for trust', async () => {
    const { host, service } = await start({});
    await service.saveServer('everything', { kind: 'stdio', ...everything, env: {} }, null);
    await expect(service.startServer('everything')).rejects.toThrow(/has not been trusted/);
    await expect(service.restartServer('everything')).rejects.toThrow(/has not been trusted/);
    expect(host.registry.views()[0]).toMatchObject({ state: { status: 'stopped' } });
    await trustServerAsShown(service, 'everything');
    await expect.poll(() => host.registry.views()[0]?.state.status).toBe('running');
    await service.restartServer('everything');
    expect(host.registry.views()[0]?.state.status).toBe('running');
  });

  it('a disabled server is asked about too: trusting it shows the launch natively, and enabling it runs nothing untrusted', async () => {
    const { host } = await start({});
    let asked = 0;
    const electronLike = hostService(host, {
      confirmLaunch: async () => {
        asked++;
        return false;
      },
    });
    await electronLike.saveServer(
      'everything',
      { kind: 'stdio', ...everything, env: {}, disabled: true },
      null,
    );
    // Disabled, so the page shows no prompt; the request is still there for the host.
    expect(host.registry.views()[0]?.trustRequired).toBeUndefined();
    const request = host.registry.pendingTrust('everything')!;
    await electronLike.trustServer('everything', request.identity);
    expect(asked).toBe(1);
    await electronLike.setServerEnabled('everything', true);
    expect(host.registry.views()[0]).toMatchObject({ state: { status: 'stopped' } });
    expect(host.registry.views()[0]?.trustRequired?.identity).toBe(request.identity);
    await expect(electronLike.startServer('everything')).rejects.toThrow(/has not been trusted/);
    electronLike.dispose();
  });

  it('what is trusted is what was shown: an edit saved before or during the dialog trusts nothing', async () => {
    const { host, service } = await start({});
    const saveArgs = (args: string[]) =>
      service.saveServer(
        'everything',
        { kind: 'stdio', command: process.execPath, args, env: {} },
        'everything',
      );
    await service.saveServer('everything', { kind: 'stdio', ...everything, env: {} }, null);
    const shown = host.registry.pendingTrust('everything')!;
    // Edited after the page showed it: the page's yes names the old launch.
    await saveArgs([...everything.args, '--changed']);
    await expect(service.trustServer('everything', shown.identity)).rejects.toThrow(
      /changed after its command was shown/,
    );
    // Edited while the shell's own dialog is open: the yes was for the launch in the dialog.
    const current = host.registry.pendingTrust('everything')!;
    const electronLike = hostService(host, {
      confirmLaunch: async () => {
        await saveArgs(['-e', 'process.exit(3)']);
        return true;
      },
    });
    await expect(electronLike.trustServer('everything', current.identity)).rejects.toThrow(
      /changed after its command was shown/,
    );
    expect(host.registry.views()[0]?.trustRequired?.args).toEqual(['-e', 'process.exit(3)']);
    expect(host.registry.views()[0]?.state.status).toBe('stopped');
    electronLike.dispose();
  });
});

describe('HostService: settings and the API key', () => {
  it('stores the key write-only: settings say a key exists, never what it is; logs redact it', async () => {
    const { host, service } = await start({});
    const KEY = 'sk-ant-canary-41c2';
    const hasKey = async () =>
      (await service.getSettings()).providers.find((p) => p.id === 'anthropic')?.hasKey;
    expect(await hasKey()).toBe(false);
    await service.setApiKey('anthropic', `  ${KEY}  `);
    const view = await service.getSettings();
    expect(await hasKey()).toBe(true);
    expect(JSON.stringify(view)).not.toContain(KEY);
    expect(await host.secrets.get('anthropic/api-key@https://api.anthropic.com')).toBe(KEY);
    host.logs.append('x', 'stderr', 'info', `leaked ${KEY}`);
    expect(host.logs.entries('x')[0]?.text).toBe('leaked [redacted]');
    await expect(service.setApiKey('anthropic', '   ')).rejects.toThrow('empty');
    await service.setApiKey('anthropic', null);
    expect(await hasKey()).toBe(false);
  });

  it('saves settings and refuses a bad base URL with the reason', async () => {
    const { service } = await start({});
    const current = (await service.getSettings()).settings;
    await expect(
      service.saveSettings(withProvider(current, 'anthropic', { baseUrl: 'file:///etc/passwd' })),
    ).rejects.toThrow('file: is not http or https');
    await service.saveSettings({ ...current, sampling: { maxTokensCap: 100, perServerPerMinute: 1 } });
    expect((await service.getSettings()).settings.sampling).toEqual({
      maxTokensCap: 100,
      perServerPerMinute: 1,
    });
  });
});

describe('HostService: a log flood', () => {
  it('sends log entries in bounded batches, the newest kept; what does not fit is counted in logsDropped', async () => {
    const { host } = await start({});
    // 10,000 entries in one turn of the loop: far more than one batch holds.
    for (let i = 1; i <= 10_000; i++) host.logs.append('loud', 'server', 'info', `flood line ${i}`);
    const sent = () => events.flatMap((e) => (e.event === 'logEntries' ? e.payload : []));
    const dropped = () => events.reduce((n, e) => n + (e.event === 'logsDropped' ? e.payload.count : 0), 0);
    await until('the batch', () => sent().some((e) => e.text === 'flood line 10000'));
    expect(sent()).toHaveLength(MAX_LOG_BATCH);
    expect(sent()[0]!.text).toBe(`flood line ${10_000 - MAX_LOG_BATCH + 1}`);
    expect(dropped()).toBe(10_000 - MAX_LOG_BATCH);
    // Told before the entries that follow the gap.
    expect(events.findIndex((e) => e.event === 'logsDropped')).toBeLessThan(
      events.findIndex((e) => e.event === 'logEntries'),
    );
  });
});

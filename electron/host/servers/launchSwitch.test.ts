// Issue 49 item 11, updates without downtime: a trusted, running server whose launch changes (an update,
// an edit of config.json) runs on until the person trusts the new launch; trusted, the new one starts
// beside it and takes its place. Real processes (e2e/fixtures/stdio/versioned-server.mjs, the official
// SDK's server saying which version and pid answers) through the host's API, as the page calls it.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { lastPid, processAlive } from '../../../e2e/fixtures/servers';
import { trustServerAsShown } from '../../../e2e/fixtures/trust';
import type { ActivityEntry } from '../../../shared/host/activity';
import type { ServerView } from '../../../shared/host/serverView';
import { readActivity } from '../activity/activityReader';
import type { ShellAbilities } from '../api/shellAbilities';
import { Host } from '../host';
import { type HostService, hostService } from '../hostService';

const VERSIONED = path.join(__dirname, '../../../e2e/fixtures/stdio/versioned-server.mjs');
const at = (version: string, ...more: string[]) => ({
  command: process.execPath,
  args: [VERSIONED, version, ...more],
});

let home: string;
let host: Host | undefined;
let service: HostService | undefined;

beforeEach(async () => {
  home = await mkdtemp(path.join(tmpdir(), 'sb-switch-'));
});
afterEach(async () => {
  service?.dispose();
  await host?.shutdown();
  host = service = undefined;
  await rm(home, { recursive: true, force: true });
});

async function start(servers: Record<string, unknown>, shell: ShellAbilities = {}, policyFile?: string) {
  await writeFile(path.join(home, 'config.json'), JSON.stringify({ mcpServers: servers }));
  host = await Host.create({
    home,
    restart: { baseDelayMs: 50, maxTries: 2, stableAfterMs: 60_000 },
    ...(policyFile ? { policyFile } : {}),
  });
  service = hostService(host, shell);
  for (const id of Object.keys(servers)) await trustServerAsShown(service, id);
  for (const id of Object.keys(servers)) await expect.poll(() => viewOf(id)?.state.status).toBe('running');
  return { host, service };
}

const viewOf = (id: string): ServerView | undefined => host!.registry.views().find((v) => v.id === id);
const versionOf = (id: string) => {
  const state = viewOf(id)?.state;
  return state?.status === 'running' ? state.serverInfo.version : state?.status;
};
/** config.json edited as a person does in an editor: the servers given, as the file holds them. */
async function editFile(servers: Record<string, unknown>) {
  const file = path.join(home, 'config.json');
  const doc = JSON.parse(await readFile(file, 'utf8'));
  await writeFile(file, JSON.stringify({ ...doc, mcpServers: { ...doc.mcpServers, ...servers } }));
  await host!.registry.reload();
}
/** The server's tools as the catalog offers them (names as the server gives them). */
const toolsOf = async (id: string) =>
  (await service!.getCatalog()).tools.filter((t) => t.server === id).map((t) => t.tool);
/** Runs `about` on the server, as the tool runner's Run does: which version and pid answered. */
async function about(id: string): Promise<string> {
  // The catalog lists a server again when its entry changes (a put-back file included): wait for it.
  await expect.poll(async () => (await toolsOf(id)).includes('about'), { timeout: 10_000 }).toBe(true);
  const tool = (await service!.getCatalog()).tools.find((t) => t.server === id && t.tool === 'about');
  if (!tool) throw new Error(`${id} offers no about tool now`);
  const outcome = await service!.runTool(crypto.randomUUID(), tool.name, {});
  if (outcome.status !== 'done') throw new Error(`about failed: ${JSON.stringify(outcome)}`);
  return outcome.result.content.map((c) => (c.type === 'text' ? c.text : '')).join('');
}
async function recorded(): Promise<readonly ActivityEntry[]> {
  await host!.activity.flush();
  return (await readActivity(path.join(home, 'activity'))).entries;
}
const logText = (id: string) => host!.logs.entries(id).map((e) => e.text);

describe('a running server whose launch changes runs on until the new launch is trusted', () => {
  it('keeps the previous version running and usable, says an update waits; trusted, the new one starts beside it and replaces it', async () => {
    await start({ app: at('1.0.0') });
    const oldPid = lastPid(host!.logs, 'app');
    await expect.poll(() => toolsOf('app')).toEqual(['about', 'wait', 'since_1_0_0']);

    await editFile({ app: at('2.0.0') });
    const waiting = viewOf('app')!;
    expect(waiting.state).toMatchObject({ status: 'running', serverInfo: { version: '1.0.0' } });
    expect(waiting.target).toContain(`${VERSIONED} 1.0.0`);
    expect(waiting.update).toEqual({ status: 'waits-for-trust', target: expect.stringContaining('2.0.0') });
    expect(waiting.trustRequired?.args).toEqual([VERSIONED, '2.0.0']);
    // The edit form edits what the file says now.
    expect(host!.registry.configOf('app')).toMatchObject({ args: [VERSIONED, '2.0.0'] });
    // Nothing of the new launch ran; the previous one answers, with its tools.
    expect(lastPid(host!.logs, 'app')).toBe(oldPid);
    expect(await processAlive(oldPid)).toBe(true);
    expect(await about('app')).toBe(`versioned 1.0.0, pid ${oldPid}`);
    expect(await toolsOf('app')).toEqual(['about', 'wait', 'since_1_0_0']);

    await trustServerAsShown(service!, 'app');
    expect(versionOf('app')).toBe('2.0.0');
    expect(viewOf('app')?.update).toBeUndefined();
    expect(viewOf('app')?.trustRequired).toBeUndefined();
    const newPid = lastPid(host!.logs, 'app');
    expect(newPid).not.toBe(oldPid);
    expect(await processAlive(newPid)).toBe(true);
    await expect.poll(() => processAlive(oldPid)).toBe(false);
    // Beside: the new process was running before the previous one was told to stop.
    const log = logText('app');
    const started = log.findIndex((t) => t.includes(`(pid ${newPid})`));
    const stopping = log.indexOf('stopping (replaced by its newly trusted launch)');
    expect(started).toBeGreaterThan(-1);
    expect(stopping).toBeGreaterThan(started);
    await expect.poll(() => toolsOf('app')).toEqual(['about', 'wait', 'since_2_0_0']);
    expect(await about('app')).toBe(`versioned 2.0.0, pid ${newPid}`);

    const entries = await recorded();
    expect(entries.filter((e) => e.kind === 'trust').map((e) => e.kind === 'trust' && e.given)).toEqual([
      true,
      true,
    ]);
    expect(entries.filter((e) => e.kind === 'switch')).toEqual([
      expect.objectContaining({
        server: 'app',
        how: 'beside',
        outcome: 'ok',
        launch: expect.stringContaining('2.0.0'),
        serverIdentity: expect.stringMatching(/^[0-9a-f]{64}$/),
        from: expect.stringMatching(/^[0-9a-f]{64}$/),
      }),
    ]);
  });

  it('a new launch that cannot start beside the running one leaves it running and says why; Restart starts it alone', async () => {
    const lock = path.join(home, 'app.lock');
    await start({ app: at('1.0.0', '--lock', lock) });
    const oldPid = lastPid(host!.logs, 'app');

    await editFile({ app: at('2.0.0', '--lock', lock) });
    await trustServerAsShown(service!, 'app');
    const failed = viewOf('app')!;
    expect(failed.state).toMatchObject({ status: 'running', serverInfo: { version: '1.0.0' } });
    expect(failed.update).toMatchObject({ status: 'failed', target: expect.stringContaining('2.0.0') });
    const error = failed.update?.status === 'failed' ? failed.update.error : undefined;
    expect([error?.message, ...(error?.stderrTail ?? [])].join('\n')).toContain(
      `another copy of this server is running (it holds ${lock})`,
    );
    expect(failed.trustRequired).toBeUndefined(); // trusted: nothing more to ask
    expect(await processAlive(oldPid)).toBe(true);
    expect(await about('app')).toBe(`versioned 1.0.0, pid ${oldPid}`);
    // The failed try is not retried beside it: one start of the new launch, and no process left of it.
    await new Promise((r) => setTimeout(r, 300));
    expect(logText('app').filter((t) => t.startsWith('started '))).toHaveLength(2);
    expect(viewOf('app')?.update?.status).toBe('failed');

    await service!.restartServer('app');
    expect(versionOf('app')).toBe('2.0.0');
    expect(viewOf('app')?.update).toBeUndefined();
    expect(await processAlive(oldPid)).toBe(false);
    await expect.poll(() => toolsOf('app')).toEqual(['about', 'wait', 'since_2_0_0']);
    expect(await about('app')).toBe(`versioned 2.0.0, pid ${lastPid(host!.logs, 'app')}`);
    expect((await recorded()).filter((e) => e.kind === 'switch')).toEqual([
      expect.objectContaining({
        how: 'beside',
        outcome: 'error',
        reason: expect.stringContaining('exited'),
      }),
      expect.objectContaining({ how: 'alone', outcome: 'ok' }),
    ]);
  });

  it('a call under way at the switch is answered by the previous version, which stops after; calls after it go to the new one', async () => {
    await start({ app: at('1.0.0') });
    const oldPid = lastPid(host!.logs, 'app');
    await expect.poll(() => toolsOf('app')).toContain('wait');
    await editFile({ app: at('2.0.0') });
    const wait = (await service!.getCatalog()).tools.find((t) => t.server === 'app' && t.tool === 'wait')!;
    const underWay = service!.runTool(crypto.randomUUID(), wait.name, { ms: 1500 });
    await new Promise((r) => setTimeout(r, 200)); // sent before the switch
    await trustServerAsShown(service!, 'app');
    expect(versionOf('app')).toBe('2.0.0');
    const newPid = lastPid(host!.logs, 'app');
    // The new launch is the server now; the previous one is finishing its call.
    expect(await processAlive(oldPid)).toBe(true);
    await expect.poll(() => toolsOf('app')).toEqual(['about', 'wait', 'since_2_0_0']);
    expect(await about('app')).toBe(`versioned 2.0.0, pid ${newPid}`);
    expect(await underWay).toMatchObject({
      status: 'done',
      result: { content: [{ type: 'text', text: `versioned 1.0.0, pid ${oldPid}, after 1500 ms` }] },
    });
    await expect.poll(() => processAlive(oldPid)).toBe(false);
  });

  it('refused in the shell’s own dialog, or the file put back: the running one goes on untouched', async () => {
    let asked = 0;
    await start({ app: at('1.0.0') }, { confirmLaunch: async () => ++asked === 1 });
    const oldPid = lastPid(host!.logs, 'app');
    await editFile({ app: at('2.0.0') });
    await trustServerAsShown(service!, 'app'); // the native dialog says no
    expect(asked).toBe(2);
    expect(viewOf('app')).toMatchObject({
      state: { status: 'running', serverInfo: { version: '1.0.0' } },
      update: { status: 'waits-for-trust' },
    });
    expect(lastPid(host!.logs, 'app')).toBe(oldPid);
    const trust = (await recorded()).filter((e) => e.kind === 'trust');
    expect(trust.at(-1)).toMatchObject({ given: false, launch: expect.stringContaining('2.0.0') });

    await editFile({ app: at('1.0.0') });
    expect(viewOf('app')?.update).toBeUndefined();
    expect(viewOf('app')?.trustRequired).toBeUndefined();
    expect(versionOf('app')).toBe('1.0.0');
    expect(lastPid(host!.logs, 'app')).toBe(oldPid); // not restarted
    expect(await about('app')).toBe(`versioned 1.0.0, pid ${oldPid}`);
  });
});

describe('what makes the running launch unacceptable still stops it at once', () => {
  it('the managed policy refusing it: stopped, and the new launch waits for trust on its card', async () => {
    const policyFile = path.join(home, 'policy.json');
    await start({ app: at('1.0.0') }, {}, policyFile);
    const oldPid = lastPid(host!.logs, 'app');
    await editFile({ app: at('2.0.0') });
    expect(viewOf('app')?.update?.status).toBe('waits-for-trust');

    await writeFile(
      policyFile,
      JSON.stringify({ deniedServers: [{ command: process.execPath, args: [VERSIONED, '1.0.0'] }] }),
    );
    await expect.poll(() => processAlive(oldPid), { timeout: 10_000 }).toBe(false);
    const view = viewOf('app')!;
    expect(view.state.status).toBe('stopped');
    expect(view.update).toBeUndefined();
    expect(view.refused).toBeUndefined(); // the file's launch is not refused: it waits for trust
    expect(view.trustRequired?.args).toEqual([VERSIONED, '2.0.0']);
    expect((await recorded()).some((e) => e.kind === 'policy-refusal' && e.when === 'policy-changed')).toBe(
      true,
    );
    await trustServerAsShown(service!, 'app');
    await expect.poll(() => versionOf('app')).toBe('2.0.0');
  });

  it('the managed policy refusing the new launch: the running one stops, the card says refused', async () => {
    const policyFile = path.join(home, 'policy.json');
    await start({ app: at('1.0.0') }, {}, policyFile);
    const oldPid = lastPid(host!.logs, 'app');
    await editFile({ app: at('2.0.0') });
    await writeFile(
      policyFile,
      JSON.stringify({ deniedServers: [{ command: process.execPath, args: [VERSIONED, '2.0.0'] }] }),
    );
    await expect.poll(() => processAlive(oldPid), { timeout: 10_000 }).toBe(false);
    expect(viewOf('app')).toMatchObject({ refused: { reason: expect.any(String) } });
    expect(viewOf('app')?.update).toBeUndefined();
    expect(viewOf('app')?.trustRequired).toBeUndefined();
  });

  it('an update the policy already refuses when it is written: the running one stops at once', async () => {
    const policyFile = path.join(home, 'policy.json');
    await writeFile(
      policyFile,
      JSON.stringify({ deniedServers: [{ command: process.execPath, args: [VERSIONED, '2.0.0'] }] }),
    );
    await start({ app: at('1.0.0') }, {}, policyFile);
    const oldPid = lastPid(host!.logs, 'app');
    await editFile({ app: at('2.0.0') });
    expect(await processAlive(oldPid)).toBe(false);
    expect(viewOf('app')).toMatchObject({ state: { status: 'stopped' }, refused: expect.anything() });
  });

  it('disabled, removed or confined while an update waits: the running launch stops at once', async () => {
    await start({ off: at('1.0.0'), gone: at('1.0.0'), boxed: at('1.0.0') });
    const pids = Object.fromEntries(['off', 'gone', 'boxed'].map((id) => [id, lastPid(host!.logs, id)]));
    await editFile({ off: at('2.0.0'), gone: at('2.0.0'), boxed: at('2.0.0') });
    for (const id of ['off', 'gone', 'boxed']) expect(viewOf(id)?.update?.status).toBe('waits-for-trust');

    await service!.setServerEnabled('off', false);
    expect(await processAlive(pids.off!)).toBe(false);
    expect(viewOf('off')?.state.status).toBe('disabled');

    await service!.removeServer('gone');
    expect(await processAlive(pids.gone!)).toBe(false);
    expect(viewOf('gone')).toBeUndefined();

    // The person asked for less reach: the unconfined launch does not run on until they trust it.
    await service!.setServerSandbox('boxed', true);
    expect(await processAlive(pids.boxed!)).toBe(false);
    expect(viewOf('boxed')).toMatchObject({ state: { status: 'stopped' }, trustRequired: { sandbox: {} } });
    expect(viewOf('boxed')?.update).toBeUndefined();
  });

  it('a replaced launch still finishing a call is stopped at once when the server is removed', async () => {
    await start({ app: at('1.0.0') });
    const oldPid = lastPid(host!.logs, 'app');
    await expect.poll(() => toolsOf('app')).toContain('wait');
    await editFile({ app: at('2.0.0') });
    const wait = (await service!.getCatalog()).tools.find((t) => t.server === 'app' && t.tool === 'wait')!;
    const underWay = service!.runTool(crypto.randomUUID(), wait.name, { ms: 20_000 });
    await new Promise((r) => setTimeout(r, 200));
    await trustServerAsShown(service!, 'app');
    const newPid = lastPid(host!.logs, 'app');
    expect(await processAlive(oldPid)).toBe(true); // finishing its call
    await service!.removeServer('app');
    expect(await processAlive(newPid)).toBe(false);
    expect(await processAlive(oldPid)).toBe(false);
    expect(await underWay).toMatchObject({ status: 'failed' });
  });

  it('stopped by hand while an update waits: stopped, and trusting the new launch starts it alone', async () => {
    await start({ app: at('1.0.0') });
    const oldPid = lastPid(host!.logs, 'app');
    await editFile({ app: at('2.0.0') });
    await service!.stopServer('app');
    expect(await processAlive(oldPid)).toBe(false);
    // Nothing runs: the card is the new launch waiting for trust, as for any server.
    expect(viewOf('app')).toMatchObject({
      state: { status: 'stopped' },
      trustRequired: { args: [VERSIONED, '2.0.0'] },
    });
    expect(viewOf('app')?.update).toBeUndefined();
    expect(viewOf('app')?.target).toContain('2.0.0');
    await expect(service!.restartServer('app')).rejects.toThrow('has not been trusted');
    await trustServerAsShown(service!, 'app');
    expect(versionOf('app')).toBe('2.0.0');
    expect((await recorded()).filter((e) => e.kind === 'switch')).toEqual([
      expect.objectContaining({ how: 'alone', outcome: 'ok' }),
    ]);
  });
});

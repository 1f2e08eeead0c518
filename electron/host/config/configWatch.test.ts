import { mkdtemp, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { trustAsShown } from '../../../e2e/fixtures/trust';
import { readActivity } from '../activity/activityReader';
import { Host } from '../host';

const ECHO = fileURLToPath(new URL('../../../e2e/fixtures/stdio/echo-server.mjs', import.meta.url));
const echo = (extra: Record<string, unknown> = {}) => ({ command: process.execPath, args: [ECHO], ...extra });
const off = { command: process.execPath, args: ['-v'], disabled: true };
const TOKEN = 'ghp_besideTheFaultNeverShown00000000000';

let home: string;
let host: Host | undefined;
beforeEach(async () => {
  home = await mkdtemp(path.join(tmpdir(), 'sb-config-watch-'));
});
afterEach(async () => {
  await host?.shutdown();
  host = undefined;
  await rm(home, { recursive: true, force: true });
});

const configPath = () => path.join(home, 'config.json');
/** Written as an editor saves: a whole new file renamed over the old one. */
async function editConfig(servers: Record<string, unknown>): Promise<void> {
  const temp = path.join(home, '.config.json.swp');
  await writeFile(temp, JSON.stringify({ mcpServers: servers }, null, 2));
  await rename(temp, configPath());
}
const fileServers = async () => JSON.parse(await readFile(configPath(), 'utf8')).mcpServers;

async function serverEntries(h: Host) {
  await h.activity.flush();
  const { entries, problems } = await readActivity(path.join(home, 'activity'));
  expect(problems).toEqual([]);
  return entries.flatMap((e) => (e.kind === 'server' ? [[e.server, e.change, e.via]] : []));
}

async function startWith(servers: Record<string, unknown>): Promise<Host> {
  await writeFile(configPath(), JSON.stringify({ mcpServers: servers }));
  host = await Host.create({ home });
  return host;
}

const status = (h: Host, id: string) => h.registry.views().find((v) => v.id === id)?.state.status;

/**
 * config.json edited while the app runs — by hand in an editor, by another program — is taken as it
 * stands at once (the host watches the file), recorded as edited outside Switchboard, and never
 * overwritten by the app's older copy at its next save.
 */
describe('config.json edited while the app runs', () => {
  it('is applied at once — a changed server restarted, an added one shown — and recorded as edited outside', async () => {
    const h = await startWith({ echo: echo() });
    await trustAsShown(h.registry, 'echo');
    await expect.poll(() => status(h, 'echo'), { timeout: 10_000 }).toBe('running');
    const before = h.registry.get('echo');

    await editConfig({ echo: echo({ requestTimeoutMs: 5000 }), later: off });
    await expect.poll(() => h.registry.configOf('later')?.disabled, { timeout: 10_000 }).toBe(true);
    expect(h.registry.configOf('echo')).toMatchObject({ requestTimeoutMs: 5000 });
    // Restarted on the new entry (the same launch, trusted already): running again.
    await expect.poll(() => status(h, 'echo'), { timeout: 10_000 }).toBe('running');
    expect(h.registry.get('echo')).not.toBe(before);
    expect(await serverEntries(h)).toEqual([
      ['echo', 'changed', 'file'],
      ['later', 'added', 'file'],
    ]);
  });

  it('an edit the app has not read yet is kept when the app saves, and recorded before the save', async () => {
    const h = await startWith({ first: off });
    // Written and at once followed by a save from the app: no time for the watcher to have read it.
    await writeFile(configPath(), JSON.stringify({ mcpServers: { first: off, byHand: off } }));
    await h.registry.upsert('fromApp', off);
    expect(Object.keys(await fileServers())).toEqual(['first', 'byHand', 'fromApp']);
    expect(h.registry.configOf('byHand')).toBeDefined();
    expect(await serverEntries(h)).toEqual([
      ['byHand', 'added', 'file'],
      ['fromApp', 'added', 'editor'],
    ]);
  });

  it("the app's own saves are not taken for outside edits", async () => {
    const h = await startWith({ first: off });
    await h.registry.upsert('second', off);
    await h.registry.setEnabled('second', true);
    await h.registry.remove('first');
    // Past the watcher's settling time, and read again by hand: nothing new.
    await new Promise((r) => setTimeout(r, 600));
    await h.registry.reload();
    expect(await serverEntries(h)).toEqual([
      ['second', 'added', 'editor'],
      ['second', 'enabled', 'editor'],
      ['first', 'removed', 'editor'],
    ]);
  });

  it('a file that is not valid JSON changes nothing: servers run on, saves wait, and the fix is applied', async () => {
    const h = await startWith({ echo: echo() });
    await trustAsShown(h.registry, 'echo');
    await expect.poll(() => status(h, 'echo'), { timeout: 10_000 }).toBe('running');

    const said: unknown[] = [];
    h.registry.configState.onProblem((problem) => said.push(problem));
    const broken = `{ "mcpServers": { "echo": { "env": { "TOKEN": ${TOKEN} `;
    await writeFile(configPath(), broken);
    expect((await h.registry.reload()).state).toBe('unreadable');
    expect(status(h, 'echo')).toBe('running');
    expect(h.registry.configState.problem).toEqual({
      error: expect.stringMatching(/config\.json is not valid JSON/),
      readBefore: true,
    });
    await expect(h.registry.upsert('x', off)).rejects.toThrow(/not valid JSON.*will not overwrite/s);
    expect(await readFile(configPath(), 'utf8')).toBe(broken);
    // What is wrong is said without quoting the file (a token may sit beside the fault).
    expect(JSON.stringify(h.registry.configState.problem)).not.toContain('ghp_');

    await editConfig({ echo: echo(), fixed: off });
    await expect.poll(() => h.registry.configOf('fixed'), { timeout: 10_000 }).toBeDefined();
    expect(status(h, 'echo')).toBe('running');
    expect(await serverEntries(h)).toEqual([['fixed', 'added', 'file']]);
    // Said once when it broke, once when it was fixed.
    expect(h.registry.configState.problem).toBeUndefined();
    expect(said).toEqual([expect.objectContaining({ readBefore: true }), undefined]);
  });

  it('servers that are not an object of servers: nothing loaded, nothing saved over them, said so', async () => {
    const text = JSON.stringify({ mcpServers: [{ command: 'node' }], other: 1 });
    await writeFile(configPath(), text);
    host = await Host.create({ home });
    expect(host.registry.views()).toEqual([]);
    expect(host.registry.configState.problem).toEqual({
      error: `${configPath()}: mcpServers must be an object of servers by name`,
      readBefore: false,
    });
    await expect(host.registry.upsert('x', off)).rejects.toThrow(/will not overwrite/);
    expect(await readFile(configPath(), 'utf8')).toBe(text);
  });

  it('an edit read while the app shuts down starts nothing', async () => {
    const h = await startWith({ echo: echo() });
    await trustAsShown(h.registry, 'echo');
    await expect.poll(() => status(h, 'echo'), { timeout: 10_000 }).toBe('running');
    // The same launch with another timeout: trusted already, it would be restarted at once.
    await editConfig({ echo: echo({ requestTimeoutMs: 5000 }) });
    const closing = h.registry.shutdown();
    await h.registry.reload();
    await closing;
    expect(h.registry.configOf('echo')?.requestTimeoutMs).toBeUndefined();
    expect(h.registry.get('echo')?.state.status).toBe('stopped');
  });

  it('a local server added by hand asks for trust (its launch shown), and runs once trusted', async () => {
    const h = await startWith({});
    await editConfig({ twin: echo() });
    await expect
      .poll(() => h.registry.pendingTrust('twin')?.command, { timeout: 10_000 })
      .toBe(process.execPath);
    expect(status(h, 'twin')).toBe('stopped');
    await trustAsShown(h.registry, 'twin');
    await expect.poll(() => status(h, 'twin'), { timeout: 10_000 }).toBe('running');
  });

  it('an edit read by a change that fails is applied all the same', async () => {
    const h = await startWith({ echo: echo(), other: off });
    await trustAsShown(h.registry, 'echo');
    await expect.poll(() => status(h, 'echo'), { timeout: 10_000 }).toBe('running');
    const session = h.registry.get('echo')!;
    // Removed by hand, and at once enabled from the app (its card was still there): refused, and stopped.
    await writeFile(configPath(), JSON.stringify({ mcpServers: { other: off } }));
    await expect(h.registry.setEnabled('echo', false)).rejects.toThrow('No server named "echo"');
    expect(h.registry.get('echo')).toBeUndefined();
    expect(session.state.status).toBe('stopped');
    expect(await serverEntries(h)).toEqual([['echo', 'removed', 'file']]);
  });

  it('a file broken at launch and fixed while the app runs: taken as the launch would, no false changes', async () => {
    // Seen once as it was.
    await (await startWith({ kept: off, edited: off })).shutdown();
    host = undefined;
    await writeFile(configPath(), '{ "mcpServers": ');
    const h = await Host.create({ home });
    host = h;
    expect(h.registry.configState.problem).toMatchObject({ readBefore: false });
    await editConfig({ kept: off, edited: { ...off, args: ['--version'] } });
    const argsOf = (id: string) => {
      const config = h.registry.configOf(id);
      return config?.kind === 'stdio' ? config.args : undefined;
    };
    await expect.poll(() => argsOf('edited'), { timeout: 10_000 }).toEqual(['--version']);
    expect(h.registry.configState.problem).toBeUndefined();
    expect(await serverEntries(h)).toEqual([['edited', 'changed', 'file']]);
  });

  it('a new data folder without the file is the first run, not a file removed: nothing is said, read again or not', async () => {
    const h = await Host.create({ home });
    host = h;
    // What the Servers page's first visit and the watch do: read it again.
    await h.registry.reload();
    await h.registry.reload();
    expect(h.registry.configState.problem).toBeUndefined();
    // Once it was written (the first server added), removing it is said.
    await h.registry.upsert('later', off);
    await rm(configPath());
    await h.registry.reload();
    expect(h.registry.configState.problem).toMatchObject({ gone: true });
  });

  it('a file removed while the app runs: the servers run on, it is said, and the next change writes it anew', async () => {
    const h = await startWith({ echo: echo() });
    await trustAsShown(h.registry, 'echo');
    await expect.poll(() => status(h, 'echo'), { timeout: 10_000 }).toBe('running');
    await rm(configPath());
    await expect.poll(() => h.registry.configState.problem?.gone, { timeout: 10_000 }).toBe(true);
    expect(status(h, 'echo')).toBe('running');
    await h.registry.upsert('later', off);
    expect(Object.keys(await fileServers())).toEqual(['echo', 'later']);
    await expect.poll(() => h.registry.configState.problem, { timeout: 10_000 }).toBeUndefined();
    expect(await serverEntries(h)).toEqual([['later', 'added', 'editor']]);
  });

  it('servers removed in the file stop', async () => {
    const h = await startWith({ echo: echo(), other: off });
    await trustAsShown(h.registry, 'echo');
    await expect.poll(() => status(h, 'echo'), { timeout: 10_000 }).toBe('running');
    const session = h.registry.get('echo')!;
    await editConfig({ other: off });
    await expect.poll(() => h.registry.get('echo'), { timeout: 10_000 }).toBeUndefined();
    expect(session.state.status).toBe('stopped');
    expect(await serverEntries(h)).toEqual([['echo', 'removed', 'file']]);
  });
});

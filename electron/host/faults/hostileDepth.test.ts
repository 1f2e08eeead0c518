import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { writeEverythingConfig } from '../../../e2e/fixtures/everythingConfig';
import { hostileStdio } from '../../../e2e/fixtures/servers';
import { trustAsShown } from '../../../e2e/fixtures/trust';
import type { ServerProblem } from '../../../shared/host/serverView';
import type { HostEvent } from '../../../shared/ipc/contract';
import { Host } from '../host';

let home: string;
let host: Host | undefined;
beforeEach(async () => {
  home = await mkdtemp(path.join(tmpdir(), 'sb-deep-'));
});
afterEach(async () => {
  await host?.shutdown();
  host = undefined;
  await rm(home, { recursive: true, force: true });
});

const hostile = (mode: string) => {
  const { command, args } = hostileStdio(mode);
  return { command, args };
};

async function startHost(servers: Record<string, Record<string, unknown>>): Promise<Host> {
  await writeEverythingConfig(home, servers);
  host = await Host.create({ home });
  for (const id of ['everything', ...Object.keys(servers)]) await trustAsShown(host.registry, id);
  return host;
}

const problemsOf = (h: Host, id: string): ServerProblem[] => {
  const state = h.registry.views().find((v) => v.id === id)?.state;
  return state?.status === 'running' ? (state.problems ?? []) : [];
};
const text = (result: { content: unknown[] }) => JSON.stringify(result.content);

describe('a server sending values nested 100,000 deep (real hostile servers beside server-everything)', () => {
  it('each is refused by name on its server’s card; every event still reaches the window; the host and the others go on', async () => {
    const h = await startHost({
      log: hostile('deep-log'),
      listing: hostile('deep-input-schema-beside'),
      output: hostile('deep-output-schema-beside'),
      elicits: hostile('deep-elicit'),
      structured: hostile('deep-structured'),
    });
    // The window: every event is serialised as the browser shell's socket does it.
    const sent: string[] = [];
    const service = h.serve();
    service.subscribe((event: HostEvent) => sent.push(JSON.stringify(event)));
    h.consent.onChange((queue) => {
      for (const c of queue)
        if (c.kind === 'tool') h.consent.answer(c.id, { kind: 'tool', decision: 'allow-once' });
    });
    const ids = ['everything', 'log', 'listing', 'output', 'elicits', 'structured'];
    await expect
      .poll(() => ids.map((id) => h.registry.views().find((v) => v.id === id)?.state.status), {
        timeout: 20_000,
      })
      .toEqual(ids.map(() => 'running'));

    // The client library refuses each message whole where it enters (nothing deeper than 100 levels
    // reaches the host); the card says so, and the host's own checks stay as a second line.
    const deep = /nested deeper than 100 levels/;
    const protocolProblem = (id: string) => problemsOf(h, id).find((p) => p.kind === 'protocol')?.message;

    // notifications/message: refused, said on the card and in the log; never shown as a log line.
    await expect.poll(() => protocolProblem('log')).toMatch(deep);
    expect(h.logs.entries('log').some((e) => e.source === 'protocol' && deep.test(e.text))).toBe(true);
    expect(h.logs.entries('log').some((e) => e.source === 'server' && deep.test(e.text))).toBe(false);

    // tools/list: the listing is refused whole (a message is read whole or not at all); the card says why.
    for (const id of ['listing', 'output']) {
      await expect.poll(() => problemsOf(h, id).find((p) => p.kind === 'tools')?.message).toMatch(deep);
      expect(h.catalog.tools().filter((t) => t.server === id)).toEqual([]);
    }
    const calledDeep = await h.tools.call({ name: 'output__deep', args: {} });
    expect(calledDeep.status).toBe('refused');

    // elicitation/create: answered Invalid Request before any dialog, the server told why.
    const elicited = await h.tools.call({ name: 'elicits__echo', args: {} });
    expect(elicited.status).toBe('done');
    expect(text(elicited.result)).toMatch(deep);
    expect(h.consent.queue().filter((c) => c.kind === 'elicitation')).toEqual([]);
    expect(protocolProblem('elicits')).toMatch(deep);

    // A success whose structuredContent nobody could serialise: a failure that says why.
    const structured = await h.tools.call({ name: 'structured__echo', args: {} });
    expect(structured.status).toBe('failed');
    expect(structured.status === 'failed' && structured.error).toMatch(deep);
    expect(protocolProblem('structured')).toMatch(deep);

    // Everyone else goes on: server-everything answers, nothing was a fault of the host.
    const echo = await h.tools.call({ name: 'everything__echo', args: { message: 'still here' } });
    expect(text(echo.result)).toContain('Echo: still here');
    for (const id of ids) expect(problemsOf(h, id).map((p) => p.kind)).not.toContain('fault');
    expect(sent.some((s) => s.includes('"serversChanged"'))).toBe(true);
  }, 60_000);

  it('an event the window cannot take, raised by a server’s request, is traced to that server and logged; the host goes on', async () => {
    const h = await startHost({});
    await expect
      .poll(() => h.catalog.tools().some((t) => t.server === 'everything'), { timeout: 20_000 })
      .toBe(true);
    // A window that breaks on elicitation dialogs (as one would on a value it cannot clone).
    const service = h.serve();
    service.subscribe((event) => {
      if (event.event === 'consentsChanged' && event.payload.some((c) => c.kind === 'elicitation'))
        throw new RangeError('Maximum call stack size exceeded');
    });
    const call = h.registry.get('everything')!.callTool('trigger-elicitation-request');
    await expect.poll(() => h.consent.queue()[0]?.kind).toBe('elicitation');
    h.consent.answer(h.consent.queue()[0]!.id, { kind: 'elicitation', result: { action: 'decline' } });
    await call;
    expect(problemsOf(h, 'everything')).toEqual([
      expect.objectContaining({
        kind: 'fault',
        message:
          'Switchboard failed while sending consentsChanged to the window: Maximum call stack size exceeded. The server goes on; restart it if it misbehaves.',
      }),
    ]);
    const echo = await h.registry.get('everything')!.callTool('echo', { message: 'after' });
    expect(text(echo)).toContain('Echo: after');
    await h.faults.flush();
    const appLog = await readFile(path.join(home, 'logs', 'app', 'host.log'), 'utf8');
    expect(appLog).toMatch(
      /ERROR \[server everything\] while sending consentsChanged to the window: RangeError: Maximum call stack/,
    );
  }, 40_000);
});

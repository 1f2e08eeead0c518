import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { writeEverythingConfig } from '../../../e2e/fixtures/everythingConfig';
import { json, modernBasics, sseBreak, startHttpFixture } from '../../../e2e/fixtures/http/httpFixture';
import { hostileStdio } from '../../../e2e/fixtures/servers';
import { tempDirPerTest } from '../../../e2e/fixtures/tempDir';
import { trustAsShown } from '../../../e2e/fixtures/trust';
import type { ToolConsentRequest } from '../../../shared/host/consent';
import type { Progress } from '../../../shared/mcp/protocol';
import { Host } from '../host';

let home: string;
let host: Host | undefined;
tempDirPerTest(
  'sb-invocations-',
  (dir) => {
    home = dir;
    host = undefined;
  },
  () => host?.shutdown() ?? Promise.resolve(),
);

/** A host with server-everything running, and its long-running tool's model-facing name. */
async function start() {
  await writeEverythingConfig(home);
  host = await Host.create({ home });
  await trustAsShown(host.registry, 'everything');
  await expect.poll(() => host!.catalog.tools().length).toBeGreaterThan(5);
  const h = host;
  h.registry.session('everything').setWireTrace(true); // the cancels are counted on the wire trace
  const long = h.catalog.tools().find((t) => t.tool.name === 'trigger-long-running-operation')!.name;
  // Every consent this test raises is allowed once, as the person would.
  h.consent.onChange((queue) => {
    for (const r of queue) h.consent.answer(r.id, { kind: 'tool', decision: 'allow-once' });
  });
  return { h, long };
}

const cancelsSent = (h: Host) =>
  h.logs.entries('everything').filter((e) => e.text.includes('notifications/cancelled')).length;

describe('tool invocations', () => {
  it('a cancel reaches only the call it names: that server call is cancelled, the other runs to its end', async () => {
    const { h, long } = await start();
    const a = h.tools.start('run:a', { name: long, args: { duration: 30, steps: 30 } });
    const b = h.tools.start('run:b', { name: long, args: { duration: 2, steps: 2 } });
    const progressA: Progress[] = [];
    a.onProgress((p) => progressA.push(p));
    await expect.poll(() => progressA.length).toBeGreaterThan(0);
    // The server's progress, as it sent it (not flattened): its count and total.
    expect(progressA[0]).toMatchObject({ progress: expect.any(Number), total: 30 });
    h.tools.cancel('run:a', 'Cancelled by the user.');
    expect(await a.outcome).toMatchObject({
      status: 'cancelled',
      reason: 'Cancelled by the user.',
      server: 'everything',
      tool: 'trigger-long-running-operation',
      result: { isError: true, content: [{ type: 'text', text: 'Cancelled by the user.' }] },
    });
    expect(await b.outcome).toMatchObject({ status: 'done', result: { content: [{ type: 'text' }] } });
    await expect.poll(() => cancelsSent(h)).toBe(1);
  });

  it('an id is one call at a time; once it ended, it is free again; an unknown id cancels nothing', async () => {
    const { h, long } = await start();
    const first = h.tools.start('run:same', { name: long, args: { duration: 1, steps: 1 } });
    expect(() => h.tools.start('run:same', { name: long, args: {} })).toThrow(
      'A tool call run:same is already running',
    );
    h.tools.cancel('run:other', 'Cancelled by the user.');
    expect((await first.outcome).status).toBe('done');
    const again = h.tools.start('run:same', { name: long, args: { duration: 1, steps: 1 } });
    expect((await again.outcome).status).toBe('done');
    expect(cancelsSent(h)).toBe(0);
  });

  it("aborting the starter's signal (a chat's Stop) cancels the call with the signal's reason", async () => {
    const { h, long } = await start();
    const stop = new AbortController();
    const call = h.tools.start('chat:c:t', { name: long, args: { duration: 30, steps: 30 } }, stop.signal);
    const progress: Progress[] = [];
    call.onProgress((p) => progress.push(p));
    await expect.poll(() => progress.length).toBeGreaterThan(0);
    stop.abort(new Error('Stopped by the user.'));
    expect(await call.outcome).toMatchObject({ status: 'cancelled', reason: 'Stopped by the user.' });
    await expect.poll(() => cancelsSent(h)).toBe(1);
  });

  it('a name no server offers, or a server that stopped, is a refusal the model can read, never sent', async () => {
    const { h, long } = await start();
    expect(await h.tools.call({ name: 'nobody__nothing', args: {} })).toMatchObject({
      status: 'refused',
      reason: 'There is no tool named nobody__nothing.',
      result: { isError: true },
    });
    await h.registry.session('everything').stop();
    // Stopped: the catalog drops its tools; the call says where their server is, not "no such tool".
    await expect.poll(() => h.catalog.tools().length).toBe(0);
    expect(await h.tools.call({ name: long, args: {} })).toMatchObject({
      status: 'refused',
      server: 'everything',
      tool: 'trigger-long-running-operation',
      reason: `The tool ${long} cannot run now: its server "everything" is stopped (stopped). Try again once it is running.`,
    });
  });

  it('a tool whose server is restarting (or disabled) says so, with the error it restarts after', async () => {
    const crash = hostileStdio('exit-mid-request');
    await writeFile(
      path.join(home, 'config.json'),
      JSON.stringify({ mcpServers: { flaky: { command: crash.command, args: crash.args } } }),
    );
    // Its restart waits long enough to be seen waiting.
    host = await Host.create({ home, restart: { baseDelayMs: 60_000, maxTries: 3 } });
    const h = host;
    h.consent.onChange((queue) => {
      for (const r of queue) h.consent.answer(r.id, { kind: 'tool', decision: 'allow-once' });
    });
    await trustAsShown(h.registry, 'flaky');
    await expect.poll(() => h.catalog.tools().map((t) => t.name)).toContain('flaky__echo');
    // The call makes the server exit: the call fails, and the server waits to restart.
    expect((await h.tools.call({ name: 'flaky__echo', args: {} })).status).toBe('failed');
    await expect.poll(() => h.registry.session('flaky').state.status).toBe('restarting');
    const again = await h.tools.call({ name: 'flaky__echo', args: {} });
    expect(again).toMatchObject({ status: 'refused', server: 'flaky', tool: 'echo' });
    expect(again.status === 'refused' && again.reason).toMatch(
      /^The tool flaky__echo cannot run now: its server "flaky" is restarting after an error \(.*exited with code 3.*\): try 1 in 60 s\. Try again once it is running\.$/,
    );
    await h.registry.setEnabled('flaky', false);
    expect((await h.tools.call({ name: 'flaky__echo', args: {} })).result.content).toEqual([
      {
        type: 'text',
        text: 'The tool flaky__echo cannot run now: its server "flaky" is turned off (Enable it on the Servers page). Try again once it is running.',
      },
    ]);
  });

  it('a 2026-07-28 call whose answer the connection lost is sent again only after the person allows it again, warned it may have run', async () => {
    let breaks = 0;
    const fixture = await startHttpFixture((_req, res, body) => {
      if (modernBasics(res, body, { tools: [{ name: 'transfer' }] })) return;
      if (body?.method !== 'tools/call')
        return json(res, { jsonrpc: '2.0', id: body?.id ?? null, result: {} });
      if (breaks-- > 0) return sseBreak(res);
      json(res, {
        jsonrpc: '2.0',
        id: body.id,
        result: { resultType: 'complete', content: [{ type: 'text', text: 'sent' }] },
      });
    });
    try {
      await writeFile(
        path.join(home, 'config.json'),
        JSON.stringify({ mcpServers: { bank: { url: fixture.url } } }),
      );
      host = await Host.create({ home });
      const h = host;
      await trustAsShown(h.registry, 'bank');
      await expect.poll(() => h.catalog.tools().map((t) => t.name)).toEqual(['bank__transfer']);
      const asked: ToolConsentRequest[] = [];
      let answerAgain: 'allow-once' | 'deny' = 'allow-once';
      h.consent.onChange((queue) => {
        for (const r of queue) {
          if (r.kind !== 'tool') continue;
          asked.push(r);
          h.consent.answer(r.id, { kind: 'tool', decision: r.again ? answerAgain : 'allow-once' });
        }
      });
      const calls = () => fixture.requests.filter((r) => r.body?.method === 'tools/call').length;

      breaks = 1;
      const done = await h.tools.call({ name: 'bank__transfer', args: { amount: 5 } });
      expect(done).toMatchObject({ status: 'done', result: { content: [{ text: 'sent' }] } });
      expect(asked.map((r) => r.again)).toEqual([undefined, 'connection-lost']);
      // The same arguments shown the second time.
      expect(asked[1]!.argumentsJson).toBe(asked[0]!.argumentsJson);
      expect(calls()).toBe(2);

      breaks = 1;
      answerAgain = 'deny';
      const refused = await h.tools.call({ name: 'bank__transfer', args: { amount: 7 } });
      expect(refused).toMatchObject({
        status: 'failed',
        reason: expect.stringContaining('it may have run on the server, so it is not sent again'),
      });
      expect(calls()).toBe(3);
    } finally {
      await host?.shutdown();
      host = undefined;
      await fixture.close();
    }
  });
});

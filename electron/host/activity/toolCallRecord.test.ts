import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { allowNextTool } from '../../../e2e/fixtures/allowNextTool';
import { EVERYTHING_ENTRY } from '../../../e2e/fixtures/servers';
import { tempDirPerTest } from '../../../e2e/fixtures/tempDir';
import { trustAsShown } from '../../../e2e/fixtures/trust';
import { Host } from '../host';
import { serverIdentity } from '../servers/serverIdentity';
import { ACTIVITY_FILE } from './activityLog';
import { readActivity } from './activityReader';

let home: string;
let host: Host | undefined;
tempDirPerTest(
  'sb-activity-calls-',
  (dir) => {
    home = dir;
    host = undefined;
  },
  () => host?.shutdown() ?? Promise.resolve(),
);

const SECRET = 'sk-ant-activity-secret-7f3e9a';

async function everything() {
  await writeFile(
    path.join(home, 'config.json'),
    JSON.stringify({
      mcpServers: { everything: { command: process.execPath, args: [EVERYTHING_ENTRY, 'stdio'] } },
    }),
  );
  const h = await Host.create({ home });
  host = h;
  await trustAsShown(h.registry, 'everything');
  await expect.poll(() => h.catalog.resolveTool('everything__echo')?.enabled, { timeout: 20_000 }).toBe(true);
  return h;
}

describe('tool calls in the activity record (server-everything)', () => {
  it('records each call: who asked, how it was decided, how it ended, its result digest — secrets in its arguments hidden', async () => {
    const h = await everything();
    await h.secrets.set('everything/token', SECRET);
    h.redactor.add(SECRET);
    // The model asks in a conversation; the person allows it once.
    const asked = h.tools.call({
      name: 'everything__echo',
      args: { message: `use ${SECRET}`, password: 'hunter2-plain' },
      conversationId: 'conv-1',
      asker: 'model',
    });
    await allowNextTool(h);
    expect((await asked).status).toBe('done');
    // Denied by the person.
    const denied = h.tools.call({
      name: 'everything__get-sum',
      args: { a: 1, b: 2 },
      conversationId: 'conv-1',
      asker: 'model',
    });
    await allowNextTool(h, { decision: 'deny' });
    expect((await denied).status).toBe('refused');
    // The person's own Run in the tool runner; and a tool that is not there.
    expect(
      (await h.tools.call({ name: 'everything__get-sum', args: { a: 2, b: 3 }, asker: 'runner' })).status,
    ).toBe('done');
    expect((await h.tools.call({ name: 'everything__nothing', args: {}, asker: 'model' })).status).toBe(
      'refused',
    );
    await h.activity.flush();

    const read = await readActivity(path.join(home, 'activity'));
    expect(read.problems).toEqual([]);
    // The trust given and the folders shown to the server are recorded too (activityKinds.test.ts).
    const entries = read.entries.filter((e) => e.kind === 'tool-call');
    const identity = serverIdentity(h.registry.get('everything')!.config);
    expect(entries).toEqual([
      expect.objectContaining({
        kind: 'tool-call',
        source: 'app',
        server: 'everything',
        serverIdentity: identity,
        tool: 'echo',
        arguments: { message: 'use [redacted]', password: '[redacted]' },
        asker: { kind: 'model', conversationId: 'conv-1' },
        decision: 'once',
        outcome: 'ok',
        result: {
          sha256: expect.stringMatching(/^[0-9a-f]{64}$/),
          bytes: expect.any(Number),
          isError: false,
        },
      }),
      expect.objectContaining({
        tool: 'get-sum',
        arguments: { a: 1, b: 2 },
        decision: 'denied',
        outcome: 'refused',
        reason: 'The user denied this tool call.',
      }),
      expect.objectContaining({
        tool: 'get-sum',
        asker: { kind: 'hand-run' },
        decision: 'hand-run',
        outcome: 'ok',
      }),
      expect.objectContaining({
        server: 'everything',
        tool: 'nothing',
        decision: 'not-asked',
        outcome: 'refused',
        reason: 'The server "everything" offers no tool named "nothing" (any more).',
      }),
    ]);
    for (const e of entries)
      if (e.kind === 'tool-call') expect(e.endedAt).toBeGreaterThanOrEqual(e.startedAt);
    // Neither the stored secret nor the plain password is anywhere in the file.
    const text = await readFile(path.join(home, 'activity', ACTIVITY_FILE), 'utf8');
    expect(text).not.toContain(SECRET);
    expect(text).not.toContain('hunter2');
  });

  it("with Settings' 'keep whole results': the result itself is recorded beside its digest, secrets hidden", async () => {
    const h = await everything();
    await h.secrets.set('everything/token', SECRET);
    h.redactor.add(SECRET);
    await h.activity.retain({ keepDays: 0, keepMegabytes: 0, keepResultsWhole: true });
    expect(
      (
        await h.tools.call({
          name: 'everything__echo',
          args: { message: `whole ${SECRET}` },
          asker: 'runner',
        })
      ).status,
    ).toBe('done');
    await h.activity.flush();
    const calls = (await readActivity(path.join(home, 'activity'))).entries.filter(
      (e) => e.kind === 'tool-call',
    );
    expect(calls.at(-1)).toMatchObject({
      result: {
        sha256: expect.stringMatching(/^[0-9a-f]{64}$/),
        whole: { content: [{ type: 'text', text: 'Echo: whole [redacted]' }] },
      },
    });
    expect(await readFile(path.join(home, 'activity', ACTIVITY_FILE), 'utf8')).not.toContain(SECRET);
  });
});

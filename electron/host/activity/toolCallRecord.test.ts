import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { allowNextTool } from '../../../e2e/fixtures/allowNextTool';
import { EVERYTHING_ENTRY, hostileStdio } from '../../../e2e/fixtures/servers';
import { tempDirPerTest } from '../../../e2e/fixtures/tempDir';
import { trustAsShown } from '../../../e2e/fixtures/trust';
import { serverIdentity } from '../config/serverIdentity';
import { Host } from '../host';
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
      args: { message: `use ${SECRET}`, maxTokens: 5 },
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
        arguments: { message: 'use [redacted]', maxTokens: 5 },
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
    // The stored secret is nowhere in the file.
    expect(await readFile(path.join(home, 'activity', ACTIVITY_FILE), 'utf8')).not.toContain(SECRET);
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

// Stored secrets as people have them: a password with a quote, a backslash and a line break, a PEM
// key, a service account's JSON (its own key inside). Each holds a canary that must appear nowhere.
const PASSWORD = 'canary-pw-31"q\\b\nsecond line';
const pem = (canary: string) =>
  `-----BEGIN PRIVATE KEY-----\nMIIEv${canary}QIBADANBgkqhkiG9w0BAQEFAASC\nBKcwggSjAgEAAoIBAQC7q1w2e3r4t5y6u7i8\n-----END PRIVATE KEY-----\n`;
const PEM = pem('canaryPem42');
const SERVICE_ACCOUNT = JSON.stringify(
  {
    type: 'service_account',
    project_id: 'demo',
    private_key: pem('canarySa77'),
    client_email: 'bot@demo.iam.gserviceaccount.com',
  },
  null,
  2,
);
const CANARIES = ['canary-pw-31', 'canaryPem42', 'canarySa77'];

describe('secrets in the record and the log, whatever characters they hold (issue 47, item 8)', () => {
  it('a stored secret with a quote, a backslash or a line break, a PEM key, a service account: in neither file, raw or escaped; maxTokens is kept', async () => {
    const secret = (name: string) => ({ $secret: `hostile/env/${name}@${process.execPath}` });
    const { command, args } = hostileStdio('normal');
    await writeFile(
      path.join(home, 'config.json'),
      JSON.stringify({
        mcpServers: {
          hostile: {
            command,
            args,
            env: {
              DB_PASSWORD: secret('DB_PASSWORD'),
              TLS_KEY: secret('TLS_KEY'),
              GOOGLE_CREDENTIALS: secret('GOOGLE_CREDENTIALS'),
            },
          },
        },
      }),
    );
    const h = await Host.create({ home });
    host = h;
    await h.secrets.set(`hostile/env/DB_PASSWORD@${process.execPath}`, PASSWORD);
    await h.secrets.set(`hostile/env/TLS_KEY@${process.execPath}`, PEM);
    await h.secrets.set(`hostile/env/GOOGLE_CREDENTIALS@${process.execPath}`, SERVICE_ACCOUNT);
    await h.activity.retain({ keepDays: 0, keepMegabytes: 0, keepResultsWhole: true });
    await trustAsShown(h.registry, 'hostile');
    await expect.poll(() => h.catalog.resolveTool('hostile__echo')?.enabled, { timeout: 20_000 }).toBe(true);
    // Every message both ways in the log too, as the person may turn it on.
    h.registry.session('hostile').setWireTrace(true);
    // The secrets reach the tool's arguments as a model may pass them: in a text, in JSON held in a
    // string, as an object; beside arguments whose names merely contain "token" or "secret".
    const called = await h.tools.call({
      name: 'hostile__echo',
      args: {
        message: `log in with ${PASSWORD} and ${PEM}`,
        config: JSON.stringify({ password: PASSWORD, key: PEM }),
        credentials: JSON.parse(SERVICE_ACCOUNT),
        account: SERVICE_ACCOUNT,
        maxTokens: 5,
        tokenizer: 'bpe',
        secretary: 'Ann',
      },
      asker: 'runner',
    });
    expect(called.status).toBe('done');
    await h.activity.flush();
    await h.logs.flush();

    const record = await readFile(path.join(home, 'activity', ACTIVITY_FILE), 'utf8');
    // The server echoes every message it receives to stderr (`RECV <json>`): the secrets, escaped, in its log.
    const log = await readFile(h.logs.fileOf('hostile')!, 'utf8');
    expect(log).toContain('RECV');
    expect(log).toMatch(/→ \{.*tools\/call/);
    for (const canary of CANARIES) {
      expect(record).not.toContain(canary);
      expect(log).not.toContain(canary);
    }
    const call = (await readActivity(path.join(home, 'activity'))).entries.find(
      (e) => e.kind === 'tool-call' && e.tool === 'echo',
    );
    expect(call).toMatchObject({
      arguments: {
        message: 'log in with [redacted] and [redacted]',
        config: JSON.stringify({ password: '[redacted]', key: '[redacted]' }),
        // The PEM key by its shape (the JSON as a whole is the stored secret); its line break after END stays.
        credentials: { type: 'service_account', private_key: '[redacted]\n' },
        account: '[redacted]',
        maxTokens: 5,
        tokenizer: 'bpe',
        secretary: 'Ann',
      },
      result: { whole: { content: [{ type: 'text', text: 'Echo: log in with [redacted] and [redacted]' }] } },
    });
  });
});

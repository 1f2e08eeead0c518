import { mkdtemp, readFile, realpath, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { allowNextTool } from '../../../e2e/fixtures/allowNextTool';
import { withHostAndModel } from '../../../e2e/fixtures/hostWithModel';
import { nextConsent } from '../../../e2e/fixtures/nextConsent';
import type { ActivityBody, ActivityEntry } from '../../../shared/host/activity';
import { ANTHROPIC } from '../../../shared/host/providerSettings';
import type { Host } from '../host';
import { hostService } from '../hostService';
import { ACTIVITY_FILE } from './activityLog';
import { readActivity } from './activityReader';

const KEY = 'sk-ant-activity-kinds-41c9';
const env = withHostAndModel('sb-activity-kinds-', KEY);

const next = nextConsent;
const everything = (h: Host) => h.registry.get('everything')!;
async function recorded(h: Host): Promise<readonly ActivityEntry[]> {
  await h.activity.flush();
  const { entries, problems } = await readActivity(path.join(env.home, 'activity'));
  expect(problems).toEqual([]);
  return entries;
}
const ofKind = <K extends ActivityBody['kind']>(entries: readonly ActivityEntry[], kind: K) =>
  entries.filter((e): e is Extract<ActivityEntry, { kind: K }> => e.kind === kind);

/**
 * Issue 34: every kind of entry besides tool calls, each produced by a real flow — server-everything
 * asking for sampling, elicitation and roots; the person trusting, approving, editing servers and
 * keys through the host's own API (what the window calls).
 */
describe('the activity record of everything but tool calls (server-everything, fake model API)', () => {
  it('sampling: what was sent after the person’s edits, the model, the decision; declined ones too', async () => {
    const h = await env.start({ settings: { sampling: { maxTokensCap: 100, perServerPerMinute: 10 } } });
    env.fake.script({
      content: [{ type: 'text', text: 'The model says hi.' }],
      usage: { input: 31, output: 7 },
    });
    const call = everything(h).callTool('trigger-sampling-request', {
      prompt: `Say hi ${KEY}`,
      maxTokens: 500,
    });
    const request = await next(h, 'sampling');
    if (request.kind !== 'sampling') throw new Error('expected sampling');
    h.consent.answer(request.id, {
      kind: 'sampling',
      approve: true,
      params: { ...request.params, systemPrompt: 'Be brief.' },
    });
    h.consent.answer((await next(h, 'sampling-result')).id, { kind: 'sampling-result', approve: true });
    await call;
    const declined = everything(h).callTool('trigger-sampling-request', { prompt: 'Again', maxTokens: 50 });
    h.consent.answer((await next(h, 'sampling')).id, { kind: 'sampling', approve: false });
    await declined;

    const sampling = ofKind(await recorded(h), 'sampling');
    expect(sampling).toEqual([
      expect.objectContaining({
        server: 'everything',
        serverIdentity: expect.any(String),
        request: expect.objectContaining({ systemPrompt: 'Be brief.', maxTokens: 500 }),
        edited: { request: true, result: false },
        model: expect.any(String),
        tokens: { input: 31, output: 7 },
        decision: 'approved',
        outcome: 'ok',
        result: expect.objectContaining({ sha256: expect.stringMatching(/^[0-9a-f]{64}$/) }),
      }),
      expect.objectContaining({
        request: expect.objectContaining({ maxTokens: 50 }),
        edited: { request: false, result: false },
        decision: 'declined',
        outcome: 'refused',
        reason: expect.stringMatching(/declined/),
      }),
    ]);
    // The record's decision filter takes a sampling request's decisions too (the page offering them:
    // renderer/features/activity/ActivityPage.test.tsx).
    const byDecision = async (decision: 'approved' | 'declined') =>
      (await h.activityReader.query({ decision })).entries.map((e) => e.kind === 'sampling' && e.decision);
    expect(await byDecision('approved')).toEqual(['approved']);
    expect(await byDecision('declined')).toEqual(['declined']);
    // The prompt is kept as sent, the key in it hidden.
    expect(JSON.stringify(sampling[0]!.request.messages)).toContain('Say hi [redacted]');
    expect(await readFile(path.join(env.home, 'activity', ACTIVITY_FILE), 'utf8')).not.toContain(KEY);
  });

  it('elicitation: the fields asked and the answer, never what was typed', async () => {
    const h = await env.start();
    const accepted = everything(h).callTool('trigger-elicitation-request');
    h.consent.answer((await next(h, 'elicitation')).id, {
      kind: 'elicitation',
      result: { action: 'accept', content: { name: 'Grace Hopper' } },
    });
    await accepted;
    const refused = everything(h).callTool('trigger-elicitation-request');
    h.consent.answer((await next(h, 'elicitation')).id, {
      kind: 'elicitation',
      result: { action: 'decline' },
    });
    await refused;

    const asked = ofKind(await recorded(h), 'elicitation');
    expect(asked).toEqual([
      expect.objectContaining({
        server: 'everything',
        mode: 'form',
        message: expect.any(String),
        fields: expect.arrayContaining(['name']),
        action: 'accept',
        outcome: 'ok',
      }),
      expect.objectContaining({ action: 'decline', outcome: 'ok' }),
    ]);
    expect(await readFile(path.join(env.home, 'activity', ACTIVITY_FILE), 'utf8')).not.toContain(
      'Grace Hopper',
    );
  });

  it('trust, folders shown and changed, approvals granted and taken back, servers and keys', async () => {
    const folder = await realpath(await mkdtemp(path.join(tmpdir(), 'sb-activity-root-')));
    try {
      const h = await env.start();
      const service = hostService(h, {});
      try {
        // A folder given to every server: recorded, and server-everything (told the list changed) shown it.
        await h.roots.add(folder);
        await expect
          .poll(async () => ofKind(await recorded(h), 'roots-listed').some((e) => e.roots.length > 0), {
            timeout: 10_000,
          })
          .toBe(true);
        // A tool always allowed from its consent, then every approval of the server taken back.
        const call = h.tools.call({ name: 'everything__echo', args: { message: 'hi' }, asker: 'model' });
        await allowNextTool(h, { decision: 'always-tool' });
        await call;
        await service.setReadOnlyPolicy('everything', true);
        await service.revokeApprovals('everything');
        // A server added by hand, changed, disabled, removed.
        const draft = { kind: 'stdio' as const, command: 'node', args: ['--version'], env: {} };
        await service.saveServer('tiny', draft, null);
        await service.saveServer('tiny', { ...draft, args: ['-v'] }, 'tiny');
        await service.setServerEnabled('tiny', false);
        await service.removeServer('tiny');
        // A key stored and removed (never its value).
        await service.setApiKey(ANTHROPIC, 'sk-ant-a-new-key-9d0e');
        await service.setApiKey(ANTHROPIC, null);

        const entries = await recorded(h);
        const uri = pathToFileURL(folder).href;
        expect(ofKind(entries, 'trust')).toEqual([
          expect.objectContaining({
            server: 'everything',
            given: true,
            launch: expect.stringContaining('stdio'),
          }),
        ]);
        expect(ofKind(entries, 'roots-changed')).toEqual([
          expect.objectContaining({ servers: 'all', roots: { '*': [folder] } }),
        ]);
        expect(ofKind(entries, 'roots-listed').at(-1)).toEqual(
          expect.objectContaining({ server: 'everything', roots: [uri] }),
        );
        expect(ofKind(entries, 'approval')).toEqual([
          expect.objectContaining({ server: 'everything', change: 'granted', scope: 'tool', tool: 'echo' }),
          expect.objectContaining({ change: 'read-only-on' }),
          expect.objectContaining({ change: 'revoked' }),
        ]);
        expect(ofKind(entries, 'server').map((e) => [e.server, e.change, e.via, e.target])).toEqual([
          ['tiny', 'added', 'editor', 'node --version'],
          ['tiny', 'changed', 'editor', 'node -v'],
          ['tiny', 'disabled', 'editor', 'node -v'],
          ['tiny', 'removed', 'editor', 'node -v'],
        ]);
        expect(ofKind(entries, 'key').map((e) => [e.provider, e.change])).toEqual([
          [ANTHROPIC, 'stored'],
          [ANTHROPIC, 'removed'],
        ]);
        expect(await readFile(path.join(env.home, 'activity', ACTIVITY_FILE), 'utf8')).not.toContain(
          'sk-ant-a-new-key-9d0e',
        );
        // Exported as CSV: each kind said in words in its own column, newest first.
        const csv = (await service.exportActivity('csv', { kind: 'server' })).split('\r\n');
        expect(csv[0]).toBe(
          'time,source,kind,server,tool,what,asked by,decision,outcome,reason,arguments,result sha256,result bytes,hash',
        );
        expect(csv.slice(1, 5).map((row) => row.split(',').slice(2, 6).join(','))).toEqual([
          'server,tiny,,tiny removed by hand',
          'server,tiny,,tiny disabled by hand',
          'server,tiny,,tiny changed by hand',
          'server,tiny,,tiny added by hand',
        ]);
      } finally {
        service.dispose();
      }
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });
});

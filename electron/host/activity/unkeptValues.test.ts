import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { conversationFinished } from '../../../e2e/fixtures/conversationFinished';
import { withHostAndModel } from '../../../e2e/fixtures/hostWithModel';
import type { ChatEvent } from '../../../shared/chat/conversation';
import type { ActivityEntry } from '../../../shared/host/activity';
import { readActivity } from './activityReader';

const env = withHostAndModel('sb-activity-unkept-', 'sk-ant-unkept-8e21');

/** A value nested `levels` deep: `{ d: { d: … {} } }`. */
function nested(levels: number): Record<string, unknown> {
  let value: Record<string, unknown> = {};
  for (let i = 1; i < levels; i++) value = { d: value };
  return value;
}

/**
 * Issue 47, item 7: a value the record cannot keep (nested past what it hashes) never takes other
 * entries down. One model reply: a read-only call that runs without a dialog, and 20 calls whose
 * arguments nest 150 deep — through the real chat loop, the fake Anthropic API, server-everything.
 */
describe('entries the record cannot keep whole', () => {
  it('are kept one by one: the call that ran is on record, each deep call a stub that says why', async () => {
    const h = await env.start({
      settings: { anthropic: { baseUrl: env.fake.url, defaultModel: 'claude-sonnet-5-5' } },
    });
    const events: ChatEvent[] = [];
    h.chat.onEvent((e) => events.push(e));
    const identity = h.registry.describe('everything')!.identity;
    await h.approvals.setReadOnlyPolicy(identity, true);
    const name = (tool: string) =>
      h.catalog.tools().find((t) => t.server === 'everything' && t.tool.name === tool)!.name;
    const deep = Array.from({ length: 20 }, (_, i) => ({
      type: 'tool_use' as const,
      id: `toolu_deep_${i}`,
      name: name('get-sum'),
      input: { a: 1, b: nested(150) },
    }));
    env.fake.script(
      {
        content: [
          { type: 'tool_use', id: 'toolu_echo', name: name('echo'), input: { message: 'ran' } },
          ...deep,
        ],
        stopReason: 'tool_use',
      },
      { content: [{ type: 'text', text: 'Done.' }] },
    );
    const c = await h.chat.create();
    await h.chat.send(c.id, 'Go');
    await conversationFinished(events, c.id);
    await h.activity.flush();

    const { entries, problems } = await readActivity(path.join(env.home, 'activity'));
    expect(problems).toEqual([]);
    expect(entries.filter((e) => e.kind === 'not-recorded')).toEqual([]);
    const calls = entries.filter(
      (e): e is Extract<ActivityEntry, { kind: 'tool-call' }> => e.kind === 'tool-call',
    );
    expect(calls).toHaveLength(21);
    expect(calls.find((e) => e.tool === 'echo')).toMatchObject({
      server: 'everything',
      arguments: { message: 'ran' },
      asker: { kind: 'model', conversationId: c.id, toolUseId: 'toolu_echo' },
      decision: 'auto-read-only',
      outcome: 'ok',
    });
    const stubs = calls.filter((e) => e.tool === 'get-sum');
    expect(stubs).toHaveLength(20);
    for (const stub of stubs)
      expect(stub).toMatchObject({
        server: 'everything',
        asker: { kind: 'model', conversationId: c.id, toolUseId: expect.stringMatching(/^toolu_deep_/) },
        decision: 'not-asked',
        outcome: 'refused',
        arguments: {
          a: 1,
          b: expect.stringMatching(/^\[not recorded: nested deeper than the \d+ levels the record keeps\]$/),
        },
      });
  });
});

import { readFileSync } from 'node:fs';
import { beforeEach, describe, expect, it } from 'vitest';
import { allowNextTool } from '../../../e2e/fixtures/allowNextTool';
import { conversationFinished } from '../../../e2e/fixtures/conversationFinished';
import { withHostAndModel } from '../../../e2e/fixtures/hostWithModel';
import type { ChatEvent } from '../../../shared/chat/conversation';
import { ConversationStore } from '../../store/conversationStore';
import type { Host } from '../host';
import { hostService } from '../hostService';
import { titleFrom } from './titleFrom';

const HOSTILE = new URL('../../../e2e/fixtures/stdio/hostile-server.mjs', import.meta.url).pathname;
const SCHEMA_2020 = JSON.parse(
  readFileSync(new URL('../../../e2e/fixtures/stdio/schema-2020.json', import.meta.url), 'utf8'),
) as { name: string; inputSchema: Record<string, unknown> };

const env = withHostAndModel('sb-chat-', 'sk-ant-chat-3c9d');
let events: ChatEvent[];
beforeEach(() => {
  events = [];
});

async function start() {
  const host = await env.start({
    settings: { anthropic: { baseUrl: env.fake.url, defaultModel: 'claude-sonnet-5-5' } },
  });
  host.chat.onEvent((e) => events.push(e));
  return host;
}

const nameOf = (h: Host, tool: string) =>
  h.catalog.tools().find((t) => t.server === 'everything' && t.tool.name === tool)!.name;
const finished = (id: string) => conversationFinished(events, id);
const messagesSent = () => env.fake.requests.filter((r) => r.path === '/v1/messages');

describe('chat: the model uses real servers’ tools through consent (fake API, real SDK)', () => {
  it('a JSON Schema 2020-12 input reaches the model exactly as the server wrote it; the runner checks it in that dialect', async () => {
    const h = await env.start({
      settings: { anthropic: { baseUrl: env.fake.url, defaultModel: 'claude-sonnet-5-5' } },
      servers: { trips: { command: process.execPath, args: [HOSTILE, 'schema-2020'] } },
    });
    await expect.poll(() => h.catalog.tools().some((t) => t.server === 'trips')).toBe(true);
    const name = h.catalog.tools().find((t) => t.server === 'trips')!.name;
    env.fake.script({ content: [{ type: 'text', text: 'Noted.' }] });
    const c = await h.chat.create();
    h.chat.onEvent((e) => events.push(e));
    await h.chat.send(c.id, 'Plan it');
    await finished(c.id);
    const offered = (messagesSent().at(-1)!.body!.tools as { name: string; input_schema: unknown }[]).find(
      (t) => t.name === name,
    );
    // Byte for byte: no $ref resolved, no keyword dropped, the key order kept.
    expect(JSON.stringify(offered?.input_schema)).toBe(JSON.stringify(SCHEMA_2020.inputSchema));

    const service = hostService(h);
    const place = { city: 'Oslo' };
    expect(
      await service.checkToolArguments(name, { from: place, to: place, legs: ['outbound', 'return'] }),
    ).toEqual([]);
    const problems = await service.checkToolArguments(name, {
      from: { city: '' }, // through $ref to $defs
      to: {}, // through the $anchor
      when: 'tomorrow', // format date-time
      legs: ['outbound', 'return', 'again'], // items: false after prefixItems
      seat: '12A', // dependentRequired: row
      extra: true, // unevaluatedProperties: false
    });
    const said = problems.join('\n');
    expect(said).toMatch(/\/from\/city must NOT have fewer than 1 characters/);
    expect(said).toMatch(/\/to must have required property 'city'/);
    expect(said).toMatch(/\/when must match format "date-time"/);
    expect(said).toMatch(/\/legs must NOT have more than 2 items/);
    expect(said).toMatch(/must have property row when property seat is present/);
    expect(said).toMatch(/must NOT have unevaluated properties/);
    service.dispose();
  });

  it('question → tool use → approval → result → answer, all saved; the model gets the tool result', async () => {
    const h = await start();
    const echo = nameOf(h, 'echo');
    env.fake.script(
      {
        content: [
          { type: 'text', text: 'Let me ask the echo tool.' },
          { type: 'tool_use', id: 'toolu_1', name: echo, input: { message: 'hi there' } },
        ],
      },
      {
        content: [{ type: 'text', text: 'The tool said: hi there.' }],
        usage: { input: 30, output: 9, cacheRead: 2000 },
      },
    );
    const c = await h.chat.create();
    const before = messagesSent().length;
    await h.chat.send(c.id, 'What does echo say?');
    await allowNextTool(h, { like: { conversationId: c.id, argumentsJson: '{"message":"hi there"}' } });
    await finished(c.id);
    const saved = await h.chat.get(c.id);
    expect(saved.title).toBe('What does echo say?');
    expect(saved.messages.map((m) => m.role)).toEqual(['user', 'assistant', 'user', 'assistant']);
    expect(saved.messages[2]?.toolCalls?.[0]).toMatchObject({
      name: echo,
      server: 'everything',
      tool: 'echo',
      decision: 'allowed',
    });
    expect(saved.messages[3]?.blocks).toEqual([{ type: 'text', text: 'The tool said: hi there.' }]);
    // Each reply keeps what it cost: the second read the cached system prompt and tools.
    expect(saved.messages[1]?.usage).toEqual({ inputTokens: 10, outputTokens: 20 });
    expect(saved.messages[3]?.usage).toEqual({ inputTokens: 2030, outputTokens: 9, cacheReadTokens: 2000 });
    const second = messagesSent()[before + 1]!.body!;
    expect(JSON.stringify(second.messages)).toContain('Echo: hi there');
    expect((second.tools as { name: string }[]).some((t) => t.name === echo)).toBe(true);
    expect(events.filter((e) => e.kind === 'text').length).toBeGreaterThan(1);
  });

  it('extended thinking: asked with the conversation’s budget, kept with the reply, sent back signed while the tool use goes on', async () => {
    const h = await start();
    const echo = nameOf(h, 'echo');
    env.fake.script(
      {
        content: [
          { type: 'thinking', thinking: 'Echo is the right tool.', signature: 'sig-host-1' },
          { type: 'tool_use', id: 'toolu_think', name: echo, input: { message: 'thought' } },
        ],
      },
      { content: [{ type: 'text', text: 'Done thinking.' }] },
    );
    const c = await h.chat.create({ maxTokens: 8000, thinkingBudget: 2048 });
    const before = messagesSent().length;
    await h.chat.send(c.id, 'Think, then echo');
    await allowNextTool(h);
    await finished(c.id);
    const saved = await h.chat.get(c.id);
    expect(saved.messages[1]!.blocks[0]).toEqual({
      type: 'thinking',
      text: 'Echo is the right tool.',
      signature: 'sig-host-1',
    });
    const [first, second] = messagesSent()
      .slice(before)
      .map((r) => r.body!);
    expect(first).toMatchObject({ max_tokens: 8000, thinking: { type: 'enabled', budget_tokens: 2048 } });
    expect((second!.messages as { content: unknown[] }[])[1]!.content[0]).toEqual({
      type: 'thinking',
      thinking: 'Echo is the right tool.',
      signature: 'sig-host-1',
    });
  });

  it('a denied call tells the model it was denied; parallel tool uses are asked and run at once', async () => {
    const h = await start();
    const echo = nameOf(h, 'echo');
    const sum = nameOf(h, 'get-sum');
    env.fake.script(
      {
        content: [
          { type: 'tool_use', id: 'toolu_a', name: echo, input: { message: 'one' } },
          { type: 'tool_use', id: 'toolu_b', name: sum, input: { a: 2, b: 40 } },
        ],
      },
      { content: [{ type: 'text', text: 'Done.' }] },
    );
    const c = await h.chat.create();
    const before = messagesSent().length;
    await h.chat.send(c.id, 'Do both');
    // Both wait for the person at the same time.
    await expect.poll(() => h.consent.queue().length).toBe(2);
    const [first, second] = h.consent.queue();
    h.consent.answer(first!.id, { kind: 'tool', decision: 'deny' });
    h.consent.answer(second!.id, { kind: 'tool', decision: 'allow-once' });
    await finished(c.id);
    const results = JSON.stringify(messagesSent()[before + 1]!.body!.messages);
    expect(results).toContain('The user denied this tool call.');
    expect(results).toContain('"is_error":true');
    expect(results).toContain('42');
    const saved = await h.chat.get(c.id);
    expect(saved.messages[2]?.toolCalls?.map((t) => t.decision).sort()).toEqual(['allowed', 'refused']);
  });

  it('a tool result nested 100,000 deep: its tool use gets an error result saying why, and the reply goes on', async () => {
    const h = await env.start({
      settings: { anthropic: { baseUrl: env.fake.url, defaultModel: 'claude-sonnet-5-5' } },
      servers: { deep: { command: process.execPath, args: [HOSTILE, 'deep-structured'] } },
    });
    h.chat.onEvent((e) => events.push(e));
    await expect.poll(() => h.catalog.tools().some((t) => t.server === 'deep')).toBe(true);
    env.fake.script(
      { content: [{ type: 'tool_use', id: 'toolu_deep', name: 'deep__echo', input: { message: 'x' } }] },
      { content: [{ type: 'text', text: 'That tool is broken.' }] },
    );
    const c = await h.chat.create();
    const before = messagesSent().length;
    await h.chat.send(c.id, 'Use it');
    await allowNextTool(h);
    await finished(c.id);
    expect(events.filter((e) => e.conversationId === c.id && e.kind === 'error')).toEqual([]);
    const saved = await h.chat.get(c.id);
    expect(saved.messages.map((m) => m.role)).toEqual(['user', 'assistant', 'user', 'assistant']);
    expect(saved.messages[2]?.blocks).toEqual([
      {
        type: 'tool_result',
        toolUseId: 'toolu_deep',
        result: {
          content: [
            {
              type: 'text',
              text: 'The call failed: the server\'s answer was refused: message nested deeper than 100 levels (the most a message may be) — a fault in the server, for its author to fix (server "deep", method tools/call)',
            },
          ],
          isError: true,
        },
      },
    ]);
    expect(JSON.stringify(messagesSent()[before + 1]!.body!.messages)).toContain(
      'nested deeper than 100 levels',
    );
  });

  it('Stop aborts the stream and keeps what was written', async () => {
    const h = await start();
    env.fake.script({
      content: [{ type: 'text', text: 'A long answer that goes on and on and on. '.repeat(20) }],
      eventDelayMs: 50,
    });
    const c = await h.chat.create();
    await h.chat.send(c.id, 'Tell me a story');
    await expect.poll(() => events.filter((e) => e.kind === 'text').length).toBeGreaterThan(3);
    h.chat.stop(c.id);
    await finished(c.id);
    expect(events.find((e) => e.kind === 'finished')).toMatchObject({ stopped: true });
    const saved = await h.chat.get(c.id);
    expect(saved.messages.at(-1)).toMatchObject({ role: 'assistant', stopReason: 'stopped' });
    const text = (saved.messages.at(-1)!.blocks[0] as { text: string }).text;
    expect(text.length).toBeGreaterThan(0);
    expect(text.length).toBeLessThan(860);
  });

  it('Stop during a tool call cancels it on the server and answers the model’s tool use', async () => {
    const h = await start();
    const long = nameOf(h, 'trigger-long-running-operation');
    env.fake.script({
      content: [{ type: 'tool_use', id: 'toolu_long', name: long, input: { duration: 30, steps: 30 } }],
    });
    h.registry.session('everything').setWireTrace(true); // the cancel is read on the wire trace
    const c = await h.chat.create();
    await h.chat.send(c.id, 'Run the long one');
    await allowNextTool(h);
    await expect.poll(() => events.some((e) => e.kind === 'tool-progress')).toBe(true);
    h.chat.stop(c.id);
    await finished(c.id);
    expect(events.find((e) => e.kind === 'finished')).toMatchObject({ stopped: true });
    await expect
      .poll(() => h.logs.entries('everything').some((e) => e.text.includes('notifications/cancelled')))
      .toBe(true);
    const saved = await h.chat.get(c.id);
    // The tool use has its answer, so the conversation can go on.
    expect(saved.messages.at(-1)).toMatchObject({
      role: 'user',
      toolCalls: [{ decision: 'stopped', reason: 'Stopped by the user.' }],
    });
  });

  it('one tool call cancelled while it runs: the server gets the cancel, the model is told, the reply goes on', async () => {
    const h = await start();
    const long = nameOf(h, 'trigger-long-running-operation');
    env.fake.script(
      { content: [{ type: 'tool_use', id: 'toolu_one', name: long, input: { duration: 30, steps: 30 } }] },
      { content: [{ type: 'text', text: 'Understood: it was cancelled.' }] },
    );
    h.registry.session('everything').setWireTrace(true); // the cancel is read on the wire trace
    const c = await h.chat.create();
    const before = messagesSent().length;
    await h.chat.send(c.id, 'Run it, then tell me');
    await allowNextTool(h);
    await expect.poll(() => events.some((e) => e.kind === 'tool-progress')).toBe(true);
    h.chat.cancelToolCall(c.id, 'toolu_one');
    await finished(c.id);
    expect(events.find((e) => e.kind === 'finished')).toMatchObject({ stopped: false });
    await expect
      .poll(() => h.logs.entries('everything').some((e) => e.text.includes('notifications/cancelled')))
      .toBe(true);
    expect(JSON.stringify(messagesSent()[before + 1]!.body!.messages)).toContain(
      'Cancelled by the user while it ran.',
    );
    expect((await h.chat.get(c.id)).messages.at(-1)?.blocks).toEqual([
      { type: 'text', text: 'Understood: it was cancelled.' },
    ]);
  });

  it('an API error shows in the conversation with a retry; nothing typed is lost; retry answers', async () => {
    const h = await start();
    env.fake.script(
      {
        status: 429,
        type: 'rate_limit_error',
        message: 'Too many requests',
        headers: { 'retry-after': '3' },
      },
      { content: [{ type: 'text', text: 'Now it works.' }] },
    );
    const c = await h.chat.create();
    await h.chat.send(c.id, 'Are you there?');
    await finished(c.id);
    expect(events.find((e) => e.kind === 'error')).toMatchObject({
      error: { kind: 'rate-limit', retryable: true, retryAfterMs: 3000 },
    });
    expect((await h.chat.get(c.id)).messages.map((m) => m.role)).toEqual(['user']);
    // The failure outlives a restart: Retry is still offered there.
    await env.shutdown();
    const again = await start();
    expect((await again.chat.get(c.id)).lastError).toMatchObject({ kind: 'rate-limit', retryable: true });
    events = [];
    await again.chat.retry(c.id);
    await finished(c.id);
    const answered = await again.chat.get(c.id);
    expect(answered.messages.at(-1)?.blocks).toEqual([{ type: 'text', text: 'Now it works.' }]);
    expect(answered.lastError).toBeUndefined();
  });

  it('once a turn is said finished, the next may start at once: Retry right on an error, a send right on a reply', async () => {
    const h = await start();
    env.fake.script(
      { status: 529, type: 'overloaded_error', message: 'Overloaded' },
      { content: [{ type: 'text', text: 'Back.' }] },
      { content: [{ type: 'text', text: 'And again.' }] },
    );
    const c = await h.chat.create();
    // What a page does the moment it hears "finished": before, the host still counted the turn as
    // running (the error was being saved), and refused with "A reply is still being written".
    const next: Promise<void>[] = [];
    const off = h.chat.onEvent((e) => {
      if (e.conversationId !== c.id || e.kind !== 'finished') return;
      if (next.length === 0) next.push(h.chat.retry(c.id));
      else if (next.length === 1) next.push(h.chat.send(c.id, 'Once more'));
    });
    await h.chat.send(c.id, 'Hello?');
    await expect.poll(() => next.length, { timeout: 15_000 }).toBe(2);
    await Promise.all(next);
    await expect
      .poll(async () => (await h.chat.get(c.id)).messages.at(-1)?.blocks, { timeout: 15_000 })
      .toEqual([{ type: 'text', text: 'And again.' }]);
    off();
    const saved = await h.chat.get(c.id);
    expect(saved.messages.map((m) => m.role)).toEqual(['user', 'assistant', 'user', 'assistant']);
    // The error was saved before the retry began: it does not stand after the new reply.
    expect(saved.lastError).toBeUndefined();
  });

  it('two sends at once (a double Enter, two windows) save one message and start one turn; the other is refused', async () => {
    const h = await start();
    env.fake.script({ content: [{ type: 'text', text: 'Once.' }] });
    const c = await h.chat.create();
    const both = await Promise.allSettled([h.chat.send(c.id, 'Only once'), h.chat.send(c.id, 'Only once')]);
    expect(both.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
    expect(String((both.find((r) => r.status === 'rejected') as PromiseRejectedResult).reason)).toContain(
      'A reply is still being written',
    );
    await finished(c.id);
    const saved = await h.chat.get(c.id);
    expect(saved.messages.map((m) => m.role)).toEqual(['user', 'assistant']);
    expect(events.filter((e) => e.kind === 'started')).toHaveLength(1);
  });

  it('New chat does not pile up empty conversations', async () => {
    const h = await start();
    const kept = await h.chat.create();
    env.fake.script({ content: [{ type: 'text', text: 'Hi.' }] });
    await h.chat.send(kept.id, 'Hello');
    await finished(kept.id);
    await h.chat.create();
    await h.chat.create();
    const last = await h.chat.create();
    expect((await h.chat.list()).map((c) => c.id).sort()).toEqual([kept.id, last.id].sort());
  });

  it('a draft is kept across launches; New chat keeps the empty conversation holding it; deleting the conversation forgets it', async () => {
    const h = await start();
    const drafted = await h.chat.create();
    await h.chat.saveDraft(drafted.id, 'A long question I have not sent yet');
    // Before, New chat removed this "empty" conversation, and what was typed in it with it.
    const other = await h.chat.create();
    await h.chat.create();
    expect((await h.chat.list()).map((c) => c.id)).toContain(drafted.id);
    expect((await h.chat.list()).map((c) => c.id)).not.toContain(other.id);
    await expect(h.chat.saveDraft('00000000-0000-4000-8000-000000000000', 'x')).rejects.toThrow(
      /No conversation/,
    );
    await env.shutdown();

    const again = await start();
    expect(await hostService(again).listDrafts()).toEqual({
      [drafted.id]: 'A long question I have not sent yet',
    });
    // Emptied (sent, or cleared): forgotten, and New chat may remove the conversation again.
    await again.chat.saveDraft(drafted.id, '  ');
    expect(await again.chat.drafts()).toEqual({});
    // Sent: the host forgets the draft itself (a crash before the page says so brings nothing back).
    await again.chat.saveDraft(drafted.id, 'Sent at once');
    env.fake.script({ content: [{ type: 'text', text: 'Got it.' }] });
    await again.chat.send(drafted.id, 'Sent at once');
    expect(await again.chat.drafts()).toEqual({});
    await finished(drafted.id);
    await again.chat.saveDraft(drafted.id, 'Again');
    await again.chat.delete(drafted.id);
    expect(await again.chat.drafts()).toEqual({});
    await again.chat.create();
    expect(JSON.parse(readFileSync(`${env.home}/drafts.json`, 'utf8'))).toEqual({});
  });

  it('a reply cut off by the app stopping is offered again with Retry', async () => {
    const h = await start();
    const c = await h.chat.create();
    await env.shutdown();
    // What a crash mid-reply leaves: the person's message, no answer, no error.
    await ConversationStore.inHome(env.home).addMessage(c.id, {
      id: 'm1',
      role: 'user',
      blocks: [{ type: 'text', text: 'Still there?' }],
      at: Date.now(),
    });
    const again = await start();
    expect((await again.chat.get(c.id)).lastError).toEqual({
      kind: 'interrupted',
      message: 'The reply to your last message did not finish.',
      retryable: true,
    });
  });

  it('exports Markdown and JSON; edit-and-resend replaces the message and what followed', async () => {
    const h = await start();
    env.fake.script(
      { content: [{ type: 'text', text: 'First answer.' }] },
      { content: [{ type: 'text', text: 'Second answer.' }] },
    );
    const c = await h.chat.create();
    await h.chat.send(c.id, 'First question');
    await finished(c.id);
    const md = await h.chat.export(c.id, 'markdown');
    expect(md).toContain('# First question');
    expect(md).toContain('## You\n\nFirst question');
    expect(md).toContain('First answer.');
    expect(JSON.parse(await h.chat.export(c.id, 'json')).messages).toHaveLength(2);
    events = [];
    const first = (await h.chat.get(c.id)).messages[0]!;
    await h.chat.editAndResend(c.id, first.id, 'Better question');
    await finished(c.id);
    const saved = await h.chat.get(c.id);
    expect(saved.messages.map((m) => (m.blocks[0] as { text: string }).text)).toEqual([
      'Better question',
      'Second answer.',
    ]);
  });
});

describe('conversation titles', () => {
  it('are cut between words, with an ellipsis', () => {
    expect(titleFrom('Short question')).toBe('Short question');
    expect(
      titleFrom('Please summarise the quarterly infrastructure report for the northern region teams'),
    ).toBe('Please summarise the quarterly infrastructure report for the…');
    expect(titleFrom('x'.repeat(100))).toBe(`${'x'.repeat(60)}…`);
  });
});

describe('chat: a conversation that outgrows the model’s context is not a dead end', () => {
  async function withToolTurn(h: Host) {
    const echo = nameOf(h, 'echo');
    env.fake.script(
      { content: [{ type: 'tool_use', id: 'toolu_old', name: echo, input: { message: 'x'.repeat(3000) } }] },
      { content: [{ type: 'text', text: 'Echoed a lot.' }] },
    );
    const c = await h.chat.create();
    await h.chat.send(c.id, 'Echo a lot');
    await allowNextTool(h);
    await finished(c.id);
    events.length = 0;
    return c;
  }

  it('the API says too long: old tool results are left out of what is sent (the conversation keeps them), and the reply comes', async () => {
    const h = await start();
    const c = await withToolTurn(h);
    env.fake.script({
      status: 400,
      type: 'invalid_request_error',
      message: 'prompt is too long: 210000 tokens > 200000 maximum',
    });
    await h.chat.send(c.id, 'And now?');
    await finished(c.id);
    expect(events.find((e) => e.kind === 'error')).toMatchObject({
      error: {
        kind: 'too-long',
        retryable: false,
        message: expect.stringContaining("no longer fits the model's context"),
      },
    });
    events.length = 0;
    env.fake.script({ content: [{ type: 'text', text: 'It fits now.' }] });
    const before = messagesSent().length;
    await h.chat.leaveOutOldToolResults(c.id);
    await finished(c.id);
    const sent = JSON.stringify(messagesSent()[before]!.body!.messages);
    expect(sent).toContain("was left out to fit the model's context");
    expect(sent).not.toContain('Echo: xxx');
    const saved = await h.chat.get(c.id);
    expect(saved.messages.at(-1)!.blocks).toEqual([{ type: 'text', text: 'It fits now.' }]);
    expect(JSON.stringify(saved.messages)).toContain(`Echo: ${'x'.repeat(3000)}`);
    await expect(h.chat.leaveOutOldToolResults((await h.chat.create()).id)).rejects.toThrow(
      'no earlier tool results',
    );
  });

  it('said before sending where the model’s window is known; a new conversation carries a summary the model wrote', async () => {
    const h = await env.start({
      settings: { anthropic: { baseUrl: env.fake.url, defaultModel: 'claude-sonnet-4-5' } },
    });
    h.chat.onEvent((e) => events.push(e));
    const c = await withToolTurn(h);
    // Room for a 199,990-token reply leaves none for the conversation (the fake counts each request as 10 in, 20 out).
    await h.chat.setSettings(c.id, { ...(await h.chat.get(c.id)).settings, maxTokens: 199_990 });
    const before = messagesSent().length;
    await h.chat.send(c.id, 'Long answer please');
    await finished(c.id);
    expect(events.find((e) => e.kind === 'error')).toMatchObject({
      error: {
        kind: 'too-long',
        message: expect.stringMatching(
          /^This conversation is about [\d,]+ tokens; with room for the reply that is more than claude-sonnet-4-5's context of 200,000\. Most of it is the room kept for the reply \(max tokens 199,990\): lower it in Model…$/,
        ),
      },
    });
    expect(messagesSent().length).toBe(before);

    env.fake.script({
      content: [{ type: 'text', text: 'We echoed a long message; the person asked for a long answer.' }],
    });
    const conversation = await h.chat.continueWithSummary(c.id);
    expect(conversation).toMatchObject({
      title: 'Echo a lot (continued)',
      messageCount: 1,
      settings: { maxTokens: 199_990, model: 'claude-sonnet-4-5' },
    });
    // Saved as the new conversation's first message: a reload or a New chat cannot lose it.
    expect(conversation.messages[0]!.blocks).toEqual([
      {
        type: 'text',
        text: 'Here is a summary of our earlier conversation "Echo a lot":\n\nWe echoed a long message; the person asked for a long answer.',
      },
    ]);
    await h.chat.create();
    expect((await h.chat.list()).some((s) => s.id === conversation.id)).toBe(true);
    const asked = messagesSent()[before]!.body!;
    expect(asked.tools).toBeUndefined();
    expect(asked.max_tokens).toBe(4096);
    expect(JSON.stringify(asked.messages)).toContain('Summarise this conversation');
    expect(JSON.stringify(asked.messages)).not.toContain('Echo: xxx');
  });
});

import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { allowNextTool } from '../../../e2e/fixtures/allowNextTool';
import { conversationFinished } from '../../../e2e/fixtures/conversationFinished';
import { withHostAndModel } from '../../../e2e/fixtures/hostWithModel';
import { OtlpReceiver } from '../../../e2e/fixtures/otlp/otlpReceiver';
import type { ChatEvent } from '../../../shared/chat/conversation';
import type { ActivityEntry } from '../../../shared/host/activity';
import { ACTIVITY_FILE } from '../activity/activityLog';
import { telemetryFromEnv } from './telemetryConfig';

const env = withHostAndModel('sb-otel-chat-', 'sk-ant-otel-5e1b');
const QUESTION = 'What does the echo tool say to otter-question-41c2?';
const ARGUMENT = 'otter-argument-9b7d';

describe('a chat turn as spans', () => {
  it('turn → model requests and tool use → the MCP request, parented as it happened, without content', async () => {
    const receiver = await OtlpReceiver.start();
    try {
      const { config } = telemetryFromEnv({
        OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
        OTEL_BSP_SCHEDULE_DELAY: '20',
      });
      const h = await env.start({
        settings: { anthropic: { baseUrl: env.fake.url, defaultModel: 'claude-sonnet-5-5' } },
        telemetry: config,
      });
      const echo = h.catalog.tools().find((t) => t.server === 'everything' && t.tool.name === 'echo')!.name;
      env.fake.script(
        { content: [{ type: 'tool_use', id: 'toolu_otel', name: echo, input: { message: ARGUMENT } }] },
        { content: [{ type: 'text', text: `It said ${ARGUMENT}.` }], usage: { input: 30, output: 9 } },
      );
      const events: ChatEvent[] = [];
      h.chat.onEvent((e) => events.push(e));
      const c = await h.chat.create();
      await h.chat.send(c.id, QUESTION);
      await allowNextTool(h);
      await conversationFinished(events, c.id);
      await env.shutdown();

      await receiver.until((r) => r.spans.some((s) => s.name === 'invoke_agent Switchboard'));
      const byName = (name: string) => receiver.spans.filter((s) => s.name === name);
      const [turn] = byName('invoke_agent Switchboard');
      expect(turn!.attributes).toMatchObject({
        'gen_ai.operation.name': 'invoke_agent',
        'gen_ai.conversation.id': c.id,
      });
      const chats = byName('chat claude-sonnet-5-5');
      expect(chats).toHaveLength(2);
      for (const chat of chats) {
        expect(chat.parentSpanId).toBe(turn!.spanId);
        expect(chat.kind).toBe(3); // CLIENT
        expect(chat.attributes).toMatchObject({
          'gen_ai.operation.name': 'chat',
          'gen_ai.provider.name': 'anthropic',
          'gen_ai.request.model': 'claude-sonnet-5-5',
        });
      }
      expect(chats[0]!.attributes['gen_ai.response.finish_reasons']).toEqual(['toolUse']);
      expect(chats[1]!.attributes).toMatchObject({
        'gen_ai.usage.input_tokens': 30,
        'gen_ai.usage.output_tokens': 9,
      });
      const [use] = byName(`execute_tool ${echo}`);
      expect(use!.parentSpanId).toBe(turn!.spanId);
      expect(use!.attributes).toMatchObject({
        'gen_ai.tool.call.id': 'toolu_otel',
        'switchboard.mcp.server.name': 'everything',
      });
      // The wait for the person's answer, under the tool use, before the call goes out.
      const [consent] = byName('consent echo');
      expect(consent!.parentSpanId).toBe(use!.spanId);
      expect(consent!.attributes).toMatchObject({
        'switchboard.consent.decision': 'allow-once',
        'switchboard.consent.allowed': true,
        'gen_ai.conversation.id': c.id,
      });
      const [call] = byName('tools/call echo');
      expect(call!.parentSpanId).toBe(use!.spanId);
      expect(call!.traceId).toBe(turn!.traceId);

      // The activity record's entry for the call, as a log record in the tool use's trace, with its hash.
      const entries = (await readFile(path.join(env.home, 'activity', ACTIVITY_FILE), 'utf8'))
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as ActivityEntry);
      const entry = entries.find((e) => e.kind === 'tool-call')!;
      await receiver.until((r) => r.logs.some((l) => l.body === 'tool-call'));
      const logged = receiver.logs.find((l) => l.body === 'tool-call')!;
      expect(logged.attributes).toMatchObject({
        'switchboard.activity.hash': entry.hash,
        'switchboard.activity.prev': entry.prev,
        'switchboard.activity.server': 'everything',
        'switchboard.activity.tool': 'echo',
        'switchboard.activity.outcome': 'ok',
        'switchboard.activity.asker': 'model',
        'gen_ai.tool.call.id': 'toolu_otel',
      });
      expect(logged.traceId).toBe(turn!.traceId);
      expect(logged.spanId).toBe(use!.spanId);
      // Every entry written is a log record, in order.
      await receiver.until((r) => r.logs.length >= entries.length);
      expect(receiver.logs.map((l) => l.attributes['switchboard.activity.hash'])).toEqual(
        entries.map((e) => e.hash),
      );

      // Content capture is off: neither the question, the argument nor the reply leaves, byte for byte.
      for (const request of receiver.requests) {
        expect(request.body.includes(QUESTION)).toBe(false);
        expect(request.body.includes(ARGUMENT)).toBe(false);
      }
    } finally {
      await receiver.stop();
    }
  });
});

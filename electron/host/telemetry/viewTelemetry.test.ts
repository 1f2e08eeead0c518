import { describe, expect, it } from 'vitest';
import { allowNextTool } from '../../../e2e/fixtures/allowNextTool';
import { conversationFinished } from '../../../e2e/fixtures/conversationFinished';
import { withHostAndModel } from '../../../e2e/fixtures/hostWithModel';
import { OtlpReceiver } from '../../../e2e/fixtures/otlp/otlpReceiver';
import { APPS_FIXTURE } from '../../../e2e/fixtures/servers';
import type { ChatEvent } from '../../../shared/chat/conversation';
import { telemetryFromEnv } from './telemetryConfig';

const env = withHostAndModel('sb-otel-views-', 'sk-ant-views-7c2e');

describe("a View's tool calls", () => {
  it("join the trace of the conversation's turn, the MCP request under the View's call", async () => {
    const receiver = await OtlpReceiver.start();
    try {
      const { config } = telemetryFromEnv({
        OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
        OTEL_BSP_SCHEDULE_DELAY: '20',
      });
      const h = await env.start({
        settings: { anthropic: { baseUrl: env.fake.url, defaultModel: 'claude-sonnet-5-5' } },
        servers: { apps: { command: process.execPath, args: [APPS_FIXTURE] } },
        telemetry: config,
      });
      await expect.poll(() => h.catalog.tools().some((t) => t.server === 'apps')).toBe(true);
      const show = h.catalog.tools().find((t) => t.server === 'apps' && t.tool.name === 'show-panel')!.name;
      env.fake.script(
        { content: [{ type: 'tool_use', id: 'toolu_view', name: show, input: { topic: 'widgets' } }] },
        { content: [{ type: 'text', text: 'Done.' }] },
      );
      const events: ChatEvent[] = [];
      h.chat.onEvent((e) => events.push(e));
      const c = await h.chat.create();
      await h.chat.send(c.id, 'Show the panel');
      await allowNextTool(h);
      await conversationFinished(events, c.id);
      h.apps.setSandbox({
        urlOf: (id) => `http://v${id}.localhost:4555/`,
        frameAncestors: ['http://127.0.0.1:4444'],
      });
      const view = await h.apps.open(c.id, 'toolu_view');
      const calling = h.apps.callTool(view.viewId, 'panel-refresh', { times: 2 });
      await allowNextTool(h);
      expect(await calling).toEqual({ content: [{ type: 'text', text: 'refreshed 2 times' }] });
      await env.shutdown();

      await receiver.until((r) => r.spans.some((s) => s.name === 'tools/call panel-refresh'));
      const turn = receiver.spans.find((s) => s.name === 'invoke_agent Switchboard')!;
      const viewCall = receiver.spans.find(
        (s) => s.name.startsWith('execute_tool') && s.attributes['switchboard.tool.asker'] === 'view',
      )!;
      expect(viewCall.traceId).toBe(turn.traceId);
      expect(viewCall.parentSpanId).toBe(turn.spanId);
      expect(viewCall.attributes['gen_ai.conversation.id']).toBe(c.id);
      const mcp = receiver.spans.find((s) => s.name === 'tools/call panel-refresh')!;
      expect(mcp.parentSpanId).toBe(viewCall.spanId);
      const consent = receiver.spans.find((s) => s.name === 'consent panel-refresh')!;
      expect(consent.parentSpanId).toBe(viewCall.spanId);
    } finally {
      await receiver.stop();
    }
  });
});

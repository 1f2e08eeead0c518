import { describe, expect, it } from 'vitest';
import { allowNextTool } from '../../../e2e/fixtures/allowNextTool';
import { conversationFinished } from '../../../e2e/fixtures/conversationFinished';
import { withHostAndModel } from '../../../e2e/fixtures/hostWithModel';
import { OtlpReceiver } from '../../../e2e/fixtures/otlp/otlpReceiver';
import type { ChatEvent } from '../../../shared/chat/conversation';
import type { Settings } from '../../../shared/host/settings';
import { DEFAULT_TELEMETRY_SETTINGS, type TelemetrySettings } from '../../../shared/host/telemetrySettings';
import type { Host } from '../host';
import { hostService } from '../hostService';
import { CONTENT_BOUND } from './contentCapture';
import { LiveTelemetry } from './liveTelemetry';

const env = withHostAndModel('sb-otel-live-', 'sk-ant-otel-live-77d1');
/** A header value: stored as a secret, so it must reach the collector as a header and nowhere else. */
const HEADER_VALUE = 'hdr-value-5c2e1a';
const QUESTION = 'Please echo for otter-live-question-3a9f';
const ARGUMENT = 'otter-live-argument-81bb';

/** Settings → Telemetry as the page saves it, then the header's value as the page stores it. */
async function configure(h: Host, telemetry: Partial<TelemetrySettings>, header?: string) {
  const service = hostService(h);
  try {
    const { settings } = await service.getSettings();
    const next: Settings = { ...settings, telemetry: { ...DEFAULT_TELEMETRY_SETTINGS, ...telemetry } };
    await service.saveSettings(next);
    if (header) await service.setTelemetryHeader('x-api-key', header);
    return await service.getSettings();
  } finally {
    service.dispose();
  }
}

async function echo(h: Host, message: string) {
  await h.registry.session('everything').callTool('echo', { message });
  await h.telemetry.current?.telemetry.flush();
}

describe('telemetry configured from Settings', () => {
  it('turned on → spans arrive with the header; another endpoint → they go there (the header stays bound to its origin); off → nothing more', async () => {
    const first = await OtlpReceiver.start();
    const second = await OtlpReceiver.start();
    try {
      const h = await env.start({ telemetry: 'settings' });
      expect(h.telemetry.current).toBeUndefined();
      await echo(h, 'before');

      const on = await configure(
        h,
        { enabled: true, endpoint: first.url, headerNames: ['x-api-key'] },
        HEADER_VALUE,
      );
      expect(on.telemetry).toMatchObject({ on: true, from: 'settings', captureContent: false });
      expect(on.telemetryHeaders).toEqual([{ name: 'x-api-key', stored: true }]);
      // The page hears that a value is stored, never the value.
      expect(JSON.stringify(on)).not.toContain(HEADER_VALUE);
      // Saving without the header's value, then storing it, made two configurations: the first one's
      // last batch (the session span it ended) left before the second began.
      const withHeader = first.requests.length;
      await echo(h, 'to-first');
      await first.until((r) => r.spans.some((s) => s.name === 'tools/call echo'));
      const traces = first.requests.slice(withHeader).filter((r) => r.path === '/v1/traces');
      expect(traces.length).toBeGreaterThan(0);
      for (const request of traces) expect(request.headers['x-api-key']).toBe(HEADER_VALUE);
      // A save that leaves telemetry as it was does not restart it (which would end every session's span).
      const inForce = h.telemetry.current;
      const service = hostService(h);
      const { settings } = await service.getSettings();
      await service.saveSettings({ ...settings, titleWithModel: false });
      service.dispose();
      expect(h.telemetry.current).toBe(inForce);
      // The session started while telemetry was off is traced from the change on.
      expect(first.spans.filter((s) => s.name === 'tools/call echo')).toHaveLength(1);

      const moved = await configure(h, { enabled: true, endpoint: second.url, headerNames: ['x-api-key'] });
      expect(moved.telemetryHeaders).toEqual([{ name: 'x-api-key', stored: false }]);
      const atFirst = first.spans.length;
      await echo(h, 'to-second');
      await second.until((r) => r.spans.some((s) => s.name === 'tools/call echo'));
      // The old configuration's session span was ended and flushed at the change; nothing after it.
      expect(first.spans.some((s) => s.name === 'mcp.session everything')).toBe(true);
      expect(first.spans.length).toBe(atFirst);
      for (const request of second.requests) expect(request.headers['x-api-key']).toBeUndefined();

      const off = await configure(h, { enabled: false, endpoint: second.url, headerNames: ['x-api-key'] });
      expect(off.telemetry).toMatchObject({ on: false });
      expect(h.telemetry.current).toBeUndefined();
      const atSecond = second.requests.length;
      await echo(h, 'after-off');
      await new Promise((r) => setTimeout(r, 300));
      expect(second.requests.length).toBe(atSecond);
      const seen = [...first.requests, ...second.requests];
      for (const request of seen) expect(request.body.includes('after-off')).toBe(false);
      // A header taken off the list takes its stored value with it (wherever it was bound).
      await configure(h, { enabled: false, endpoint: second.url, headerNames: [] });
      expect(await h.secrets.values()).not.toContain(HEADER_VALUE);
    } finally {
      await first.stop();
      await second.stop();
    }
  });

  it('content capture on: the messages, the arguments and the result are sent, a stored secret in them redacted; off: none of it, byte for byte', async () => {
    const receiver = await OtlpReceiver.start();
    try {
      const h = await env.start({
        telemetry: 'settings',
        settings: {
          anthropic: { baseUrl: env.fake.url, defaultModel: 'claude-sonnet-5-5' },
          titleWithModel: false,
        },
      });
      const echoTool = h.catalog
        .tools()
        .find((t) => t.server === 'everything' && t.tool.name === 'echo')!.name;
      let turns = 0;
      const turn = async (question: string, argument: string) => {
        env.fake.script(
          {
            content: [
              { type: 'tool_use', id: `toolu_live_${++turns}`, name: echoTool, input: { message: argument } },
            ],
          },
          { content: [{ type: 'text', text: `It said ${argument}.` }], usage: { input: 30, output: 9 } },
        );
        const events: ChatEvent[] = [];
        const stop = h.chat.onEvent((e) => events.push(e));
        const c = await h.chat.create();
        await h.chat.send(c.id, question);
        await allowNextTool(h);
        await conversationFinished(events, c.id);
        stop();
        await h.telemetry.current?.telemetry.flush();
      };

      // Off (the default): spans leave, and neither the question, the argument nor the result does.
      await configure(h, { enabled: true, endpoint: receiver.url, headerNames: ['x-api-key'] }, HEADER_VALUE);
      await turn(QUESTION, ARGUMENT);
      await receiver.until((r) => r.spans.some((s) => s.name === `execute_tool ${echoTool}`));
      for (const request of receiver.requests) {
        expect(request.body.includes(QUESTION)).toBe(false);
        expect(request.body.includes(ARGUMENT)).toBe(false);
      }
      const before = receiver.spans.length;

      // On: a stored secret (the header's value) inside the argument reaches the collector redacted.
      const view = await configure(h, {
        enabled: true,
        endpoint: receiver.url,
        headerNames: ['x-api-key'],
        captureContent: true,
      });
      expect(view.telemetry).toMatchObject({ on: true, captureContent: true });
      await turn(`${QUESTION} again`, `${ARGUMENT} ${HEADER_VALUE}`);
      await receiver.until((r) => r.spans.slice(before).some((s) => s.name === 'tools/call echo'));
      const spans = receiver.spans.slice(before);
      const use = spans.find((s) => s.name === `execute_tool ${echoTool}`)!;
      expect(JSON.parse(String(use.attributes['gen_ai.tool.call.arguments']))).toEqual({
        message: `${ARGUMENT} [redacted]`,
      });
      expect(String(use.attributes['gen_ai.tool.call.result'])).toContain(`${ARGUMENT} [redacted]`);
      const call = spans.find((s) => s.name === 'tools/call echo')!;
      expect(JSON.parse(String(call.attributes['gen_ai.tool.call.arguments']))).toEqual({
        message: `${ARGUMENT} [redacted]`,
      });
      const [asked, answered] = spans.filter((s) => s.name === 'chat claude-sonnet-5-5');
      const input = JSON.parse(String(asked!.attributes['gen_ai.input.messages']));
      expect(input).toEqual([{ role: 'user', parts: [{ type: 'text', content: `${QUESTION} again` }] }]);
      const output = JSON.parse(String(answered!.attributes['gen_ai.output.messages']));
      expect(output).toEqual([
        { role: 'assistant', parts: [{ type: 'text', content: `It said ${ARGUMENT} [redacted].` }] },
      ]);
      // The secret itself is in no export's bytes — only in the header it was stored for.
      for (const request of receiver.requests) expect(request.body.includes(HEADER_VALUE)).toBe(false);
    } finally {
      await receiver.stop();
    }
  });

  it('a change while a turn is under way: its span, which the old exporter can no longer send, is counted, not lost silently', async () => {
    const receiver = await OtlpReceiver.start();
    let telemetry: TelemetrySettings = {
      ...DEFAULT_TELEMETRY_SETTINGS,
      enabled: true,
      endpoint: receiver.url,
    };
    const live = await LiveTelemetry.start({
      given: undefined,
      policyFile: undefined,
      env: {},
      settings: async () => ({ telemetry, headers: {} }),
      redact: (text) => text,
      warn: () => {},
    });
    try {
      expect(await live.view()).toMatchObject({ on: true, from: 'settings' });
      let finish = () => {};
      const turn = live.chat.turn('c-1', () => new Promise<void>((resolve) => (finish = resolve)));
      live.chat.observer('anthropic').modelRequest({ model: 'm', maxTokens: 1 }).end({ model: 'm' });
      telemetry = { ...telemetry, enabled: false };
      await live.reconfigure();
      finish();
      await turn;
      // The finished model request left with the old configuration's last batch; the open turn did not.
      await receiver.until((r) => r.spans.some((s) => s.name === 'chat m'));
      expect(receiver.spans.some((s) => s.name === 'invoke_agent Switchboard')).toBe(false);
      expect(await live.view()).toEqual({ on: false, unfinishedAtChange: 1 });
    } finally {
      await live.shutdown();
      await receiver.stop();
    }
  });

  it('content is bounded: a value past CONTENT_BOUND is cut, saying how long it was', async () => {
    const { ContentCapture } = await import('./contentCapture');
    const long = 'x'.repeat(CONTENT_BOUND * 2);
    const text = new ContentCapture((t) => t).json({ long });
    expect(text.length).toBeLessThan(CONTENT_BOUND + 60);
    expect(text).toMatch(/…\[cut: \d+ characters\]$/);
  });
});

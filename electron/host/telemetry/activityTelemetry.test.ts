import { describe, expect, it } from 'vitest';
import { cleanupsPerTest } from '../../../e2e/fixtures/cleanupsPerTest';
import { OtlpReceiver } from '../../../e2e/fixtures/otlp/otlpReceiver';
import { tempDirPerTest } from '../../../e2e/fixtures/tempDir';
import type { ActivityBody } from '../../../shared/host/activity';
import { ActivityLog } from '../activity/activityLog';
import { ActivityTelemetry } from './activityTelemetry';
import { Telemetry } from './telemetry';
import { telemetryFromEnv } from './telemetryConfig';

const cleanups = cleanupsPerTest();
let dir = '';
tempDirPerTest('sb-otel-activity-', (d) => {
  dir = d;
});
const SECRET_WORDS = 'what-the-person-said-51aa';
const ended = { outcome: 'ok', startedAt: 1, endedAt: 2 } as const;

describe('the activity record as log records', () => {
  it('one record per entry, with its hash; what was said or sent never leaves', async () => {
    const receiver = await OtlpReceiver.start();
    cleanups.push(() => receiver.stop());
    const telemetry = Telemetry.start(
      telemetryFromEnv({
        OTEL_LOGS_EXPORTER: 'otlp',
        OTEL_EXPORTER_OTLP_LOGS_ENDPOINT: `${receiver.url}/v1/logs`,
      }).config!,
    );
    cleanups.push(async () => {
      await telemetry.shutdown();
    });
    const log = new ActivityLog(dir, { source: 'app', observer: new ActivityTelemetry(telemetry) });
    const bodies: ActivityBody[] = [
      {
        kind: 'tool-call',
        server: 'notes',
        tool: 'write',
        arguments: { text: SECRET_WORDS },
        asker: { kind: 'model', conversationId: 'c1', toolUseId: 't1' },
        decision: 'once',
        result: { sha256: 'ab'.repeat(32), bytes: 10, isError: false, whole: { text: SECRET_WORDS } },
        ...ended,
        reason: SECRET_WORDS,
      },
      {
        kind: 'sampling',
        server: 'notes',
        request: {
          messages: [{ role: 'user', content: { type: 'text', text: SECRET_WORDS } }],
          maxTokens: 100,
        },
        edited: { request: false, result: false },
        model: 'claude-x',
        tokens: { input: 12, output: 3 },
        decision: 'approved',
        ...ended,
      },
      {
        kind: 'elicitation',
        server: 'notes',
        mode: 'form',
        message: SECRET_WORDS,
        fields: ['name'],
        action: 'decline',
        ...ended,
      },
    ];
    for (const body of bodies) log.record(body);
    await log.flush();
    await telemetry.flush();
    await receiver.until((r) => r.logs.length === 3);
    expect(receiver.logs.map((l) => l.body)).toEqual(['tool-call', 'sampling', 'elicitation']);
    expect(receiver.logs[0]!.attributes).toMatchObject({
      'switchboard.activity.tool': 'write',
      'switchboard.activity.decision': 'once',
      'switchboard.activity.result.sha256': 'ab'.repeat(32),
      'gen_ai.conversation.id': 'c1',
    });
    expect(receiver.logs[1]!.attributes).toMatchObject({
      'switchboard.activity.model': 'claude-x',
      'gen_ai.usage.input_tokens': 12,
    });
    for (const l of receiver.logs)
      expect(l.attributes['switchboard.activity.hash']).toMatch(/^[0-9a-f]{64}$/);
    // Byte for byte: no argument, message, prompt, result or reason in any export.
    for (const request of receiver.requests) expect(request.body.includes(SECRET_WORDS)).toBe(false);
  });
});

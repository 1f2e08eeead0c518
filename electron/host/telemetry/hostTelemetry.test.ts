import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cleanupsPerTest } from '../../../e2e/fixtures/cleanupsPerTest';
import { OtlpReceiver } from '../../../e2e/fixtures/otlp/otlpReceiver';
import { tempDirPerTest } from '../../../e2e/fixtures/tempDir';
import { trustAsShown } from '../../../e2e/fixtures/trust';
import { Host } from '../host';
import { hostService } from '../hostService';
import { HostTelemetry } from './hostTelemetry';
import { telemetryFromEnv } from './telemetryConfig';

const cleanups = cleanupsPerTest();
let home = '';
let host: Host | undefined;
tempDirPerTest(
  'sb-otel-',
  (dir) => {
    home = dir;
  },
  async () => {
    await host?.shutdown();
    host = undefined;
  },
);
const TRACE_SERVER = path.resolve(__dirname, '../../../e2e/fixtures/stdio/trace-server.mjs');
/** A marker no export may carry unless content capture is on: the tool's argument, the person's words. */
const MARKER = 'private-words-7f3a91';

type Seen = { method: string; meta: Record<string, unknown> | null }[];
const textOf = (r: { content: { type: string; text?: string }[] }) =>
  r.content.map((c) => c.text ?? '').join('');

async function hostWith(telemetry: Parameters<typeof Host.create>[0]['telemetry'], policyFile?: string) {
  await writeFile(
    path.join(home, 'config.json'),
    JSON.stringify({ mcpServers: { traced: { command: process.execPath, args: [TRACE_SERVER, 'legacy'] } } }),
  );
  host = await Host.create({
    home,
    telemetry,
    watchConfig: false,
    policyFile: policyFile ?? path.join(home, 'no-policy.json'),
  });
  await host.registry.startAll();
  await trustAsShown(host.registry, 'traced');
  await expect.poll(() => host!.registry.views()[0]?.state.status, { timeout: 15_000 }).toBe('running');
  return host;
}

describe('telemetry in the host', () => {
  it('is read from the environment unless the host is given a configuration, or null for none', async () => {
    const env = { OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:9', OTEL_TRACES_SAMPLER: 'nonsense' };
    const warned: string[] = [];
    const fromEnv = await HostTelemetry.fromPolicyOrEnv(undefined, (w) => warned.push(w), undefined, env);
    cleanups.push(async () => {
      await fromEnv?.shutdown();
    });
    expect(fromEnv?.telemetry.config.targets.traces?.url).toBe('http://127.0.0.1:9/v1/traces');
    expect(warned).toEqual([expect.stringMatching(/^OpenTelemetry: OTEL_TRACES_SAMPLER "nonsense"/)]);
    expect(await HostTelemetry.fromPolicyOrEnv(null, () => {}, undefined, env)).toBeUndefined();
    expect(await HostTelemetry.fromPolicyOrEnv(undefined, () => {}, undefined, {})).toBeUndefined();
  });

  it('is off without configuration: no observer, and no request of any server gains trace context', async () => {
    const h = await hostWith(undefined);
    expect(h.telemetry.current).toBeUndefined();
    const service = hostService(h);
    expect((await service.getSettings()).telemetry).toEqual({ on: false });
    service.dispose();
    const session = h.registry.session('traced');
    await session.callTool('echo', { text: MARKER });
    const seen: Seen = JSON.parse(textOf(await session.callTool('seen')));
    expect(seen.length).toBeGreaterThan(3);
    for (const s of seen)
      expect(Object.keys(s.meta ?? {})).not.toEqual(expect.arrayContaining(['traceparent']));
  });

  it("configured, every server's requests carry trace context and its spans reach the collector — never a tool's arguments", async () => {
    const receiver = await OtlpReceiver.start();
    cleanups.push(() => receiver.stop());
    const { config } = telemetryFromEnv({
      OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
      OTEL_BSP_SCHEDULE_DELAY: '20',
      OTEL_BLRP_SCHEDULE_DELAY: '20',
      OTEL_EXPORTER_OTLP_HEADERS: 'authorization=Bearer%20backend-key-3e9',
    });
    const h = await hostWith(config);
    expect(h.telemetry.current).toBeInstanceOf(HostTelemetry);
    const session = h.registry.session('traced');
    const echoed = await session.callTool('echo', { text: MARKER });
    expect(textOf(echoed)).toBe(MARKER);
    const seen: Seen = JSON.parse(textOf(await session.callTool('seen')));
    for (const s of seen) expect(s.meta?.traceparent).toMatch(/^00-[0-9a-f]{32}-[0-9a-f]{16}-01$/);
    // Settings shows where it goes and the counts, never the headers (a backend's key).
    await h.telemetry.current!.telemetry.flush();
    const service = hostService(h);
    const { telemetry } = await service.getSettings();
    service.dispose();
    expect(telemetry).toMatchObject({
      on: true,
      from: 'host',
      serviceName: 'switchboard',
      targets: [
        { signal: 'traces', url: `${receiver.url}/v1/traces`, protocol: 'http/protobuf' },
        { signal: 'metrics', url: `${receiver.url}/v1/metrics`, protocol: 'http/protobuf' },
        { signal: 'logs', url: `${receiver.url}/v1/logs`, protocol: 'http/protobuf' },
      ],
      spans: { dropped: 0 },
    });
    expect(telemetry?.on && telemetry.spans.exported).toBeGreaterThan(0);
    expect(JSON.stringify(telemetry)).not.toContain('backend-key-3e9');
    expect(receiver.requests[0]!.headers.authorization).toBe('Bearer backend-key-3e9');
    await h.shutdown();
    host = undefined;
    // Shutdown flushed: the session span ended with the server, the calls are in.
    await receiver.until((r) => r.spans.some((s) => s.name === 'mcp.session traced'));
    expect(receiver.spans.map((s) => s.name)).toEqual(
      expect.arrayContaining(['initialize', 'tools/call echo']),
    );
    // Content capture is off: the argument and the result appear in no export, byte for byte.
    expect(receiver.requests.length).toBeGreaterThan(0);
    for (const request of receiver.requests) expect(request.body.includes(MARKER)).toBe(false);
  });

  it("the managed policy's collector, whatever the person's environment says: the person cannot turn it off", async () => {
    const receiver = await OtlpReceiver.start();
    cleanups.push(() => receiver.stop());
    const policyFile = path.join(home, 'policy.json');
    await writeFile(
      policyFile,
      JSON.stringify({
        telemetry: {
          endpoint: receiver.url,
          protocol: 'http/json',
          headers: { 'x-company-key': 'k-77' },
          resourceAttributes: { 'service.name': 'acme-desktop', team: 'finance' },
        },
      }),
    );
    // What the person set cannot switch it off or send it elsewhere.
    const env = {
      OTEL_SDK_DISABLED: 'true',
      OTEL_TRACES_EXPORTER: 'none',
      OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:9',
    };
    const started = await HostTelemetry.fromPolicyOrEnv(undefined, () => {}, policyFile, env);
    cleanups.push(async () => {
      await started?.shutdown();
    });
    expect(started?.from).toBe('policy');
    started!.telemetry.tracer.startSpan('by policy').end();
    await started!.telemetry.flush();
    await receiver.until((r) => r.spans.some((s) => s.name === 'by policy'));
    const span = receiver.spans.find((s) => s.name === 'by policy')!;
    expect(span.resource).toMatchObject({ 'service.name': 'acme-desktop', team: 'finance' });
    expect(receiver.requests[0]!.headers['x-company-key']).toBe('k-77');
    expect(receiver.requests[0]!.contentType).toBe('application/json');

    // A host given no configuration reads the same policy; Settings says it is the policy's.
    const h = await hostWith(undefined, policyFile);
    const service = hostService(h);
    expect((await service.getSettings()).telemetry).toMatchObject({
      on: true,
      from: 'policy',
      serviceName: 'acme-desktop',
    });
    service.dispose();
  });
});

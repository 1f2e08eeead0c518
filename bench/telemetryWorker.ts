// One side of bench/telemetry.bench.ts, in a process of its own: a host's client with telemetry off or
// on, or the OTLP collector. Why processes: HostTelemetry.start installs OpenTelemetry's context
// manager (AsyncLocalStorage) for the whole process, and the SDK's batch processors enter it at every
// export — from then on Node's async hooks run for every promise the process makes. A yardstick in
// the same process as the "on" side would pay that too and hide it; a host with telemetry off never
// starts it. And the collector decodes and keeps what it is sent: in the client's process its work and
// memory would be counted as the client's.
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { OtlpReceiver } from '../e2e/fixtures/otlp/otlpReceiver';
import type { ExportCounts } from '../electron/host/telemetry/exportCounts';
import { HostTelemetry } from '../electron/host/telemetry/hostTelemetry';
import { telemetryFromEnv } from '../electron/host/telemetry/telemetryConfig';
import { McpClient, StdioTransport, traceContextFromEnv, type WireTrace } from '../electron/mcp';

/** A stdio server, run with this Node. */
export interface ServerSpec {
  name: string;
  args: string[];
  /** A real server (its rows first), not a lean fixture. */
  real?: boolean;
}

/** Off: no HostTelemetry, no observer (a host with nothing configured). On: to this OTLP base URL. */
export type TelemetrySetting = { kind: 'off' } | { kind: 'on'; endpoint: string };

export interface Memory {
  heapUsed: number;
  rss: number;
}

export interface BurstReport {
  /** Garbage collected, after connecting and a short warm-up. */
  before: Memory;
  /** The most seen while the calls were in flight (sampled, not collected). */
  peak: Memory;
  /** Collected, as soon as every call of the burst was answered. */
  settled: Memory;
  /** Collected, after a flush given the host's shutdown deadline (3 s). */
  after: Memory;
  burstMs: number;
  /** The SDK's counts at each of those moments (absent: telemetry off). */
  counts?: { before: ExportCounts; settled: ExportCounts; after: ExportCounts };
  /** Requests this session sent in all (the opening's included): each is a span when on. */
  requests: number;
}

export type Command =
  | { kind: 'collector'; behaviour: 'ok' | 'hang' }
  | { kind: 'received' }
  | { kind: 'open'; server: ServerSpec; telemetry: TelemetrySetting }
  | { kind: 'calls'; calls: number; inFlight: number }
  | { kind: 'counts' }
  | { kind: 'close' }
  | { kind: 'burst'; server: ServerSpec; telemetry: TelemetrySetting; calls: number; warmup: number };

export interface Request {
  seq: number;
  command: Command;
}
export type Reply = { seq: number; ok: true; value: unknown } | { seq: number; ok: false; error: string };

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;
/** Collected first (twice: weak references, finalizers), as bench/sandbox.bench.ts reads it. */
function collected(): Memory {
  gc();
  gc();
  const { heapUsed, rss } = process.memoryUsage();
  return { heapUsed, rss };
}

let telemetry: HostTelemetry | undefined;
let client: McpClient | undefined;
let collector: OtlpReceiver | undefined;
let received = { spans: 0, requests: 0 };
let requestsSent = 0;

/**
 * The host's telemetry, started once per process as a host starts it: from the standard environment
 * (an endpoint, http/protobuf by default) — the bounds (OTEL_BSP_*, OTEL_BLRP_*) as this bench was
 * given them, else the SDK's defaults.
 */
async function hostTelemetry(endpoint: string): Promise<HostTelemetry> {
  if (telemetry) return telemetry;
  const bounds = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => /^OTEL_(BSP|BLRP)_/.test(name)),
  );
  const { config, problems } = telemetryFromEnv({ ...bounds, OTEL_EXPORTER_OTLP_ENDPOINT: endpoint });
  if (!config) throw new Error(`no telemetry configuration: ${problems.join('; ')}`);
  telemetry = await HostTelemetry.fromPolicyOrEnv(config, (problem) => console.error(problem));
  if (!telemetry) throw new Error('HostTelemetry.fromPolicyOrEnv gave nothing for a configuration');
  return telemetry;
}

/** The client as the host makes it for a local server; on, with the observer the host gives each start. */
async function open(server: ServerSpec, setting: TelemetrySetting, count = false): Promise<void> {
  const host = setting.kind === 'on' ? await hostTelemetry(setting.endpoint) : undefined;
  requestsSent = 0;
  client = await McpClient.connect({
    transport: new StdioTransport({ command: process.execPath, args: server.args }),
    serverName: server.name,
    traceContext: traceContextFromEnv,
    // What HostTelemetry.observeServer gives a local server (its name, no URL: a pipe).
    ...(host ? { observer: host.observe({ name: server.name }) } : {}),
    // The burst only (it costs a call per message): every request sent, the opening's included, so
    // the SDK's counts can be read beside the number of spans there were to count.
    ...(count
      ? {
          onWireTrace: (trace: WireTrace) => {
            if (trace.direction === 'send' && isRequest(trace.message)) requestsSent++;
          },
        }
      : {}),
  });
}

const isRequest = (message: unknown) =>
  typeof message === 'object' && message !== null && 'method' in message && 'id' in message;

/** `calls` echo calls, `inFlight` at a time; the milliseconds they took. */
async function calls(n: number, inFlight: number): Promise<number> {
  const c = client!;
  let issued = 0;
  const start = performance.now();
  const worker = async () => {
    while (issued < n) {
      issued++;
      await c.callTool('echo', { message: `m${issued}` });
    }
  };
  await Promise.all(Array.from({ length: Math.min(inFlight, n) }, worker));
  return performance.now() - start;
}

async function close(): Promise<void> {
  await client?.close();
  client = undefined;
}

/** 10,000 calls (or `n`) at once, the process's memory and the SDK's counts around them. */
async function burst(command: Extract<Command, { kind: 'burst' }>): Promise<BurstReport> {
  await open(command.server, command.telemetry, true);
  await calls(command.warmup, 64);
  const counts = () => telemetry?.counts();
  const countsBefore = await counts();
  const before = collected();
  const peak = { ...before };
  const sample = () => {
    const { heapUsed, rss } = process.memoryUsage();
    peak.heapUsed = Math.max(peak.heapUsed, heapUsed);
    peak.rss = Math.max(peak.rss, rss);
  };
  const sampler = setInterval(sample, 10);
  const burstMs = await calls(command.calls, command.calls);
  sample();
  clearInterval(sampler);
  const settled = collected();
  const countsSettled = await counts();
  // What a host's shutdown gives the last batches; a collector that hangs keeps them past it.
  await telemetry?.telemetry.flush();
  const after = collected();
  const countsAfter = await counts();
  const requests = requestsSent;
  await close();
  return {
    before,
    peak,
    settled,
    after,
    burstMs,
    requests,
    ...(countsBefore && countsSettled && countsAfter
      ? { counts: { before: countsBefore, settled: countsSettled, after: countsAfter } }
      : {}),
  };
}

async function run(command: Command): Promise<unknown> {
  switch (command.kind) {
    case 'collector': {
      collector = await OtlpReceiver.start(command.behaviour);
      const c = collector;
      // The receiver keeps everything for tests' assertions: counted and let go each second here, so a
      // long run does not grow it.
      setInterval(() => {
        received = {
          spans: received.spans + c.spans.length,
          requests: received.requests + c.requests.length,
        };
        c.spans.length = 0;
        c.requests.length = 0;
        c.metrics.length = 0;
        c.logs.length = 0;
      }, 1000).unref();
      return collector.url;
    }
    case 'received': {
      const { user, system } = process.cpuUsage();
      return {
        spans: received.spans + (collector?.spans.length ?? 0),
        requests: received.requests + (collector?.requests.length ?? 0),
        cpuMs: (user + system) / 1000,
      };
    }
    case 'open':
      return open(command.server, command.telemetry);
    case 'calls':
      return calls(command.calls, command.inFlight);
    case 'counts':
      return telemetry?.counts();
    case 'close':
      return close();
    case 'burst':
      return burst(command);
  }
}

/** Answers the bench's commands one at a time, until it disconnects. */
export function serveCommands(): void {
  process.on('message', (message: Request) => {
    run(message.command).then(
      (value) => process.send!({ seq: message.seq, ok: true, value } satisfies Reply),
      (error: unknown) =>
        process.send!({
          seq: message.seq,
          ok: false,
          error: error instanceof Error ? error.message : String(error),
        } satisfies Reply),
    );
  });
  process.once('disconnect', () => {
    void Promise.all([close(), telemetry?.shutdown(), collector?.stop()]).finally(() => process.exit(0));
  });
}

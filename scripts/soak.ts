// `npm run soak -- --minutes N [--calls-per-second R] [--json FILE] [--heap-snapshots M,M… --snapshot-dir DIR]`
// The soak of issue 35: a real Host (this process, as the browser shell runs it: HostService subscribed,
// every event serialised for the page) with five servers — server-everything over stdio three times and
// once over Streamable HTTP, and the fuzz server with no mutation (2026-07-28) — two tool calls a second
// run by hand (the Run is their consent), a SIGKILL to a random local server's process every 15–25 s, a chat
// message every 10 s through the fake Anthropic API. Every minute and at the end it reports memory (RSS
// and heap: min / median / max), open file descriptors, child processes, each kill's recovery (kill to
// running again, new pid), tool calls done / failed / never settled, and chat messages sent against
// those stored exactly once, in order. At the end, or on SIGINT, it shuts the host down and checks that
// nothing it started is left running. Exit 1 when something was lost or left behind.

import { randomUUID } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { writeHeapSnapshot } from 'node:v8';
import { startFakeAnthropic } from '../e2e/fixtures/anthropic/fakeAnthropic';
import { EVERYTHING_ENTRY, lastPid, startEverythingHttp } from '../e2e/fixtures/servers';
import { trustAsShown } from '../e2e/fixtures/trust';
import { fuzzArgs } from '../e2e/fuzz/libraryCase';
import { Host } from '../electron/host/host';
import { providerKeyId } from '../electron/host/secrets/providerKey';
import { LogFlow } from '../electron/web/logFlow';
import { ANTHROPIC } from '../shared/host/providerSettings';
import { providerOf } from '../shared/host/settings';

const USAGE =
  'Usage: npm run soak -- --minutes N [--calls-per-second R] [--json FILE] [--heap-snapshots M,M… --snapshot-dir DIR]';
const API_KEY = 'sk-soak';
const LOCAL = ['everything-1', 'everything-2', 'everything-3', 'fuzz'];
const ALL = [...LOCAL, 'everything-http'];

function parse(argv: string[]) {
  const out = { minutes: 5, rate: 2, json: '', snapshots: [] as number[], snapshotDir: '' };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--minutes') out.minutes = Number(argv[++i]);
    else if (a === '--calls-per-second') out.rate = Number(argv[++i]);
    else if (a === '--json') out.json = String(argv[++i]);
    else if (a === '--heap-snapshots') out.snapshots = String(argv[++i]).split(',').map(Number);
    else if (a === '--snapshot-dir') out.snapshotDir = String(argv[++i]);
    else throw new Error(`unknown argument ${a}\n${USAGE}`);
  }
  if (out.snapshots.some((m) => !(m >= 0)) || (out.snapshots.length > 0 && !out.snapshotDir))
    throw new Error(`--heap-snapshots takes minutes (0 or more) and needs --snapshot-dir\n${USAGE}`);
  if (!(out.minutes > 0) || !(out.rate > 0))
    throw new Error(`--minutes and --calls-per-second take positive numbers\n${USAGE}`);
  return out;
}

// ---- what the process holds ------------------------------------------------------------------------

/** Processes that were ours before the soak started anything (tsx's esbuild service): not counted. */
let before = new Set<number>();

/** Every process descended from this one (by /proc's parent links), but those of `before`. */
async function descendants(): Promise<number[]> {
  const parentOf = new Map<number, number>();
  for (const name of await readdir('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = await readFile(`/proc/${name}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (fields[0] !== 'Z') parentOf.set(Number(name), Number(fields[1]));
    } catch {} // gone meanwhile
  }
  const found: number[] = [];
  const mine = new Set([process.pid]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const [pid, parent] of parentOf)
      if (mine.has(parent) && !mine.has(pid)) {
        mine.add(pid);
        found.push(pid);
        grew = true;
      }
  }
  return found.filter((pid) => !before.has(pid));
}

interface Sample {
  at: number;
  rss: number;
  heap: number;
  /** Outside the V8 heap: memory of C++ objects bound to JS ones, and of Buffers/ArrayBuffers. */
  external: number;
  arrayBuffers: number;
  /** The RSS split by the kernel (/proc/self/status): anonymous pages (malloc, heaps) and file pages. */
  rssAnon: number;
  rssFile: number;
  fds: number;
  children: number;
}
async function statusKb(field: string): Promise<number> {
  const status = await readFile('/proc/self/status', 'utf8').catch(() => '');
  return Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0) * 1024;
}
async function sample(): Promise<Sample> {
  const { rss, heapUsed, external, arrayBuffers } = process.memoryUsage();
  return {
    at: Date.now(),
    rss,
    heap: heapUsed,
    external,
    arrayBuffers,
    rssAnon: await statusKb('RssAnon'),
    rssFile: await statusKb('RssFile'),
    fds: (await readdir('/proc/self/fd')).length,
    children: (await descendants()).length,
  };
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
function spread(values: number[], show: (v: number) => string = String): string {
  if (values.length === 0) return '—';
  const sorted = [...values].sort((a, b) => a - b);
  const median = sorted[Math.floor((sorted.length - 1) / 2)]!;
  return `${show(sorted[0]!)} / ${show(median)} / ${show(sorted.at(-1)!)}`;
}
const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))];
};

// ---- the run -----------------------------------------------------------------------------------------

async function main(): Promise<void> {
  const args = parse(process.argv.slice(2));
  const started = Date.now();
  before = new Set(await descendants());
  const home = await mkdtemp(path.join(tmpdir(), 'sb-soak-'));
  const fake = await startFakeAnthropic({ apiKey: API_KEY });
  const http = await startEverythingHttp('streamableHttp');
  const stdio = { command: process.execPath, args: [EVERYTHING_ENTRY, 'stdio'] };
  await writeFile(
    path.join(home, 'config.json'),
    JSON.stringify({
      mcpServers: {
        'everything-1': stdio,
        'everything-2': stdio,
        'everything-3': stdio,
        fuzz: { command: process.execPath, args: fuzzArgs('modern', 'none', 1) },
        'everything-http': { url: http.url },
      },
    }),
  );
  await writeFile(path.join(home, 'settings.json'), JSON.stringify({ anthropic: { baseUrl: fake.url } }));
  const host = await Host.create({ home });
  const anthropic = providerOf((await host.settings.get()).settings, ANTHROPIC)!;
  await host.secrets.set(providerKeyId(ANTHROPIC, anthropic.baseUrl), API_KEY);
  const service = host.serve({ browseDirectories: true });

  // The page: every event serialised as the shell's socket does; each tool call allowed once.
  let events = 0;
  let unserialisable = 0;
  const flow = new LogFlow({
    bufferedAmount: 0,
    send: (event) => {
      try {
        JSON.stringify(event);
        events++;
      } catch {
        unserialisable++;
      }
    },
  });
  const answered = new Set<string>();
  const unsubscribe = service.subscribe((event) => {
    flow.send(event);
    if (event.event !== 'consentsChanged') return;
    for (const request of event.payload) {
      if (answered.has(request.id) || request.kind !== 'tool') continue;
      answered.add(request.id);
      setImmediate(
        () =>
          void service.answerConsent(request.id, { kind: 'tool', decision: 'allow-once' }).catch(() => {}),
      );
    }
  });
  for (const id of ALL) await trustAsShown(host.registry, id);
  const running = async (id: string) =>
    (await service.listServers()).find((v) => v.id === id)?.state.status === 'running';
  for (const id of ALL) {
    const end = Date.now() + 60_000;
    while (!(await running(id))) {
      if (Date.now() > end) throw new Error(`${id} did not start`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  console.log(
    `soak: ${ALL.length} servers running after ${((Date.now() - started) / 1000).toFixed(1)} s; ${args.minutes} min, ${args.rate} tool calls/s`,
  );

  const samples: Sample[] = [await sample()];
  const calls = { ok: 0, failed: 0, inFlight: 0, failures: new Map<string, number>() };
  const recoveries: number[] = [];
  const unrecovered: string[] = [];
  const chat = { sent: [] as string[], failed: 0 };
  const timers: NodeJS.Timeout[] = [];
  let stopping = false;

  // Two tool calls a second, on any of the five servers (a killed one fails its calls until it is back).
  const toolFor = async (server: string) => {
    const catalog = await service.getCatalog();
    const pick = server === 'fuzz' ? 'echo' : Math.random() < 0.5 ? 'echo' : 'get-sum';
    return catalog.tools.find((t) => t.server === server && t.tool === pick);
  };
  let callNo = 0;
  const callOne = async () => {
    const server = ALL[Math.floor(Math.random() * ALL.length)]!;
    const tool = await toolFor(server);
    const n = ++callNo;
    calls.inFlight++;
    try {
      const args = tool?.tool === 'get-sum' ? { a: n, b: 1 } : { message: `call ${n}` };
      const outcome = tool
        ? await service.runTool(randomUUID(), tool.name, args)
        : ({ status: 'failed', error: `${server} lists no such tool now` } as const);
      if (outcome.status === 'done') calls.ok++;
      else {
        calls.failed++;
        const why = outcome.status === 'failed' ? outcome.error : outcome.reason;
        const key = why.replace(/\d+/g, 'N').slice(0, 80);
        calls.failures.set(key, (calls.failures.get(key) ?? 0) + 1);
      }
    } finally {
      calls.inFlight--;
    }
  };
  timers.push(setInterval(() => void callOne(), 1000 / args.rate));
  // Heap snapshots at the given minutes, for scripts/heapDiff.ts: what the heap holds more of later.
  for (const minute of args.snapshots)
    timers.push(
      setTimeout(() => {
        const file = path.join(args.snapshotDir, `soak-${minute}min.heapsnapshot`);
        writeHeapSnapshot(file);
        console.log(`heap snapshot at ${minute} min: ${file}`);
      }, minute * 60_000),
    );

  // A SIGKILL to a random running local server every 15–25 s; its recovery timed to running with a new pid.
  const killOne = async () => {
    if (stopping) return;
    const candidates = [];
    for (const id of LOCAL) if (await running(id)) candidates.push(id);
    const id = candidates[Math.floor(Math.random() * candidates.length)];
    if (id) {
      const pid = lastPid(host.logs, id);
      const killed = Date.now();
      try {
        process.kill(pid, 'SIGKILL');
      } catch {}
      void (async () => {
        const end = killed + 60_000;
        while (Date.now() < end && !stopping) {
          if ((await running(id)) && lastPid(host.logs, id) !== pid)
            return void recoveries.push(Date.now() - killed);
          await new Promise((r) => setTimeout(r, 25));
        }
        if (!stopping) unrecovered.push(`${id} (pid ${pid})`);
      })();
    }
    timers.push(setTimeout(() => void killOne(), 15_000 + Math.random() * 10_000));
  };
  timers.push(setTimeout(() => void killOne(), 15_000 + Math.random() * 10_000));

  // A chat message every 10 s in one conversation, each answered by the fake API.
  const conversation = await service.createConversation({});
  const sendChat = async () => {
    const text = `soak message ${chat.sent.length + 1}`;
    // The fake model keeps every request it gets, for tests to read; here that would be the soak's own
    // growth (each request holds every tool's definition), not the host's: kept to the last turn's.
    fake.requests.length = 0;
    fake.titleRequests.length = 0;
    fake.script({ content: [{ type: 'text', text: `reply to ${text}` }] });
    chat.sent.push(text);
    await service.sendMessage(conversation.id, text, [], []).catch(() => chat.failed++);
  };
  timers.push(setInterval(() => void sendChat(), 10_000));

  timers.push(setInterval(() => void sample().then((s) => samples.push(s)), 5000));
  const report = (label: string) => {
    const since = samples.filter((s) => s.at >= started);
    const lastMinute = since.filter((s) => s.at >= Date.now() - 60_000);
    const minuteMedian = (of: (s: Sample) => number) => {
      const sorted = lastMinute.map(of).sort((a, b) => a - b);
      return sorted.length ? mb(sorted[Math.floor((sorted.length - 1) / 2)]!) : '—';
    };
    const lines = [
      `${label} (${((Date.now() - started) / 60_000).toFixed(1)} min):`,
      `  RSS ${spread(
        since.map((s) => s.rss),
        mb,
      )}, heap ${spread(
        since.map((s) => s.heap),
        mb,
      )} (min / median / max)`,
      `  open fds ${spread(since.map((s) => s.fds))}, child processes ${spread(since.map((s) => s.children))}`,
      `  this minute's medians: RSS ${minuteMedian((s) => s.rss)} (anonymous ${minuteMedian((s) => s.rssAnon)}, file ${minuteMedian((s) => s.rssFile)}), heap ${minuteMedian((s) => s.heap)}, external ${minuteMedian((s) => s.external)} (array buffers ${minuteMedian((s) => s.arrayBuffers)})`,
      `  kills recovered ${recoveries.length}${unrecovered.length ? `, NOT recovered ${unrecovered.length}` : ''}: p50 ${percentile(recoveries, 0.5) ?? '—'} ms, max ${recoveries.length ? Math.max(...recoveries) : '—'} ms`,
      `  tool calls ${calls.ok} done, ${calls.failed} failed, ${calls.inFlight} in flight; chat messages sent ${chat.sent.length}`,
      `  events to the page ${events}${unserialisable ? `, UNSERIALISABLE ${unserialisable}` : ''}`,
    ];
    console.log(lines.join('\n'));
  };
  timers.push(setInterval(() => report('minute'), 60_000));

  const finished = new Promise<string>((resolve) => {
    timers.push(setTimeout(() => resolve('time is up'), args.minutes * 60_000));
    // on, not once: Ctrl-C reaches tsx too, which passes it on, so the signal may come twice.
    process.on('SIGINT', () => resolve('SIGINT'));
  });
  const why = await finished;
  stopping = true;
  for (const t of timers) clearTimeout(t);
  console.log(`\nsoak: stopping (${why}); waiting for ${calls.inFlight} tool calls in flight`);
  const settleBy = Date.now() + 15_000;
  while (calls.inFlight > 0 && Date.now() < settleBy) await new Promise((r) => setTimeout(r, 100));
  await new Promise((r) => setTimeout(r, 2000)); // the last chat reply
  report('final');

  // Chat: every message sent stored exactly once, in the order sent.
  // Every page of it: a window reads the newest first.
  const view = await service.getConversation(conversation.id);
  let saved = view.messages;
  for (let from = view.from; from > 0; ) {
    const page = await service.getOlderMessages(conversation.id, from);
    saved = [...page.messages, ...saved];
    from = page.from;
  }
  const stored = saved
    .filter((m) => m.role === 'user')
    .flatMap((m) => m.blocks.flatMap((b) => (b.type === 'text' ? [b.text] : [])))
    .filter((t) => t.startsWith('soak message '));
  const exactlyOnceInOrder = JSON.stringify(stored) === JSON.stringify(chat.sent);
  const replies = saved.filter((m) => m.role === 'assistant').length;
  const lostCalls = calls.inFlight;

  unsubscribe();
  flow.dispose();
  const pidsBefore = await descendants();
  await host.shutdown();
  await http.stop();
  await fake.stop();
  let left = await descendants();
  for (let i = 0; i < 50 && left.length > 0; i++) {
    await new Promise((r) => setTimeout(r, 100));
    left = await descendants();
  }
  await rm(home, { recursive: true, force: true });

  const failures = [...calls.failures].sort((a, b) => b[1] - a[1]).slice(0, 6);
  console.log(
    [
      `  chat: ${chat.sent.length} sent, ${stored.length} stored (${exactlyOnceInOrder ? 'each exactly once, in order' : 'NOT each exactly once in order'}), ${replies} replies, ${chat.failed} sends refused`,
      `  tool calls never settled: ${lostCalls}`,
      `  tool call failures by reason: ${failures.map(([k, n]) => `${n}× ${k}`).join('; ') || 'none'}`,
      `  processes before shutdown ${pidsBefore.length}, left running after it: ${left.length}${left.length ? ` (${left.join(', ')})` : ''}`,
    ].join('\n'),
  );
  if (args.json)
    await writeFile(
      args.json,
      JSON.stringify(
        {
          samples,
          recoveries,
          unrecovered,
          calls: { ...calls, failures: [...calls.failures] },
          chat,
          stored,
          left,
        },
        null,
        2,
      ),
    );
  const broken =
    lostCalls > 0 || !exactlyOnceInOrder || left.length > 0 || unrecovered.length > 0 || unserialisable > 0;
  process.exit(broken ? 1 : 0);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
  process.exit(2);
});

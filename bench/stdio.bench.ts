// stdio benchmark: our McpClient vs the official SDK client vs a raw framing-only loop, against the
// same server in the same run. Not a test: it prints numbers and ratios, and asserts nothing.
// Run: npm run bench   (BENCH_QUICK=1 for a short run)
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { EVERYTHING_ENTRY } from '../e2e/fixtures/servers';
import { McpClient, StdioTransport } from '../electron/mcp';

import {
  type Contender,
  measureThroughput,
  median,
  printRatios,
  QUICK,
  ROUNDS,
  verdict,
  WARMUP,
} from './harness';
import { modernRow } from './modern';

const here = path.dirname(fileURLToPath(import.meta.url));
const fixtures = path.join(here, '../e2e/fixtures/stdio');
const SEQUENTIAL_CALLS = QUICK ? 500 : 15000;
const CONCURRENT_CALLS = QUICK ? 5000 : 30000;

interface ServerSpec {
  name: string;
  command: string;
  args: string[];
  env?: Record<string, string>;
  /** A real server (the headline rows), not a lean fixture. */
  real?: boolean;
}
const SERVERS: ServerSpec[] = [
  {
    name: 'lean echo server (raw Node)',
    command: process.execPath,
    args: [path.join(fixtures, 'echo-server.mjs')],
  },
  {
    name: 'server-everything (official SDK server)',
    command: process.execPath,
    args: [EVERYTHING_ENTRY, 'stdio'],
    real: true,
  },
];

type StdioContender = Contender<ServerSpec>;

const ours: StdioContender = {
  name: 'Switchboard McpClient',
  async open(server) {
    const client = await McpClient.connect({
      transport: new StdioTransport({ command: server.command, args: server.args }),
    });
    return { echo: (message) => client.callTool('echo', { message }), close: () => client.close() };
  },
};

const sdk: StdioContender = {
  name: 'official SDK Client',
  async open(server) {
    const client = new Client({ name: 'bench', version: '1.0.0' });
    await client.connect(
      new StdioClientTransport({ command: server.command, args: server.args, stderr: 'ignore' }),
    );
    await client.listTools(); // as ours does before its first call (output schema cache)
    return {
      echo: (message) => client.callTool({ name: 'echo', arguments: { message } }),
      close: () => client.close(),
    };
  },
};

/**
 * Framing only: JSON lines out, JSON lines in, a map of ids. No validation, no features: the floor.
 * Lines written in one turn of the event loop go out in one write, as ours do, so that it is a floor
 * for many calls in flight too.
 */
const raw: StdioContender = {
  name: 'raw framing loop',
  async open(server) {
    const child = spawn(server.command, server.args, { stdio: ['pipe', 'pipe', 'ignore'] });
    const pending = new Map<number, (v: unknown) => void>();
    let nextId = 1;
    let buf = '';
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      buf += chunk;
      let nl = buf.indexOf('\n');
      while (nl !== -1) {
        const msg = JSON.parse(buf.slice(0, nl)) as { id: number; result: unknown };
        buf = buf.slice(nl + 1);
        pending.get(msg.id)?.(msg.result);
        pending.delete(msg.id);
        nl = buf.indexOf('\n');
      }
    });
    let queued = '';
    const flush = () => {
      child.stdin.write(queued);
      queued = '';
    };
    const request = (method: string, params: unknown) =>
      new Promise((resolve) => {
        const id = nextId++;
        pending.set(id, resolve);
        if (queued === '') queueMicrotask(flush);
        queued += `${JSON.stringify({ jsonrpc: '2.0', id, method, params })}\n`;
      });
    await request('initialize', {
      protocolVersion: '2025-11-25',
      capabilities: {},
      clientInfo: { name: 'raw', version: '1' },
    });
    child.stdin.write('{"jsonrpc":"2.0","method":"notifications/initialized"}\n');
    return {
      echo: (message) => request('tools/call', { name: 'echo', arguments: { message } }),
      close: async () => {
        child.stdin.end();
        await new Promise((r) => child.once('exit', r));
      },
    };
  },
};

const CONTENDERS = [ours, sdk, raw];

async function throughput(server: ServerSpec) {
  console.log(`\n## tools/call echo over stdio — ${server.name} (results validated by ours and the SDK)`);
  const m = await measureThroughput(CONTENDERS, server, {
    sequential: SEQUENTIAL_CALLS,
    concurrent: CONCURRENT_CALLS,
    warmup: WARMUP,
  });
  const o = m.get(ours.name)!;
  const s = m.get(sdk.name)!;
  const w = m.get(raw.name)!;
  // Issue 17: on the lean server the client's own cost shows (>= 1.5x the SDK concurrent, 1.25x
  // sequential); on a real server the server caps everyone (within 10 % of the raw floor).
  printRatios([
    ['ours / SDK, concurrent', o.conc / s.conc, server.real ? 1.0 : 1.5],
    ['ours / SDK, sequential', o.seq / s.seq, server.real ? 1.0 : 1.25],
    // Issue 17: within 10 % of raw on the real server; on the lean one the raw row shows our own cost.
    ['ours / raw, concurrent', o.conc / w.conc, server.real ? 0.9 : undefined],
    ['ours / raw, sequential', o.seq / w.seq, server.real ? 0.9 : undefined],
  ]);
}

async function connectMany(server: ServerSpec, count: number): Promise<number> {
  const start = performance.now();
  const clients = await Promise.all(
    Array.from({ length: count }, () =>
      McpClient.connect({
        transport: new StdioTransport({ command: server.command, args: server.args, env: server.env }),
      }),
    ),
  );
  const elapsed = performance.now() - start;
  await Promise.all(clients.map((c) => c.close()));
  return elapsed;
}

/** Yardstick: spawn, write initialize, wait for the first byte back. What the OS and server cost alone. */
async function rawConnectMany(server: ServerSpec, count: number): Promise<number> {
  const start = performance.now();
  const children = await Promise.all(
    Array.from(
      { length: count },
      () =>
        new Promise<ReturnType<typeof spawn>>((resolve) => {
          const child = spawn(server.command, server.args, {
            stdio: ['pipe', 'pipe', 'ignore'],
            env: { ...process.env, ...server.env },
          });
          child.stdout!.once('data', () => resolve(child));
          child.stdin!.write(
            '{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"raw","version":"1"}}}\n',
          );
        }),
    ),
  );
  const elapsed = performance.now() - start;
  await Promise.all(
    children.map((c) => {
      c.stdin!.end();
      return new Promise((r) => c.once('exit', r));
    }),
  );
  return elapsed;
}

/** The bare-SDK yardstick: the official SDK client connecting the same servers at once. */
async function sdkConnectMany(server: ServerSpec, count: number): Promise<number> {
  const start = performance.now();
  const clients = await Promise.all(
    Array.from({ length: count }, async () => {
      const client = new Client({ name: 'bench', version: '1.0.0' });
      await client.connect(
        new StdioClientTransport({
          command: server.command,
          args: server.args,
          env: { ...(process.env as Record<string, string>), ...server.env },
          // Piped, as ours is (ours reads it into the server's log): not printed over the table.
          stderr: 'pipe',
        }),
      );
      return client;
    }),
  );
  const elapsed = performance.now() - start;
  await Promise.all(clients.map((c) => c.close()));
  return elapsed;
}

async function connectBench() {
  console.log('\n## connect: 10 servers at once (ours vs the bare SDK client), and vs one');
  console.log(
    '| server | ours: ten at once (ms) | SDK: ten at once (ms) | ours / SDK, ten | target <= 1.05x | ours: one (ms) | ours ten / one | raw spawn+initialize ten / one |',
  );
  console.log('| --- | ---: | ---: | ---: | --- | ---: | ---: | ---: |');
  const sh = path.join(fixtures, 'instant-server.sh');
  const servers: ServerSpec[] = [
    ...[...SERVERS].sort((a, b) => Number(!!b.real) - Number(!!a.real)),
    {
      name: 'sh server, 300 ms I/O-bound start (like npx)',
      command: '/bin/sh',
      args: [sh],
      env: { START_DELAY: '0.3' },
    },
  ];
  for (const server of servers) {
    await connectMany(server, 1); // warm the file cache
    const runs = QUICK ? 1 : 5;
    // Ours and the SDK alternate, each going first in turn: the machine's drift falls on both.
    const ours: number[] = [];
    const sdk: number[] = [];
    for (let i = 0; i < runs; i++) {
      if (i % 2 === 0) {
        ours.push(await connectMany(server, 10));
        sdk.push(await sdkConnectMany(server, 10));
      } else {
        sdk.push(await sdkConnectMany(server, 10));
        ours.push(await connectMany(server, 10));
      }
    }
    const ten = median(ours);
    const sdkTen = median(sdk);
    const one = median(await sequentialRuns(() => connectMany(server, 1), QUICK ? 1 : 7));
    const rawOne = median(await sequentialRuns(() => rawConnectMany(server, 1), QUICK ? 1 : 7));
    const rawTen = median(await sequentialRuns(() => rawConnectMany(server, 10), runs));
    const ratio = ten / sdkTen;
    const spread = (xs: number[]) =>
      `${Math.min(...xs).toFixed(0)} / ${median(xs).toFixed(0)} / ${Math.max(...xs).toFixed(0)}`;
    console.log(
      `| ${server.name} | ${spread(ours)} | ${spread(sdk)} | ${ratio.toFixed(2)}x | ${verdict(ratio, 1.05, false)} | ${one.toFixed(1)} | ${(ten / one).toFixed(2)}x | ${(rawTen / rawOne).toFixed(2)}x |`,
    );
  }
  console.log(
    '\nTen at once is min / median / max of the runs. On two cores ten Node servers take several times one for\n' +
      "every client (the raw column: bare spawn, one initialize line, first byte back); the host's own cost is\n" +
      'ours against the bare SDK client connecting the same ten.',
  );
}

async function sequentialRuns(fn: () => Promise<number>, n: number): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < n; i++) out.push(await fn());
  return out;
}

console.log(`# Switchboard stdio benchmark (Node ${process.version}, ${ROUNDS} round(s), median shown)`);
// The real server first: its rows are the headline; the lean one shows the client's own cost.
for (const server of [...SERVERS].sort((a, b) => Number(!!b.real) - Number(!!a.real)))
  await throughput(server);
await modernRow('stdio');
await connectBench();

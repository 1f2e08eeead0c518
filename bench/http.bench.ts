// HTTP benchmark: our McpClient over Streamable HTTP (through node:http, and through fetch) vs the
// official SDK client, against the same server in the same run. Not a test: it prints numbers and ratios, and asserts nothing.
import { spawn } from 'node:child_process';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { type RunningHttpServer, startEverythingHttp } from '../e2e/fixtures/servers';
import { createHttpTransport, McpClient } from '../electron/mcp';
import { type Contender, measureThroughput, printRatios, QUICK, ROUNDS, WARMUP } from './harness';
import { modernRow } from './modern';

const here = path.dirname(fileURLToPath(import.meta.url));
// The SDK's StreamableHTTPClientTransport hands one long-lived AbortSignal to every fetch, adding a
// listener per request: Node warns once per request past 1500. Count those warnings instead of
// printing thousands of lines (which would also slow the run); report the count at the end.
let listenerWarnings = 0;
process.removeAllListeners('warning');
process.on('warning', (warning) => {
  if (warning.name === 'MaxListenersExceededWarning') listenerWarnings++;
  else console.error(warning);
});

const ours: Contender<string> = {
  name: 'Switchboard McpClient',
  async open(url) {
    const client = await McpClient.connect({ transport: createHttpTransport({ url }, 'http') });
    return { echo: (message) => client.callTool('echo', { message }), close: () => client.close() };
  },
};

/** The same MCP logic over fetch (undici, the SDK's HTTP stack): what the MCP layer costs, apart from HTTP. */
const oursOverFetch: Contender<string> = {
  name: 'Switchboard McpClient over fetch',
  async open(url) {
    const client = await McpClient.connect({
      transport: createHttpTransport({ url, engine: 'fetch' }, 'http'),
    });
    return { echo: (message) => client.callTool('echo', { message }), close: () => client.close() };
  },
};

/**
 * The floor: node:http with a keep-alive agent, JSON-RPC bodies written and read with no checks and
 * no features — the session header kept, a JSON answer parsed, an SSE answer's data lines parsed.
 */
const raw: Contender<string> = {
  name: 'raw node:http loop',
  async open(url) {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
    let session: string | undefined;
    let nextId = 1;
    const post = (body: object) =>
      new Promise<unknown>((resolve, reject) => {
        const text = JSON.stringify(body);
        const req = http.request(url, {
          method: 'POST',
          agent,
          headers: {
            'content-type': 'application/json',
            accept: 'application/json, text/event-stream',
            'content-length': Buffer.byteLength(text),
            'mcp-protocol-version': '2025-11-25',
            ...(session ? { 'mcp-session-id': session } : {}),
          },
        });
        req.once('response', (res) => {
          const id = res.headers['mcp-session-id'];
          if (typeof id === 'string') session = id;
          let data = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => {
            data += chunk;
          });
          res.once('end', () => {
            if (!data) return resolve(undefined);
            const json = (res.headers['content-type'] ?? '').includes('event-stream')
              ? data
                  .split('\n')
                  .filter((l) => l.startsWith('data:'))
                  .map((l) => l.slice(5))
                  .at(-1)!
              : data;
            resolve(JSON.parse(json));
          });
        });
        req.once('error', reject);
        req.end(text);
      });
    await post({
      jsonrpc: '2.0',
      id: nextId++,
      method: 'initialize',
      params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
    });
    await post({ jsonrpc: '2.0', method: 'notifications/initialized' });
    // The standalone GET stream, as ours and the SDK open it (the spec's way for a server to speak
    // first): what the server sends there is read and dropped. Without it the raw loop would skip
    // work every real client does (server-everything sends its log notifications there).
    const listen = http.request(url, {
      method: 'GET',
      agent,
      headers: {
        accept: 'text/event-stream',
        'mcp-protocol-version': '2025-11-25',
        ...(session ? { 'mcp-session-id': session } : {}),
      },
    });
    listen.once('response', (res) => res.resume());
    listen.once('error', () => {});
    listen.end();
    return {
      echo: (message) =>
        post({
          jsonrpc: '2.0',
          id: nextId++,
          method: 'tools/call',
          params: { name: 'echo', arguments: { message } },
        }),
      // Ends its session as ours does (DELETE): a session left open keeps server-everything's
      // per-session timers running and slows the server for whoever is measured next.
      close: async () => {
        if (session)
          await new Promise<void>((resolve) => {
            const req = http.request(url, {
              method: 'DELETE',
              agent,
              headers: { 'mcp-session-id': session!, 'mcp-protocol-version': '2025-11-25' },
            });
            req.once('response', (res) => {
              res.resume();
              res.once('end', resolve);
            });
            req.once('error', () => resolve());
            req.end();
          });
        agent.destroy();
      },
    };
  },
};

const sdk: Contender<string> = {
  name: 'official SDK Client',
  async open(url) {
    const client = new Client({ name: 'bench', version: '1.0.0' });
    const transport = new StreamableHTTPClientTransport(new URL(url));
    await client.connect(transport);
    await client.listTools();
    return {
      echo: (message) => client.callTool({ name: 'echo', arguments: { message } }),
      // Its session ended too (DELETE), as ours and the raw loop do.
      close: async () => {
        await transport.terminateSession().catch(() => {});
        await client.close();
      },
    };
  },
};

async function startLeanServer(): Promise<RunningHttpServer> {
  const child = spawn(process.execPath, [path.join(here, '../e2e/fixtures/http/echo-http-server.mjs')], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await new Promise<string>((resolve) =>
    child.stdout.once('data', (d: Buffer) => resolve(d.toString().trim())),
  );
  return { url, stop: async () => void child.kill() };
}

console.log(`# Switchboard HTTP benchmark (Node ${process.version}, ${ROUNDS} round(s), median shown)`);
// The real server first: its rows are the headline; the lean one shows the client's own cost.
const servers: [string, () => Promise<RunningHttpServer>][] = [
  [
    'server-everything over Streamable HTTP (official SDK server)',
    () => startEverythingHttp('streamableHttp'),
  ],
  ['lean Streamable HTTP echo server (raw Node)', startLeanServer],
];
for (const [name, start] of servers) {
  const server = await start();
  try {
    console.log(`\n## tools/call echo over Streamable HTTP — ${name}`);
    const m = await measureThroughput([ours, oursOverFetch, sdk, raw], server.url, {
      sequential: QUICK ? 300 : 2000,
      concurrent: QUICK ? 2000 : 10000,
      warmup: WARMUP,
    });
    const o = m.get(ours.name)!;
    const f = m.get(oursOverFetch.name)!;
    const s = m.get(sdk.name)!;
    const w = m.get(raw.name)!;
    const lean = !name.startsWith('server-everything');
    printRatios([
      ['ours / SDK, concurrent', o.conc / s.conc, lean ? 1.5 : 1.0],
      ['ours / SDK, sequential', o.seq / s.seq, lean ? 1.25 : 1.0],
      // Both over fetch: the MCP layer alone, ours against the SDK's.
      ['ours over fetch / SDK, concurrent', f.conc / s.conc, 1.0],
      ['ours over fetch / SDK, sequential', f.seq / s.seq, 1.0],
      // Issue 17: within 10 % of raw on the real server; on the lean one the raw row shows our own cost.
      ['ours / raw, concurrent', o.conc / w.conc, lean ? undefined : 0.9],
      ['ours / raw, sequential', o.seq / w.seq, lean ? undefined : 0.9],
    ]);
  } finally {
    await server.stop();
  }
}
await modernRow('http');
if (listenerWarnings > 0) {
  console.log(
    `\nNode warned ${listenerWarnings} times of abort listeners piling up on one AbortSignal during this run ` +
      '(the SDK transport adds one per request; ours adds none).',
  );
}

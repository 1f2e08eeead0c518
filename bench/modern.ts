// The 2026-07-28 rows of the stdio and HTTP benchmarks: our McpClient speaking the modern era vs the
// official v2 SDK client (@modelcontextprotocol/client, pinned to 2026-07-28), both against the official
// v2 SDK server (e2e/fixtures/modern-server.mjs), the same work in the same run.
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { MODERN_SERVER, startModernHttp } from '../e2e/fixtures/servers';
import { createHttpTransport, McpClient, StdioTransport } from '../electron/mcp';
import { type Contender, measureThroughput, printRatios, QUICK, WARMUP } from './harness';

type Target = { kind: 'stdio' } | { kind: 'http'; url: string };
const STDIO = { command: process.execPath, args: [MODERN_SERVER, '--stdio', '--legacy', 'reject'] };

const ours: Contender<Target> = {
  name: 'Switchboard McpClient (modern)',
  async open(target) {
    const client = await McpClient.connect({
      transport:
        target.kind === 'stdio'
          ? new StdioTransport(STDIO)
          : createHttpTransport({ url: target.url }, 'http'),
      protocol: 'modern',
    });
    return { echo: (text) => client.callTool('echo', { text }), close: () => client.close() };
  },
};

const sdk: Contender<Target> = {
  name: 'official v2 SDK Client (2026-07-28)',
  async open(target) {
    const client = new Client(
      { name: 'bench', version: '1.0.0' },
      { versionNegotiation: { mode: { pin: '2026-07-28' } } },
    );
    await client.connect(
      target.kind === 'stdio'
        ? new StdioClientTransport({ ...STDIO, stderr: 'ignore' })
        : new StreamableHTTPClientTransport(new URL(target.url)),
    );
    await client.listTools();
    return {
      echo: (text) => client.callTool({ name: 'echo', arguments: { text } }),
      close: () => client.close(),
    };
  },
};

export async function modernRow(kind: 'stdio' | 'http'): Promise<void> {
  const server = kind === 'http' ? await startModernHttp('reject') : undefined;
  try {
    console.log(
      `\n## tools/call echo over ${kind === 'stdio' ? 'stdio' : 'Streamable HTTP'}, 2026-07-28 — the official v2 SDK server`,
    );
    const m = await measureThroughput(
      [ours, sdk],
      server ? { kind: 'http', url: server.url } : { kind: 'stdio' },
      {
        sequential: QUICK ? 300 : kind === 'stdio' ? 5000 : 2000,
        concurrent: QUICK ? 2000 : 10000,
        warmup: WARMUP,
      },
    );
    const o = m.get(ours.name)!;
    const s = m.get(sdk.name)!;
    printRatios([
      ['ours / v2 SDK, concurrent', o.conc / s.conc, 1.0],
      ['ours / v2 SDK, sequential', o.seq / s.seq, 1.0],
    ]);
  } finally {
    await server?.stop();
  }
}

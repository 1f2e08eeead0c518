// The yardstick for the CLI's start-up (bench/startup.bench.ts): a minimal official SDK client that
// starts a stdio server, lists its tools, prints them and exits. Usage: node sdkListTools.mjs CMD ARGS…
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';

const [command, ...args] = process.argv.slice(2);
const client = new Client({ name: 'yardstick', version: '1.0.0' });
await client.connect(new StdioClientTransport({ command, args, stderr: 'ignore' }));
const { tools } = await client.listTools();
console.log(JSON.stringify(tools, null, 2));
await client.close();

// The client the official conformance suite drives: `conformance client --command "<this>"` runs it
// with the test server's URL as the last argument and the scenario in MCP_CONFORMANCE_SCENARIO.
// It uses only our library (electron/mcp) and does what each scenario expects of a client.
import { type ClientHandlers, createHttpTransport, McpClient } from '../../electron/mcp';
import { applyElicitationDefaults } from '../../shared/mcp/elicitationDefaults';

const scenario = process.env.MCP_CONFORMANCE_SCENARIO ?? '';
const url = process.argv.at(-1);

/** Arguments for the tools the scenarios define; other tools get {}. */
const TOOL_ARGS: Record<string, Record<string, unknown>> = {
  add_numbers: { a: 5, b: 3 },
};

const handlers: ClientHandlers = {
  elicitation: {
    // Accept with the schema's defaults, as a person who leaves every field as offered would.
    form: async (params) => ({ action: 'accept', content: applyElicitationDefaults(params.requestedSchema) }),
  },
  sampling: {
    createMessage: async () => ({
      role: 'assistant',
      content: { type: 'text', text: 'conformance sampling reply' },
      model: 'conformance',
    }),
  },
  roots: { list: () => [] },
};

async function main(): Promise<void> {
  if (!url) throw new Error('usage: client.ts <server-url> (with MCP_CONFORMANCE_SCENARIO set)');
  const client = await McpClient.connect({
    transport: createHttpTransport({ url, label: scenario }, 'http'),
    serverName: scenario,
    handlers,
    requestTimeoutMs: 20_000,
  });
  client.onTransportLog((l) => console.error(`[transport] ${l.text}`));
  try {
    if (client.serverCapabilities.tools) {
      const tools = await client.listTools();
      // `initialize` only checks the handshake; every other scenario is about calling its tools.
      if (scenario !== 'initialize') {
        for (const tool of tools) {
          const result = await client.callTool(tool.name, TOOL_ARGS[tool.name] ?? {});
          console.log(JSON.stringify({ tool: tool.name, result }));
        }
      }
    }
  } finally {
    await client.close();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  },
);

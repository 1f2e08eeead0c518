/**
 * The names the OpenTelemetry semantic conventions for MCP give (gen-ai/mcp: spans and metrics),
 * written here rather than imported: @opentelemetry/semantic-conventions keeps them in its
 * `incubating` entry only, marked as moved to the GenAI conventions repository, and its own advice is
 * to copy incubating names, which may change in any minor release.
 */
export const MCP = {
  methodName: 'mcp.method.name',
  sessionId: 'mcp.session.id',
  protocolVersion: 'mcp.protocol.version',
  resourceUri: 'mcp.resource.uri',
  requestId: 'jsonrpc.request.id',
  toolName: 'gen_ai.tool.name',
  promptName: 'gen_ai.prompt.name',
  operationName: 'gen_ai.operation.name',
  /** Which configured server (Switchboard's own attribute: a stdio server has no address to name it). */
  serverName: 'switchboard.mcp.server.name',
  operationDuration: 'mcp.client.operation.duration',
  sessionDuration: 'mcp.client.session.duration',
} as const;

/** The conventions' bucket boundaries for both MCP duration histograms, in seconds. */
export const MCP_DURATION_BUCKETS = [0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1, 2, 5, 10, 30, 60, 120, 300];

import {
  type InitializeResult,
  LATEST_PROTOCOL_VERSION,
  MODERN_PROTOCOL_VERSION,
  SUPPORTED_PROTOCOL_VERSIONS,
} from '../../../../shared/mcp/protocol';
import { DEFAULT_REQUEST_TIMEOUT_MS, type JsonRpcConnection } from '../../jsonrpc/connection';
import { ErrorCode } from '../../jsonrpc/errorCodes';
import { McpError } from '../../mcpError';
import { hasHttpSession, type Transport } from '../../transport/transport';
import { deriveClientCapabilities } from '../capabilities';
import type { ResultOf } from '../clientRequests';
import { type McpClientOptions, SWITCHBOARD_CLIENT_INFO } from '../mcpClientOptions';

/** initialize → check → notifications/initialized. Nothing else is sent before it completes. */
export async function handshake(
  connection: JsonRpcConnection,
  transport: Transport,
  options: McpClientOptions,
  server: string,
): Promise<InitializeResult> {
  const requested = options.protocolVersion ?? LATEST_PROTOCOL_VERSION;
  const timeoutMs = options.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS;
  options.onOpeningRequest?.('initialize', timeoutMs);
  const result = await connection.request<ResultOf<'initialize'>>(
    'initialize',
    {
      protocolVersion: requested,
      capabilities: {
        ...deriveClientCapabilities(options.handlers ?? {}),
        ...(options.extensions ? { extensions: options.extensions } : {}),
      },
      clientInfo: options.clientInfo ?? SWITCHBOARD_CLIENT_INFO,
    },
    { timeoutMs, signal: options.signal },
  );
  checkInitializeResult(result, requested, server);
  connection.batchesAllowed = result.protocolVersion <= '2025-03-26';
  if (hasHttpSession(transport)) transport.setProtocolVersion(result.protocolVersion);
  await connection.notify('notifications/initialized');
  return result;
}

function checkInitializeResult(result: InitializeResult, requested: string, server: string): void {
  const bad = (why: string) =>
    new McpError(ErrorCode.InvalidResult, `Invalid initialize result: ${why}`, {
      server,
      method: 'initialize',
    });
  if (typeof result.protocolVersion !== 'string') throw bad('protocolVersion missing');
  if (result.protocolVersion === MODERN_PROTOCOL_VERSION) {
    // A version without initialize, named in an initialize answer: the server contradicts itself.
    throw new McpError(
      ErrorCode.VersionMismatch,
      `The server answered initialize with ${MODERN_PROTOCOL_VERSION}, a version that has no initialize, after refusing the ${MODERN_PROTOCOL_VERSION} probe (server/discover); it is neither a legacy nor a modern server. Set "protocol" to "legacy" or "modern" in its config if it speaks one of them.`,
      { server, method: 'initialize', data: { requested, received: result.protocolVersion } },
    );
  }
  if (!(SUPPORTED_PROTOCOL_VERSIONS as readonly string[]).includes(result.protocolVersion)) {
    throw new McpError(
      ErrorCode.VersionMismatch,
      `Protocol version mismatch: we asked for ${requested} and the server answered ${result.protocolVersion}; ` +
        `Switchboard speaks ${SUPPORTED_PROTOCOL_VERSIONS.join(', ')}. Update the server or Switchboard.`,
      { server, method: 'initialize', data: { requested, received: result.protocolVersion } },
    );
  }
  if (typeof result.capabilities !== 'object' || result.capabilities === null)
    throw bad('capabilities missing');
  const info = result.serverInfo;
  if (typeof info?.name !== 'string' || typeof info.version !== 'string')
    throw bad('serverInfo needs name and version');
}

import {
  type Implementation,
  type InitializeResult,
  META,
  MODERN_PROTOCOL_VERSION,
} from '../../../../shared/mcp/protocol';
import { DEFAULT_REQUEST_TIMEOUT_MS, type JsonRpcConnection } from '../../jsonrpc/connection';
import { ErrorCode } from '../../jsonrpc/errorCodes';
import { McpError } from '../../mcpError';
import { hasHttpSession, type Transport } from '../../transport/transport';
import type { DiscoverResult } from '../clientRequests';
import type { McpClientOptions } from '../mcpClientOptions';
import { modernMeta } from './modernMeta';

/** How long a stdio server may take to answer the probe before it is taken for a legacy one. */
const STDIO_PROBE_TIMEOUT_MS = 10_000;

/** The errors only a modern server sends (2026-07-28's reserved range): it is modern, but refused us. */
const MODERN_ERRORS = new Set<number>([
  ErrorCode.HeaderMismatch,
  ErrorCode.MissingRequiredClientCapability,
  ErrorCode.UnsupportedProtocolVersion,
]);

/**
 * The era probe of 2026-07-28 (basic/versioning, and each transport's Backward Compatibility):
 * `server/discover` as a modern request. A DiscoverResult means a modern server; a modern error
 * (unsupported version, header mismatch…) too — it is surfaced, never answered by falling back;
 * any other error, or no answer in time, means a legacy server (undefined: do the initialize
 * handshake). `protocol: 'modern'` makes every failure an error instead.
 */
export async function discoverModern(
  connection: JsonRpcConnection,
  transport: Transport,
  options: McpClientOptions,
  server: string,
): Promise<InitializeResult | undefined> {
  const http = hasHttpSession(transport) ? transport : undefined;
  http?.setProtocolVersion(MODERN_PROTOCOL_VERSION);
  http?.setModern(true);
  const timeoutMs = http
    ? (options.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS)
    : Math.min(options.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS, STDIO_PROBE_TIMEOUT_MS);
  let result: DiscoverResult;
  const legacy = (why: string): undefined => {
    if (options.protocol === 'modern') {
      throw new McpError(
        ErrorCode.VersionMismatch,
        `${server} did not answer as a ${MODERN_PROTOCOL_VERSION} server (${why}); its config asks for "protocol": "modern" — set it to "auto" or "legacy"`,
        { server, method: 'server/discover' },
      );
    }
    // A legacy server: back to the handshake, with none of the modern wire.
    http?.setProtocolVersion(undefined);
    http?.setModern(false);
    return undefined;
  };
  options.onOpeningRequest?.('server/discover', timeoutMs);
  const ask = () =>
    connection.request<DiscoverResult>(
      'server/discover',
      { _meta: modernMeta(options) },
      { timeoutMs, signal: options.signal },
    );
  try {
    // Refused for a version it then lists as supported: asked once more with it (the only one we speak).
    result = await ask().catch((error: unknown) => {
      if (offersOurVersion(error)) return ask();
      throw error;
    });
  } catch (error) {
    options.signal?.throwIfAborted();
    if (!(error instanceof McpError)) throw error;
    if (MODERN_ERRORS.has(error.code)) throw refused(error, server);
    // The process exited or the channel went away: that is no answer about the era (-32000 is
    // also what legacy HTTP servers put in their 400s, so the code alone cannot say).
    if (connection.isClosed) throw error;
    return legacy(error.message);
  }
  // A success that is no DiscoverResult: a legacy server that answers anything.
  if (!Array.isArray(result?.supportedVersions)) return legacy('its answer has no supportedVersions');
  return checkDiscoverResult(result, server);
}

/** An UnsupportedProtocolVersionError whose `supported` list holds the version we asked for. */
export function offersOurVersion(error: unknown): boolean {
  if (!(error instanceof McpError) || error.code !== ErrorCode.UnsupportedProtocolVersion) return false;
  const supported = (error.data as { supported?: unknown } | undefined)?.supported;
  return Array.isArray(supported) && supported.includes(MODERN_PROTOCOL_VERSION);
}

function refused(error: McpError, server: string): McpError {
  if (error.code !== ErrorCode.UnsupportedProtocolVersion) return error;
  const supported = (error.data as { supported?: unknown } | undefined)?.supported;
  const list = Array.isArray(supported)
    ? supported.filter((v) => typeof v === 'string').join(', ')
    : 'none named';
  return new McpError(
    ErrorCode.VersionMismatch,
    `${server} speaks the modern protocol but not ${MODERN_PROTOCOL_VERSION} (it supports: ${list}); update the server or Switchboard`,
    { server, method: 'server/discover', data: error.data },
  );
}

function checkDiscoverResult(result: DiscoverResult, server: string): InitializeResult {
  const bad = (why: string) =>
    new McpError(ErrorCode.InvalidResult, `Invalid server/discover result: ${why}`, {
      server,
      method: 'server/discover',
    });
  if (!result.supportedVersions.includes(MODERN_PROTOCOL_VERSION)) {
    throw new McpError(
      ErrorCode.VersionMismatch,
      `${server} supports ${result.supportedVersions.join(', ') || 'no version'}, not ${MODERN_PROTOCOL_VERSION}`,
      { server, method: 'server/discover' },
    );
  }
  if (typeof result.capabilities !== 'object' || result.capabilities === null)
    throw bad('capabilities missing');
  const info = result._meta?.[META.serverInfo] as Partial<Implementation> | undefined;
  // serverInfo is a SHOULD: a server without it is shown by its configured name.
  const serverInfo: Implementation =
    typeof info?.name === 'string' && typeof info.version === 'string'
      ? (info as Implementation)
      : { name: server, version: '' };
  return {
    protocolVersion: MODERN_PROTOCOL_VERSION,
    capabilities: result.capabilities,
    serverInfo,
    ...(typeof result.instructions === 'string' ? { instructions: result.instructions } : {}),
  };
}

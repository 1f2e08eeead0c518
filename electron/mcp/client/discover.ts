import {
  type Era,
  type Implementation,
  type InitializeResult,
  META,
  MODERN_PROTOCOL_VERSION,
} from '../../../shared/mcp/protocol';
import { DEFAULT_REQUEST_TIMEOUT_MS, type JsonRpcConnection } from '../jsonrpc/connection';
import { ErrorCode } from '../jsonrpc/errorCodes';
import { McpError } from '../mcpError';
import { hasHttpSession, type Transport } from '../transport/transport';
import { deriveClientCapabilities } from './capabilities';
import type { DiscoverResult } from './clientRequests';
import { handshake, SWITCHBOARD_CLIENT_INFO } from './handshake';
import type { McpClientOptions } from './mcpClient';
import { TASKS_EXTENSION } from './tasks';

/** How long a stdio server may take to answer the probe before it is taken for a legacy one. */
export const STDIO_PROBE_TIMEOUT_MS = 10_000;

/** The errors only a modern server sends (2026-07-28's reserved range): it is modern, but refused us. */
const MODERN_ERRORS = new Set<number>([
  ErrorCode.HeaderMismatch,
  ErrorCode.MissingRequiredClientCapability,
  ErrorCode.UnsupportedProtocolVersion,
]);

/** The `_meta` every modern request carries: our version, capabilities and who we are. */
export function modernMeta(options: McpClientOptions): Record<string, unknown> {
  return {
    [META.protocolVersion]: MODERN_PROTOCOL_VERSION,
    // The tasks extension (SEP-2663): a task-supporting tool may answer with a task, which we follow.
    [META.clientCapabilities]: {
      ...deriveClientCapabilities(options.handlers ?? {}),
      extensions: { ...options.extensions, [TASKS_EXTENSION]: {} },
    },
    [META.clientInfo]: options.clientInfo ?? SWITCHBOARD_CLIENT_INFO,
  };
}

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

/**
 * Which era to speak, and the server's answer to opening it: the probe (server/discover) unless the
 * config says legacy, or this stdio server answered as a legacy one before — then initialize at
 * once, probing only when that fails (the server may have been upgraded to the modern era since).
 */
export async function openEra(
  connection: JsonRpcConnection,
  transport: Transport,
  options: McpClientOptions,
  server: string,
): Promise<{ result: InitializeResult; modern: boolean }> {
  const protocol = options.protocol ?? 'legacy';
  if (protocol === 'legacy')
    return { result: await handshake(connection, transport, options, server), modern: false };
  // stdio only: there an unanswered probe costs up to 10 s. Over HTTP it costs one round trip, and a
  // failed initialize there would already have sent the transport on to the deprecated HTTP+SSE.
  if (protocol === 'auto' && options.knownEra === 'legacy' && !hasHttpSession(transport)) {
    try {
      return { result: await handshake(connection, transport, options, server), modern: false };
    } catch (error) {
      options.signal?.throwIfAborted();
      if (!(error instanceof McpError) || connection.isClosed) throw error;
      const modern = await discoverModern(connection, transport, options, server);
      if (!modern) throw error;
      return { result: modern, modern: true };
    }
  }
  const modern = await discoverModern(connection, transport, options, server);
  if (modern) return { result: modern, modern: true };
  return { result: await handshake(connection, transport, options, server), modern: false };
}

const TRACEPARENT = /^[0-9a-f]{2}-[0-9a-f]{32}-[0-9a-f]{16}-[0-9a-f]{2}$/;

/**
 * W3C trace context for a request's `_meta` (2026-07-28 basic: the reserved `traceparent` and
 * `tracestate` keys). A malformed traceparent is not sent (nor its tracestate).
 */
export function traceMeta(trace: { traceparent: string; tracestate?: string }): Record<string, string> {
  const [version, traceId, parentId] = trace.traceparent.split('-');
  // W3C trace context: version ff and all-zero ids are invalid.
  if (
    !TRACEPARENT.test(trace.traceparent) ||
    version === 'ff' ||
    !/[^0]/.test(traceId!) ||
    !/[^0]/.test(parentId!)
  )
    return {};
  return {
    traceparent: trace.traceparent,
    ...(trace.tracestate && trace.tracestate.length <= 512 ? { tracestate: trace.tracestate } : {}),
  };
}

/** The trace context a launcher handed this process (OpenTelemetry's TRACEPARENT/TRACESTATE variables). */
export function traceContextFromEnv(
  env: NodeJS.ProcessEnv = process.env,
): { traceparent: string; tracestate?: string } | undefined {
  const traceparent = env.TRACEPARENT?.trim().toLowerCase();
  if (!traceparent || Object.keys(traceMeta({ traceparent })).length === 0) return undefined;
  const tracestate = env.TRACESTATE?.trim();
  return { traceparent, ...(tracestate ? { tracestate } : {}) };
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

export type { Era };

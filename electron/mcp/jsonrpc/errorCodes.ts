/** JSON-RPC 2.0 and MCP error codes (integers, as the spec requires). */
export const ErrorCode = {
  ParseError: -32700,
  InvalidRequest: -32600,
  MethodNotFound: -32601,
  InvalidParams: -32602,
  InternalError: -32603,
  /** MCP: a URL-mode elicitation must complete before the request can succeed. */
  UrlElicitationRequired: -32042,
  /** MCP 2026-07-28: the HTTP headers do not match the body, or required headers are missing. */
  HeaderMismatch: -32020,
  /** MCP 2026-07-28: the request lacks a client capability the server requires. */
  MissingRequiredClientCapability: -32021,
  /** MCP 2026-07-28: the server does not speak the requested version; `data.supported` lists what it does. */
  UnsupportedProtocolVersion: -32022,
  /**
   * MCP resources/read: no such resource. 2026-07-28 servers send -32602 (InvalidParams), earlier
   * ones -32002; the client reports both as this code.
   */
  ResourceNotFound: -32002,
  /** MCP sampling: the person rejected the request. */
  UserRejected: -1,
  // Local codes, never sent on the wire: they classify failures on our side.
  RequestTimeout: -32001,
  ConnectionClosed: -32000,
  RequestCancelled: -32800,
  CapabilityMissing: -32011,
  InvalidResult: -32003,
  VersionMismatch: -32004,
  /** Streamable HTTP: the server answered 404 to our session id; a new initialize is needed. */
  SessionExpired: -32005,
  /** An HTTP transport got a status, content type or body it cannot use. */
  HttpError: -32006,
  /** The server needs a sign-in that only a person can give, and none could be asked for here. */
  SignInRequired: -32007,
  /** Authorization was attempted and refused or failed: the message names what did not match. */
  AuthFailed: -32008,
  /** 2026-07-28 HTTP: the response stream broke before the answer (no resuming in this era). */
  ResponseLost: -32009,
} as const;

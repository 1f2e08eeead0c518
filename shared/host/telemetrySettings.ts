import { isPlainHttpOffLoopback } from '../loopback';

export type OtlpProtocol = 'http/protobuf' | 'http/json';
export const OTLP_PROTOCOLS: readonly OtlpProtocol[] = ['http/protobuf', 'http/json'];

/**
 * OpenTelemetry export as the person sets it in Settings. The headers' values are not here: each is a
 * secret in the SecretStore, bound to the endpoint's origin (`telemetryHeaderId`), write-only like an
 * API key. Absent from Settings: the OTEL_* environment applies (docs/telemetry.md, "Precedence").
 */
export interface TelemetrySettings {
  /** Off: nothing is sent, whatever the environment says (the managed policy still may). */
  enabled: boolean;
  /** The collector's base URL: each signal goes to /v1/traces, /v1/metrics, /v1/logs under it. */
  endpoint: string;
  protocol: OtlpProtocol;
  /** The names of the headers sent with every export; their values are stored secrets. */
  headerNames: string[];
  /** Which signals are sent: spans, metrics, and the activity record as log records. */
  signals: { traces: boolean; metrics: boolean; logs: boolean };
  /** Prompts, replies, tool arguments and results are sent too, redacted and cut to a bound. */
  captureContent: boolean;
}

export const DEFAULT_TELEMETRY_SETTINGS: TelemetrySettings = {
  enabled: false,
  endpoint: '',
  protocol: 'http/protobuf',
  headerNames: [],
  signals: { traces: true, metrics: true, logs: true },
  captureContent: false,
};

/** An HTTP header name (RFC 9110 token), as a header the person adds must be. */
const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]{1,128}$/;

export function headerNameProblem(name: string): string | undefined {
  if (!TOKEN.test(name))
    return `"${name}" is not an HTTP header name (letters, digits and !#$%&'*+.^_\`|~- only)`;
  return undefined;
}

/**
 * Checks an OTLP endpoint: an http(s) URL without credentials, query or fragment, and https unless it
 * is this computer — the headers (a backend's API key) and, with content capture, what was said would
 * otherwise cross the network in the clear. Returns what is wrong, or undefined.
 */
export function otlpEndpointProblem(value: string): string | undefined {
  if (!URL.canParse(value)) return `"${value}" is not a URL`;
  const url = new URL(value);
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return `${url.protocol} is not http or https`;
  if (isPlainHttpOffLoopback(url))
    return `plain http would send the headers and what is exported unencrypted: use https for ${url.host} (http is allowed only for this computer: localhost, 127.0.0.1, [::1])`;
  if (url.username || url.password) return 'must not carry a user name or password (use a header)';
  if (url.search || url.hash) return 'must not have a query or fragment';
  return undefined;
}

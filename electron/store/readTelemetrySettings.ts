import {
  DEFAULT_TELEMETRY_SETTINGS,
  headerNameProblem,
  OTLP_PROTOCOLS,
  type OtlpProtocol,
  otlpEndpointProblem,
  type TelemetrySettings,
} from '../../shared/host/telemetrySettings';

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Settings' `telemetry` as read from the file (or a save): each bad value named in `problems` and
 * left at its default. An endpoint that cannot be used turns export off rather than send anywhere
 * else; an empty one is allowed only while it is off.
 */
export function readTelemetrySettings(value: unknown): {
  telemetry: TelemetrySettings | undefined;
  problems: string[];
} {
  const problems: string[] = [];
  if (value === undefined) return { telemetry: undefined, problems };
  if (!isObject(value)) return { telemetry: undefined, problems: ['telemetry: must be an object'] };
  const telemetry = structuredClone(DEFAULT_TELEMETRY_SETTINGS);
  if (typeof value.enabled === 'boolean') telemetry.enabled = value.enabled;
  else if (value.enabled !== undefined) problems.push('telemetry.enabled: must be true or false');
  if (typeof value.endpoint === 'string') telemetry.endpoint = value.endpoint.trim();
  else if (value.endpoint !== undefined) problems.push('telemetry.endpoint: must be a string');
  if (telemetry.endpoint || telemetry.enabled) {
    const problem = telemetry.endpoint
      ? otlpEndpointProblem(telemetry.endpoint)
      : 'is needed to turn telemetry on';
    if (problem) {
      problems.push(`telemetry.endpoint: ${problem}`);
      telemetry.enabled = false;
    }
  }
  if (value.protocol !== undefined) {
    if ((OTLP_PROTOCOLS as readonly unknown[]).includes(value.protocol))
      telemetry.protocol = value.protocol as OtlpProtocol;
    else problems.push(`telemetry.protocol: must be one of ${OTLP_PROTOCOLS.join(', ')}`);
  }
  if (Array.isArray(value.headerNames)) {
    const seen = new Set<string>();
    for (const name of value.headerNames) {
      const problem = typeof name === 'string' ? headerNameProblem(name) : 'a header name must be a string';
      if (problem) problems.push(`telemetry.headerNames: ${problem}`);
      else if (!seen.has(name.toLowerCase())) {
        seen.add(name.toLowerCase());
        telemetry.headerNames.push(name);
      }
    }
  } else if (value.headerNames !== undefined) problems.push('telemetry.headerNames: must be a list of names');
  const signals = isObject(value.signals) ? value.signals : {};
  for (const signal of ['traces', 'metrics', 'logs'] as const) {
    const v = signals[signal];
    if (typeof v === 'boolean') telemetry.signals[signal] = v;
    else if (v !== undefined) problems.push(`telemetry.signals.${signal}: must be true or false`);
  }
  if (typeof value.captureContent === 'boolean') telemetry.captureContent = value.captureContent;
  else if (value.captureContent !== undefined)
    problems.push('telemetry.captureContent: must be true or false');
  return { telemetry, problems };
}

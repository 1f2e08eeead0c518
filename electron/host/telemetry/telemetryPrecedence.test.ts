import { describe, expect, it } from 'vitest';
import { DEFAULT_TELEMETRY_SETTINGS, type TelemetrySettings } from '../../../shared/host/telemetrySettings';
import type { PolicyTelemetry } from '../policy/managedPolicy';
import { chooseTelemetry } from './telemetryPrecedence';

const ENV = { OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:4318', OTEL_SERVICE_NAME: 'from-env' };
const SETTINGS: TelemetrySettings = {
  ...DEFAULT_TELEMETRY_SETTINGS,
  enabled: true,
  endpoint: 'https://otel.person.example',
  protocol: 'http/json',
  headerNames: ['x-api-key'],
  signals: { traces: true, metrics: false, logs: true },
};
const POLICY: PolicyTelemetry = {
  endpoint: 'https://otel.acme.example:4318',
  protocol: 'http/protobuf',
  headers: { 'x-org': 'acme' },
  resourceAttributes: {},
  captureContent: true,
};

describe('which telemetry configuration is in force', () => {
  it('the environment when neither the policy nor Settings say', () => {
    const chosen = chooseTelemetry({ policy: undefined, telemetry: undefined, headers: {}, env: ENV });
    expect(chosen.from).toBe('environment');
    expect(chosen.config?.targets.traces?.url).toBe('http://127.0.0.1:4318/v1/traces');
    expect(chosen.config?.captureContent).toBeUndefined();
  });

  it("Settings over the environment: their endpoint, protocol, signals and stored headers; the environment's service name kept", () => {
    const chosen = chooseTelemetry({
      policy: undefined,
      telemetry: SETTINGS,
      headers: { 'x-api-key': 'k' },
      env: { ...ENV, OTEL_EXPORTER_OTLP_HEADERS: 'x-env=leaks' },
    });
    expect(chosen.from).toBe('settings');
    expect(chosen.config?.serviceName).toBe('from-env');
    expect(chosen.config?.targets).toEqual({
      traces: {
        url: 'https://otel.person.example/v1/traces',
        protocol: 'http/json',
        headers: { 'x-api-key': 'k' },
        timeoutMs: 10_000,
      },
      logs: {
        url: 'https://otel.person.example/v1/logs',
        protocol: 'http/json',
        headers: { 'x-api-key': 'k' },
        timeoutMs: 10_000,
      },
    });
  });

  it('Settings turned off mean off, whatever the environment says', () => {
    const chosen = chooseTelemetry({
      policy: undefined,
      telemetry: { ...SETTINGS, enabled: false },
      headers: {},
      env: ENV,
    });
    expect(chosen).toMatchObject({ from: 'settings', config: undefined });
  });

  it('content capture only when Settings or the policy turn it on', () => {
    const on = chooseTelemetry({
      policy: undefined,
      telemetry: { ...SETTINGS, captureContent: true },
      headers: {},
      env: {},
    });
    expect(on.config?.captureContent).toBe(true);
    const off = chooseTelemetry({ policy: undefined, telemetry: SETTINGS, headers: {}, env: {} });
    expect(off.config?.captureContent).toBeUndefined();
  });

  it('the managed policy over Settings and the environment: the person cannot turn it off', () => {
    const chosen = chooseTelemetry({
      policy: POLICY,
      telemetry: { ...SETTINGS, enabled: false },
      headers: { 'x-api-key': 'k' },
      env: { ...ENV, OTEL_SDK_DISABLED: 'true' },
    });
    expect(chosen.from).toBe('policy');
    expect(chosen.config?.targets.metrics?.url).toBe('https://otel.acme.example:4318/v1/metrics');
    expect(chosen.config?.targets.traces?.headers).toEqual({ 'x-org': 'acme' });
    expect(chosen.config?.captureContent).toBe(true);
  });
});

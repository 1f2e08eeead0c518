import { describe, expect, it } from 'vitest';
import { DEFAULT_TELEMETRY_SETTINGS } from '../../shared/host/telemetrySettings';
import { readTelemetrySettings } from './readTelemetrySettings';

describe("Settings' telemetry as read from the file", () => {
  it('absent: undefined (the environment applies)', () => {
    expect(readTelemetrySettings(undefined)).toEqual({ telemetry: undefined, problems: [] });
  });

  it('a good one as it is, duplicate header names once', () => {
    const value = {
      enabled: true,
      endpoint: 'https://otel.example:4318',
      protocol: 'http/json',
      headerNames: ['x-api-key', 'X-Api-Key', 'x-team'],
      signals: { traces: true, metrics: false, logs: true },
      captureContent: true,
    };
    expect(readTelemetrySettings(value)).toEqual({
      telemetry: { ...value, headerNames: ['x-api-key', 'x-team'] },
      problems: [],
    });
  });

  it.each([
    [
      'http://otel.example:4318',
      /plain http would send the headers .* unencrypted: use https for otel.example:4318/,
    ],
    ['ftp://otel.example', /ftp: is not http or https/],
    ['not a url', /"not a url" is not a URL/],
    ['https://user:pw@otel.example', /must not carry a user name or password/],
    ['https://otel.example/?k=v', /must not have a query or fragment/],
  ])('refuses the endpoint %s, saying why, and stays off', (endpoint, why) => {
    const read = readTelemetrySettings({ enabled: true, endpoint });
    expect(read.telemetry?.enabled).toBe(false);
    expect(read.problems).toEqual([expect.stringMatching(why)]);
  });

  it('takes plain http to this computer', () => {
    for (const endpoint of ['http://localhost:4318', 'http://127.0.0.1:4318', 'http://[::1]:4318'])
      expect(readTelemetrySettings({ enabled: true, endpoint }).problems).toEqual([]);
  });

  it('on without an endpoint is off, saying so; bad values named and left at their defaults', () => {
    const read = readTelemetrySettings({
      enabled: true,
      protocol: 'grpc',
      headerNames: ['bad name'],
      signals: { traces: 'yes' },
      captureContent: 1,
    });
    expect(read.telemetry).toEqual(DEFAULT_TELEMETRY_SETTINGS);
    expect(read.problems).toEqual([
      'telemetry.endpoint: is needed to turn telemetry on',
      'telemetry.protocol: must be one of http/protobuf, http/json',
      expect.stringMatching(/^telemetry.headerNames: "bad name" is not an HTTP header name/),
      'telemetry.signals.traces: must be true or false',
      'telemetry.captureContent: must be true or false',
    ]);
  });
});

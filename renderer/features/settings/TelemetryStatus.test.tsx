// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { TelemetryStatus } from './TelemetryStatus';

afterEach(() => cleanup());
const counts = (dropped: number) => ({ exported: 120, dropped, queued: 3, inflight: 1, capacity: 2048 });

describe('Settings: telemetry', () => {
  it('off says nothing is sent and how it is turned on', () => {
    render(<TelemetryStatus view={{ on: false }} />);
    expect(screen.getByRole('heading', { name: 'Telemetry (OpenTelemetry)' })).toBeTruthy();
    expect(screen.getByText(/Off: nothing is sent/)).toBeTruthy();
  });

  it('on: where each signal goes, and what was sent and lost; a loss said as not local', () => {
    render(
      <TelemetryStatus
        view={{
          on: true,
          from: 'environment',
          captureContent: false,
          serviceName: 'switchboard',
          targets: [
            { signal: 'traces', url: 'https://collector.example/v1/traces', protocol: 'http/protobuf' },
          ],
          spans: counts(7),
          logs: counts(0),
        }}
      />,
    );
    expect(screen.getByText('https://collector.example/v1/traces')).toBeTruthy();
    expect(screen.getByText('Spans: 120 sent, 7 lost, 4 waiting (queue of 2048).')).toBeTruthy();
    expect(screen.getByRole('note').textContent).toMatch(
      /^7 spans were lost: .*Nothing on this computer was lost\.$/,
    );
    expect(screen.getAllByRole('note')).toHaveLength(1);
  });

  it('set by the managed policy: says the person cannot turn it off', () => {
    render(
      <TelemetryStatus
        view={{ on: true, from: 'policy',
          captureContent: false, serviceName: 's', targets: [], spans: counts(0), logs: counts(0) }}
      />,
    );
    expect(screen.getByRole('note').textContent).toBe(
      "Set by your organization's policy: it cannot be turned off here.",
    );
  });
});

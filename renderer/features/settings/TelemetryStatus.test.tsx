// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { TelemetryStatus } from './TelemetryStatus';

afterEach(() => cleanup());
const counts = (dropped: number) => ({ exported: 120, dropped, queued: 3, inflight: 1, capacity: 2048 });

describe('Settings: telemetry', () => {
  it('off says nothing is sent, and what a change of settings cut off', () => {
    render(<TelemetryStatus view={{ on: false, unfinishedAtChange: 2 }} />);
    expect(screen.getByRole('heading', { name: 'Now' })).toBeTruthy();
    expect(screen.getByText(/Off: nothing is sent/)).toBeTruthy();
    expect(screen.getByText(/^2 spans were still open .* they were not sent\.$/)).toBeTruthy();
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

  it('says who set it, and whether content is sent', () => {
    render(
      <TelemetryStatus
        view={{
          on: true,
          from: 'policy',
          captureContent: true,
          serviceName: 's',
          targets: [],
          spans: counts(0),
          logs: counts(0),
        }}
      />,
    );
    expect(
      screen.getByText(/set by your organization's policy — with content: prompts, replies/),
    ).toBeTruthy();
  });
});

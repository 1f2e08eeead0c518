// @vitest-environment happy-dom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, type SettingsView } from '../../../shared/host/settings';
import { DEFAULT_TELEMETRY_SETTINGS } from '../../../shared/host/telemetrySettings';
import type { TelemetryView } from '../../../shared/host/telemetryView';
import { recordingHost, renderWithHost } from '../../test/render';
import { TelemetrySettingsCard } from './TelemetrySettingsCard';

const counts = { exported: 0, dropped: 0, queued: 0, inflight: 0, capacity: 2048 };
const on = (from: 'policy' | 'environment'): TelemetryView => ({
  on: true,
  from,
  captureContent: false,
  serviceName: 'switchboard',
  targets: [{ signal: 'traces', url: 'https://otel.acme.example/v1/traces', protocol: 'http/protobuf' }],
  spans: counts,
  logs: counts,
});
const viewOf = (telemetry: TelemetryView, saved?: SettingsView['settings']['telemetry']): SettingsView => ({
  settings: { ...DEFAULT_SETTINGS, ...(saved ? { telemetry: saved } : {}) },
  providers: [],
  problems: [],
  registry: { url: 'https://registry.example', from: 'default', envName: 'SWITCHBOARD_REGISTRY_URL' },
  telemetry,
  telemetryHeaders: saved?.headerNames.map((name) => ({ name, stored: true })) ?? [],
});

/** Disabled as the browser judges it: itself, or inside a disabled fieldset (how the policy disables the card). */
const disabled = (el: HTMLElement) =>
  (el as HTMLInputElement).disabled || el.closest('fieldset[disabled]') !== null;

describe('Settings → Telemetry', () => {
  it('set by the managed policy: said so, and every control disabled', () => {
    const saved = {
      ...DEFAULT_TELEMETRY_SETTINGS,
      endpoint: 'https://mine.example',
      headerNames: ['x-api-key'],
    };
    renderWithHost(<TelemetrySettingsCard view={viewOf(on('policy'), saved)} onSaved={async () => {}} />);
    expect(screen.getByRole('note').textContent).toMatch(/^Set by your organization: .*cannot be turned off/);
    expect(disabled(screen.getByRole('checkbox', { name: 'Send telemetry' }))).toBe(true);
    expect(disabled(screen.getByRole('textbox', { name: 'OTLP endpoint' }))).toBe(true);
    // The fields show what the policy sends, not the person's own choice; the person's headers are not offered.
    expect((screen.getByRole('checkbox', { name: 'Send telemetry' }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('textbox', { name: 'OTLP endpoint' }) as HTMLInputElement).value).toBe(
      'https://otel.acme.example',
    );
    expect(screen.queryByRole('button', { name: 'Remove x-api-key' })).toBeNull();
    expect(disabled(screen.getByRole('button', { name: 'Save telemetry' }))).toBe(true);
  });

  it("the environment's: shown, and saving here is said to override it", () => {
    renderWithHost(<TelemetrySettingsCard view={viewOf(on('environment'))} onSaved={async () => {}} />);
    expect(screen.getByRole('note').textContent).toMatch(
      /environment .* turned it on .*Saving here overrides/,
    );
    expect(screen.getByText('https://otel.acme.example/v1/traces')).toBeTruthy();
  });

  it('refuses plain http off this computer, saying why; saves a loopback one as typed', async () => {
    const { host, calls } = recordingHost({ getSettings: async () => viewOf({ on: false }) });
    renderWithHost(<TelemetrySettingsCard view={viewOf({ on: false })} onSaved={async () => {}} />, host);
    const endpoint = screen.getByRole('textbox', { name: 'OTLP endpoint' });
    fireEvent.change(endpoint, { target: { value: 'http://collector.example:4318' } });
    expect(screen.getByText(/^Refused: plain http would send the headers/)).toBeTruthy();
    expect(disabled(screen.getByRole('button', { name: 'Save telemetry' }))).toBe(true);
    fireEvent.change(endpoint, { target: { value: 'http://127.0.0.1:4318' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Send telemetry' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save telemetry' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'saveSettings')).toBe(true));
    const saved = calls.find((c) => c.method === 'saveSettings')!.args[0] as SettingsView['settings'];
    expect(saved.telemetry).toEqual({
      ...DEFAULT_TELEMETRY_SETTINGS,
      enabled: true,
      endpoint: 'http://127.0.0.1:4318',
    });
  });
});

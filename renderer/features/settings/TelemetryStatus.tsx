import type { ExportCountsView, TelemetryView } from '../../../shared/host/telemetryView';

/**
 * OpenTelemetry export as it stands: off (nothing leaves this computer), or where each signal goes
 * and what was exported and lost. Read-only: it is configured by the OTEL_* environment the app
 * starts with (docs/telemetry.md); the headers, which may hold a backend's key, are never shown.
 */
export function TelemetryStatus({ view }: { view: TelemetryView }) {
  return (
    <section aria-labelledby="telemetry-title" data-telemetry={view.on ? 'on' : 'off'}>
      <h2 id="telemetry-title">Telemetry (OpenTelemetry)</h2>
      {!view.on ? (
        <p className="muted">
          Off: nothing is sent. It is turned on by the OpenTelemetry environment the app starts with (
          <code>OTEL_EXPORTER_OTLP_ENDPOINT</code> and the other <code>OTEL_*</code> variables).
        </p>
      ) : (
        <>
          {view.from === 'policy' && (
            <p role="note" data-telemetry-from="policy">
              Set by your organization's policy: it cannot be turned off here.
            </p>
          )}
          <p>
            Sending as <code>{view.serviceName}</code> — the names, models, timings and outcomes of what
            servers and models did, never prompts, arguments or results:
          </p>
          <ul>
            {view.targets.map((t) => (
              <li key={t.signal}>
                {t.signal} → <code>{t.url}</code> ({t.protocol})
              </li>
            ))}
          </ul>
          <Counts label="Spans" counts={view.spans} />
          <Counts label="Activity log records" counts={view.logs} />
        </>
      )}
    </section>
  );
}

function Counts({ label, counts }: { label: string; counts: ExportCountsView }) {
  return (
    <>
      <p data-counts={label}>
        {label}: {counts.exported} sent, {counts.dropped} lost, {counts.queued + counts.inflight} waiting
        (queue of {counts.capacity}).
      </p>
      {counts.dropped > 0 && (
        <p className="warning" role="note">
          {counts.dropped} {label.toLowerCase()} were lost: the collector was down, slow or refused them, or
          the queue was full. Nothing on this computer was lost.
        </p>
      )}
    </>
  );
}

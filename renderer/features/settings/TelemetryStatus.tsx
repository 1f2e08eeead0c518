import type { ExportCountsView, TelemetryView } from '../../../shared/host/telemetryView';

const FROM: Record<Exclude<TelemetryView, { on: false }>['from'], string> = {
  policy: "your organization's policy",
  settings: 'these settings',
  environment: 'the OTEL_* environment the app started with',
  host: 'the program that started Switchboard',
};

/**
 * OpenTelemetry export as it stands now (under Settings → Telemetry): off (nothing leaves this
 * computer), or who turned it on, where each signal goes and what was exported and lost — spans a
 * change of settings cut off included. The headers, which may hold a backend's key, are never shown.
 */
export function TelemetryStatus({ view }: { view: TelemetryView }) {
  return (
    <section aria-labelledby="telemetry-status-title" data-telemetry={view.on ? 'on' : 'off'}>
      <h3 id="telemetry-status-title">Now</h3>
      {!view.on ? (
        <p className="muted">Off: nothing is sent.</p>
      ) : (
        <>
          <p>
            Sending as <code>{view.serviceName}</code>, set by {FROM[view.from]} —{' '}
            {view.captureContent
              ? 'with content: prompts, replies, tool arguments and results (redacted, each cut at 16 KiB):'
              : 'the names, models, timings and outcomes of what servers and models did, never prompts, arguments or results:'}
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
      {view.unfinishedAtChange ? (
        <p className="muted" data-unfinished={view.unfinishedAtChange}>
          {view.unfinishedAtChange} spans were still open (a turn, a server's session) when the settings
          changed: they were not sent.
        </p>
      ) : null}
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

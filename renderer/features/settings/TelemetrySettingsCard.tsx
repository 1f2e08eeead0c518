import { Plus, Save, Trash2 } from 'lucide-react';
import { useState } from 'react';
import type { SettingsView } from '../../../shared/host/settings';
import {
  DEFAULT_TELEMETRY_SETTINGS,
  headerNameProblem,
  OTLP_PROTOCOLS,
  type OtlpProtocol,
  otlpEndpointProblem,
  type TelemetrySettings,
} from '../../../shared/host/telemetrySettings';
import type { TelemetryView } from '../../../shared/host/telemetryView';
import { ErrorText } from '../../components/ErrorText';
import { useHost } from '../../components/HostContext';
import { useApp } from '../../state/store';
import { updateSettings } from './settingsWrites';
import { TelemetryStatus } from './TelemetryStatus';

const SIGNAL_LABELS = {
  traces: 'Traces (chat turns, model requests, tool uses, MCP requests)',
  metrics: 'Metrics (durations, token counts)',
  logs: 'The activity record, as log records',
} as const;

/**
 * Settings → Telemetry: where OpenTelemetry goes and what is sent, saved on its own and applied at
 * once. Header values are write-only, like an API key: kept in the secret store for the endpoint's
 * origin, shown only as "stored". When the managed policy sets telemetry, everything here is shown
 * and nothing can be changed.
 */
export function TelemetrySettingsCard({
  view,
  onSaved,
}: {
  view: SettingsView;
  onSaved: () => Promise<void>;
}) {
  const host = useHost();
  const run = useApp((s) => s.run);
  const encrypted = useApp((s) => s.secretsEncrypted);
  const saved = view.settings.telemetry;
  const [edited, setDraft] = useState<TelemetrySettings>(saved ?? DEFAULT_TELEMETRY_SETTINGS);
  const [newName, setNewName] = useState('');
  const [newValue, setNewValue] = useState('');
  const [values, setValues] = useState<Record<string, string>>({});
  const byPolicy = view.telemetry?.on === true && view.telemetry.from === 'policy';
  // Under the policy the controls show what the policy sends (disabled), not the person's own choice.
  const draft = byPolicy && view.telemetry?.on ? asSettings(view.telemetry) : edited;
  const byEnvironment = !saved && view.telemetry?.on === true && view.telemetry.from === 'environment';
  const endpointProblem = !byPolicy && draft.endpoint ? otlpEndpointProblem(draft.endpoint) : undefined;
  const nameProblem = newName ? headerNameProblem(newName) : undefined;
  const duplicate = draft.headerNames.some((n) => n.toLowerCase() === newName.trim().toLowerCase());
  const canSave = !endpointProblem && (!draft.enabled || draft.endpoint !== '');

  const save = (next: TelemetrySettings, then?: () => Promise<void>) =>
    run(async () => {
      await updateSettings(host, (current) => ({ ...current, telemetry: next }));
      await then?.();
      await onSaved();
    });
  const headers = view.telemetryHeaders ?? [];
  const setFlag = (patch: Partial<TelemetrySettings>) => setDraft({ ...edited, ...patch });

  return (
    <section className="card" aria-labelledby="telemetry-settings-title" data-telemetry-settings="">
      <h2 id="telemetry-settings-title">Telemetry (OpenTelemetry)</h2>
      <p className="muted">
        Off by default: nothing leaves this computer until an endpoint is set and sending is turned on. The
        organization's policy comes first, then what is saved here, then the <code>OTEL_*</code> environment
        the app started with.
      </p>
      {byPolicy && (
        <p role="note" className="warning" data-telemetry-from="policy">
          Set by your organization: its policy sends telemetry to its collector, and it cannot be turned off
          or changed here.
        </p>
      )}
      {byEnvironment && (
        <p role="note" data-telemetry-from="environment">
          The <code>OTEL_*</code> environment the app started with turned it on (below). Saving here overrides
          the environment — off included.
        </p>
      )}
      <form
        aria-label="Telemetry"
        onSubmit={(e) => {
          e.preventDefault();
          if (canSave) void save(draft);
        }}
      >
        <fieldset disabled={byPolicy} className="telemetry-form">
          <legend className="sr-only">Telemetry settings</legend>
          <div className="field">
            <label className="check">
              <input
                type="checkbox"
                checked={draft.enabled}
                onChange={(e) => setFlag({ enabled: e.target.checked })}
              />
              Send telemetry
            </label>
          </div>
          <div className="field">
            <label htmlFor="otlp-endpoint">OTLP endpoint</label>
            <input
              id="otlp-endpoint"
              type="url"
              value={draft.endpoint}
              placeholder="https://otel-collector.example.com:4318"
              aria-describedby="otlp-endpoint-desc"
              aria-invalid={endpointProblem ? true : undefined}
              onChange={(e) => setFlag({ endpoint: e.target.value.trim() })}
            />
            <p id="otlp-endpoint-desc" className="field-desc muted">
              The collector's base URL (OTLP over HTTP): each signal goes to <code>/v1/traces</code>,{' '}
              <code>/v1/metrics</code> or <code>/v1/logs</code> under it. https, or plain http to this
              computer only.
            </p>
            {endpointProblem && <ErrorText>Refused: {endpointProblem}</ErrorText>}
            {draft.enabled && !draft.endpoint && (
              <ErrorText>An endpoint is needed to send telemetry.</ErrorText>
            )}
          </div>
          <div className="field">
            <label htmlFor="otlp-protocol">Protocol</label>
            <select
              id="otlp-protocol"
              value={draft.protocol}
              onChange={(e) => setFlag({ protocol: e.target.value as OtlpProtocol })}
            >
              {OTLP_PROTOCOLS.map((p) => (
                <option key={p} value={p}>
                  {p}
                </option>
              ))}
            </select>
          </div>
          <fieldset className="telemetry-signals">
            <legend>What to send</legend>
            {(['traces', 'metrics', 'logs'] as const).map((signal) => (
              <label key={signal} className="check">
                <input
                  type="checkbox"
                  checked={draft.signals[signal]}
                  onChange={(e) => setFlag({ signals: { ...edited.signals, [signal]: e.target.checked } })}
                />
                {SIGNAL_LABELS[signal]}
              </label>
            ))}
            <label className="check">
              <input
                type="checkbox"
                checked={draft.captureContent}
                aria-describedby="capture-content-desc"
                onChange={(e) => setFlag({ captureContent: e.target.checked })}
              />
              Include content: prompts, replies, tool arguments and results
            </label>
            <p id="capture-content-desc" className="field-desc muted">
              Off, only names, models, timings, token counts and outcomes are sent. On, the messages sent to
              the model and its replies, and each tool call's arguments and result, go on the spans too — with
              every stored secret and anything shaped like a key replaced by <code>[redacted]</code>, as in
              the activity record, and each value cut at 16 KiB.
            </p>
          </fieldset>
          <div className="actions">
            <button type="submit" className="primary" disabled={!canSave}>
              <Save aria-hidden="true" />
              Save telemetry
            </button>
          </div>
        </fieldset>
      </form>
      <h3>Headers</h3>
      <p className="muted">
        Sent with every export — an API key for a hosted backend. Each value stays in Switchboard's secret
        store
        {encrypted === false ? ' (a file only you can read, not encrypted)' : ''}, is never shown again, and
        is sent only to the endpoint's address it was entered for.
      </p>
      {byPolicy ? (
        <p className="muted">The policy's headers are its own: they are not shown.</p>
      ) : saved?.endpoint ? (
        <fieldset disabled={byPolicy} className="telemetry-form">
          <legend className="sr-only">Headers</legend>
          <ul className="telemetry-header-list">
            {headers.map(({ name, stored }) => (
              <li key={name} className="row" data-telemetry-header={name}>
                <code>{name}</code>
                <span className="muted" data-header-stored={stored ? 'yes' : 'no'}>
                  {stored ? 'stored' : `no value for ${new URL(saved.endpoint).origin}`}
                </span>
                <input
                  type="password"
                  autoComplete="off"
                  aria-label={`Value of ${name}`}
                  placeholder={stored ? 'Replace the value' : 'Value'}
                  value={values[name] ?? ''}
                  onChange={(e) => setValues({ ...values, [name]: e.target.value })}
                />
                <button
                  type="button"
                  disabled={!values[name]?.trim()}
                  onClick={() =>
                    void run(async () => {
                      await host.call('setTelemetryHeader', name, values[name]!);
                      setValues({ ...values, [name]: '' });
                      await onSaved();
                    })
                  }
                >
                  Save value
                </button>
                <button
                  type="button"
                  aria-label={`Remove ${name}`}
                  onClick={() => {
                    const next = { ...saved, headerNames: saved.headerNames.filter((n) => n !== name) };
                    setDraft({ ...edited, headerNames: next.headerNames });
                    void save(next);
                  }}
                >
                  <Trash2 aria-hidden="true" />
                  Remove
                </button>
              </li>
            ))}
          </ul>
          <form
            className="row"
            aria-label="Add a header"
            onSubmit={(e) => {
              e.preventDefault();
              const name = newName.trim();
              if (!name || nameProblem || duplicate || !newValue.trim()) return;
              const next = { ...saved, headerNames: [...saved.headerNames, name] };
              setDraft({ ...edited, headerNames: next.headerNames });
              void save(next, async () => {
                await host.call('setTelemetryHeader', name, newValue);
                setNewName('');
                setNewValue('');
              });
            }}
          >
            <input
              aria-label="Header name"
              placeholder="Header name (x-api-key)"
              value={newName}
              onChange={(e) => setNewName(e.target.value)}
            />
            <input
              type="password"
              autoComplete="off"
              aria-label="Header value"
              placeholder="Value"
              value={newValue}
              onChange={(e) => setNewValue(e.target.value)}
            />
            <button
              type="submit"
              disabled={!newName.trim() || !!nameProblem || duplicate || !newValue.trim()}
            >
              <Plus aria-hidden="true" />
              Add header
            </button>
          </form>
          {nameProblem && <ErrorText>{nameProblem}</ErrorText>}
          {duplicate && <ErrorText>{`"${newName.trim()}" is already a header.`}</ErrorText>}
        </fieldset>
      ) : (
        <p className="muted">Save an endpoint first: a header's value is kept for the endpoint's address.</p>
      )}
      {view.telemetry && <TelemetryStatus view={view.telemetry} />}
    </section>
  );
}

/** What the policy sends, as the form's fields show it: its collector's base URL, protocol and content capture. */
function asSettings(view: Extract<TelemetryView, { on: true }>): TelemetrySettings {
  const first = view.targets[0];
  const has = (signal: 'traces' | 'metrics' | 'logs') => view.targets.some((t) => t.signal === signal);
  return {
    enabled: true,
    endpoint: first ? first.url.replace(/\/v1\/(traces|metrics|logs)$/, '') : '',
    protocol: (first?.protocol as OtlpProtocol | undefined) ?? 'http/protobuf',
    headerNames: [],
    signals: { traces: has('traces'), metrics: has('metrics'), logs: has('logs') },
    captureContent: view.captureContent,
  };
}

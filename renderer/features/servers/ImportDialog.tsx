import { useState } from 'react';
import type { ImportSource } from '../../../shared/host/serverDraft';
import type { ImportPreviewView } from '../../../shared/ipc/configContract';
import { ErrorText } from '../../components/ErrorText';
import { useHost } from '../../components/HostContext';
import { Modal } from '../../components/Modal';
import { PolicyRefusal } from '../../components/PolicyRefusal';
import { SafeText } from '../../components/SafeText';

const SOURCES: { id: ImportSource; label: string }[] = [
  { id: 'claude-desktop', label: 'Claude Desktop' },
  { id: 'cursor', label: 'Cursor' },
  { id: 'vscode', label: 'VS Code' },
];

/** Import servers from another app: preview what would be added, choose, type any inputs, apply. */
export function ImportDialog({ onClose }: { onClose: () => void }) {
  const host = useHost();
  const [source, setSource] = useState<ImportSource>('claude-desktop');
  const [path, setPath] = useState('');
  const [preview, setPreview] = useState<ImportPreviewView>();
  const [chosen, setChosen] = useState<string[]>([]);
  const [inputs, setInputs] = useState<Record<string, Record<string, string>>>({});
  const [error, setError] = useState<string>();

  const attempt = async (action: () => Promise<void>) => {
    setError(undefined);
    try {
      await action();
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    }
  };
  const load = () =>
    attempt(async () => {
      const p = await host.call('previewImport', source, path.trim() || null);
      setPreview(p);
      // New servers are chosen; one that replaces or repeats a configured server waits to be chosen.
      setChosen(p.servers.filter((s) => !s.exists && !s.sameAs).map((s) => s.name));
      setInputs({});
    });
  const apply = () =>
    attempt(async () => {
      if (!preview) return;
      await host.call('applyImport', preview.planId, { servers: chosen, inputs });
      onClose();
    });

  return (
    <Modal title="Import servers" onEscape={onClose} wide>
      <div className="row">
        <label htmlFor="import-source">From</label>
        <select id="import-source" value={source} onChange={(e) => setSource(e.target.value as ImportSource)}>
          {SOURCES.map((s) => (
            <option key={s.id} value={s.id}>
              {s.label}
            </option>
          ))}
        </select>
        <label htmlFor="import-path">File</label>
        <input
          id="import-path"
          placeholder="its usual place"
          value={path}
          onChange={(e) => setPath(e.target.value)}
        />
        <button type="button" onClick={() => void load()}>
          Preview
        </button>
      </div>
      {preview && (
        <section aria-label="Import preview">
          <p className="muted">
            <SafeText text={preview.path} />: {preview.servers.length} server(s)
          </p>
          {preview.warnings.map((w) => (
            <p key={w} className="warning">
              <SafeText text={w} />
            </p>
          ))}
          <ul className="import-list">
            {preview.servers.map((s) => (
              <li key={s.name}>
                <label className="check">
                  <input
                    type="checkbox"
                    checked={chosen.includes(s.name)}
                    onChange={(e) =>
                      setChosen((c) => (e.target.checked ? [...c, s.name] : c.filter((n) => n !== s.name)))
                    }
                  />
                  <strong>
                    <SafeText text={s.name} />
                  </strong>{' '}
                  <code>
                    <SafeText text={s.target} />
                  </code>
                  {s.exists && <span className="warning-inline"> replaces the server of that name</span>}
                  {s.sameAs && (
                    <span className="warning-inline">
                      {' '}
                      runs the same as <SafeText text={s.sameAs} />, already configured
                    </span>
                  )}
                </label>
                {s.refused && <PolicyRefusal server={s.name} refusal={s.refused} preview />}
                {s.warnings.map((w) => (
                  <p key={w} className="warning">
                    <SafeText text={w} />
                  </p>
                ))}
                {s.cwd && (
                  <p className="muted">
                    in <SafeText text={s.cwd} />
                  </p>
                )}
                <ImportValues server={s} />
                {s.secrets.map((p) =>
                  p.origin === 'found'
                    ? null
                    : (p.inputIds ?? []).map((inputId) => (
                        <div className="field" key={`${p.id}-${inputId}`}>
                          <label htmlFor={`${p.id}-${inputId}`}>
                            {p.field} <SafeText text={p.name} />: <SafeText text={p.description ?? inputId} />
                          </label>
                          <input
                            id={`${p.id}-${inputId}`}
                            type="password"
                            autoComplete="off"
                            value={inputs[p.id]?.[inputId] ?? ''}
                            onChange={(e) =>
                              setInputs((all) => ({
                                ...all,
                                [p.id]: { ...all[p.id], [inputId]: e.target.value },
                              }))
                            }
                          />
                        </div>
                      )),
                )}
              </li>
            ))}
          </ul>
        </section>
      )}
      {error && <ErrorText>{error}</ErrorText>}
      <div className="actions">
        <button type="button" onClick={onClose}>
          Cancel
        </button>
        <button
          type="button"
          className="primary"
          disabled={!preview || chosen.length === 0}
          onClick={() => void apply()}
        >
          Import {chosen.length > 0 ? chosen.length : ''}
        </button>
      </div>
    </Modal>
  );
}

/** Every env variable or header an imported server will send, and where: plain values in full. */
function ImportValues({ server }: { server: ImportPreviewView['servers'][number] }) {
  const remote = server.kind === 'remote';
  if (server.values.length === 0)
    return (
      <p className="muted">
        {remote ? 'Sends no headers of its own.' : 'No environment variables of its own.'}
      </p>
    );
  return (
    <div className="import-values">
      <p className="muted">
        {remote ? (
          <>
            Sends these headers to <SafeText text={server.sendsTo} /> with every request:
          </>
        ) : (
          'Runs with these environment variables:'
        )}
      </p>
      <ul>
        {server.values.map((v) => (
          <li key={`${v.field}-${v.name}`}>
            <code>
              <SafeText text={v.name} />
            </code>{' '}
            {v.secret === 'found' ? (
              <span className="muted">
                a secret value from the file; it moves into Switchboard’s secret store
              </span>
            ) : v.secret === 'input' ? (
              <span className="muted">the value you type below (kept as a secret)</span>
            ) : (
              <>
                ={' '}
                <code>
                  <SafeText text={v.value ?? ''} />
                </code>
              </>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}

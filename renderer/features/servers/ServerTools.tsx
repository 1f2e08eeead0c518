import { useEffect, useState } from 'react';
import type { ToolView } from '../../../shared/ipc/catalogContract';
import type { ApprovalsView } from '../../../shared/ipc/consentContract';
import { useHost } from '../../components/HostContext';
import { revealAsText } from '../../components/revealHidden';
import { SafeText } from '../../components/SafeText';
import { selectToolsListing, selectToolsOf } from '../../state/slices/catalog';
import { useApp } from '../../state/store';
import { ToolRunner } from './ToolRunner';

/**
 * A running server's tools: on/off for the model, always offered (past tool search), run by hand, and
 * the server's approval policy.
 */
export function ServerTools({ server }: { server: string }) {
  const host = useHost();
  const run = useApp((s) => s.run);
  const tools = useApp(selectToolsOf(server));
  const listing = useApp(selectToolsListing(server));
  // The list and its approvals are made only while it is open: fifty closed cards cost their summary.
  const [open, setOpen] = useState(false);
  const [approvals, setApprovals] = useState<ApprovalsView>();
  const [running, setRunning] = useState<ToolView>();
  const consents = useApp((s) => s.consents.length);
  // Approvals change when a consent is answered "always": refresh as the queue moves.
  // biome-ignore lint/correctness/useExhaustiveDependencies: consents is the refresh trigger
  useEffect(() => {
    if (open) void run(async () => setApprovals(await host.call('getApprovals', server)));
  }, [host, run, server, consents, open]);
  const refresh = async () => setApprovals(await host.call('getApprovals', server));

  return (
    <details className="server-tools" onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary>
        {listing
          ? 'Tools (listing…)'
          : `Tools (${tools.filter((t) => t.enabled).length} of ${tools.length} on)`}
      </summary>
      {open && (
        <ul className="tool-list">
          {tools.map((t) => (
            <li key={t.name} data-tool={t.tool}>
              <label className="check" title={t.description ? revealAsText(t.description) : undefined}>
                <input
                  type="checkbox"
                  checked={t.enabled}
                  onChange={(e) =>
                    void run(() => host.call('setToolEnabled', server, t.tool, e.target.checked))
                  }
                />
                <span className="tool-names">
                  <SafeText text={t.title ?? t.tool} />
                  {t.title && t.title !== t.tool && (
                    <code className="muted">
                      {' '}
                      <SafeText text={t.tool} />
                    </code>
                  )}
                </span>
              </label>
              {t.description && (
                <p className="tool-description muted">
                  <SafeText text={t.description} />
                </p>
              )}
              {t.ui?.resourceUri && (
                <span
                  className="chip"
                  title={`Shows a view from the server (${t.ui.resourceUri}) under its card`}
                >
                  has a view
                </span>
              )}
              {t.ui && !t.ui.visibility.includes('model') && (
                <span
                  className="chip"
                  title="The server keeps this tool for its view: never offered to the model"
                >
                  view only
                </span>
              )}
              {t.ui && !t.ui.visibility.includes('app') && (
                <span className="chip" title="The server's views may not call this tool">
                  model only
                </span>
              )}
              {approvals &&
                (approvals.alwaysTools.includes(t.tool) || approvals.serverTools.includes(t.tool)) && (
                  <span className="chip" title="Runs without asking">
                    always allowed
                  </span>
                )}
              <span className="tool-actions">
                {t.enabled && (t.ui?.visibility.includes('model') ?? true) && (
                  <label
                    className="check always-offer small"
                    title="When the model searches the tools instead of receiving them all (tool search, in Settings), this one is still sent in every request"
                  >
                    <input
                      type="checkbox"
                      checked={t.alwaysOffer}
                      aria-label={`Always offer ${revealAsText(t.title ?? t.tool)}`}
                      onChange={(e) =>
                        void run(() => host.call('setToolAlwaysOffer', server, t.tool, e.target.checked))
                      }
                    />
                    always offer
                  </label>
                )}
                <button
                  type="button"
                  aria-label={`Run ${revealAsText(t.title ?? t.tool)}`}
                  onClick={() => setRunning(t)}
                >
                  Run…
                </button>
              </span>
            </li>
          ))}
        </ul>
      )}
      {open && approvals && (
        <div className="approvals">
          <label className="check">
            <input
              type="checkbox"
              checked={approvals.readOnlyAuto}
              onChange={(e) =>
                void run(async () => {
                  await host.call('setReadOnlyPolicy', server, e.target.checked);
                  await refresh();
                })
              }
            />
            Run tools the server marks read-only without asking (the server’s claim, not verified)
          </label>
          <button
            type="button"
            disabled={
              !approvals.readOnlyAuto && approvals.alwaysTools.length + approvals.serverTools.length === 0
            }
            onClick={() =>
              void run(async () => {
                await host.call('revokeApprovals', server);
                await refresh();
              })
            }
          >
            Ask again for everything
          </button>
        </div>
      )}
      {running && <ToolRunner tool={running} onClose={() => setRunning(undefined)} />}
    </details>
  );
}

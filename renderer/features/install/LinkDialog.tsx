import { useEffect, useState } from 'react';
import type { LinkPreviewView } from '../../../shared/host/linkView';
import type { SandboxChoice } from '../../../shared/host/sandboxRules';
import { ErrorText } from '../../components/ErrorText';
import { useHost } from '../../components/HostContext';
import { Modal } from '../../components/Modal';
import { SafeText } from '../../components/SafeText';
import { LinkServerPreview } from './LinkServerPreview';
import { CONFINED } from './SandboxChoiceFields';

type Shown = Extract<LinkPreviewView, { ok: true }>;

/**
 * Servers → Add from link: a pasted (or opened) install link, read by the host into a preview. Nothing
 * is written or started until the person confirms; then the servers are added like hand-added ones (a
 * local command waits for Trust and start on its card). A registry link opens the entry in Browse.
 */
export function LinkDialog({
  initialLink,
  from,
  onClose,
  onAdded,
  onRegistry,
}: {
  initialLink?: string;
  from?: string;
  onClose: () => void;
  onAdded: (servers: string[]) => void;
  onRegistry: (name: string) => void;
}) {
  const host = useHost();
  const [link, setLink] = useState(initialLink ?? '');
  const [preview, setPreview] = useState<Shown>();
  const [typed, setTyped] = useState<Record<string, Record<string, string>>>({});
  const [secret, setSecret] = useState<Record<string, string[]>>({});
  const [sandbox, setSandbox] = useState<Record<string, SandboxChoice>>({});
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  const read = async (text: string) => {
    setError(undefined);
    setPreview(undefined);
    try {
      const p = await host.call('previewLink', { link: text, from: from ?? null });
      if (!p.ok) return setError(p.error);
      setPreview(p);
      setTyped({});
      // Secret-looking values go to the store unless the person says otherwise.
      setSecret(
        Object.fromEntries(
          p.servers.map((s) => [s.name, s.values.filter((v) => v.secretLooking).map((v) => v.name)]),
        ),
      );
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    }
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: an opened link is read once, when the dialog opens
  useEffect(() => {
    if (initialLink) void read(initialLink);
  }, []);

  const confirm = async () => {
    if (!preview) return;
    setError(undefined);
    setBusy(true);
    try {
      // Each local server confined unless the person chose otherwise in its preview.
      const chosen = Object.fromEntries(
        preview.servers.filter((s) => s.kind === 'stdio').map((s) => [s.name, sandbox[s.name] ?? CONFINED]),
      );
      const { servers } = await host.call('confirmLink', preview.planId, {
        values: typed,
        secret,
        sandbox: chosen,
      });
      onAdded(servers);
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
      setBusy(false);
    }
  };

  return (
    <Modal title="Add from link" onEscape={onClose} wide>
      <div className="row link-row">
        <label htmlFor="install-link">Link</label>
        <input
          id="install-link"
          placeholder="vscode:mcp/install?…, cursor://…, switchboard://install?…"
          value={link}
          onChange={(e) => {
            // A changed link is previewed again before anything of it can be added.
            setLink(e.target.value);
            setPreview(undefined);
          }}
        />
        <button type="button" onClick={() => void read(link)}>
          Preview
        </button>
      </div>
      <p className="muted">
        Reads Switchboard, VS Code, Cursor, LM Studio and Goose install links, and the https links README
        buttons use. Nothing is added or run until you confirm.
      </p>
      {preview && (
        <section className="install-preview" aria-label="Link preview">
          <p data-testid="link-origin">
            A {preview.app} install link
            {preview.from && (
              <>
                {' '}
                (<SafeText text={preview.from} />)
              </>
            )}
            .
          </p>
          {preview.warnings.map((w) => (
            <p key={w} className="warning">
              <SafeText text={w} />
            </p>
          ))}
          {preview.registry && (
            <p>
              It names <code>{preview.registry.name}</code>
              {preview.registry.version && <> {preview.registry.version}</>} in the MCP Registry.{' '}
              <button type="button" onClick={() => onRegistry(preview.registry!.name)}>
                Open in Browse
              </button>
            </p>
          )}
          <ul className="import-list">
            {preview.servers.map((s) => (
              <LinkServerPreview
                key={s.name}
                server={s}
                typed={typed[s.name] ?? {}}
                secret={secret[s.name] ?? []}
                onType={(name, value) => {
                  setError(undefined);
                  setTyped((all) => ({ ...all, [s.name]: { ...all[s.name], [name]: value } }));
                }}
                sandbox={sandbox[s.name] ?? CONFINED}
                onSandbox={(choice) => setSandbox((all) => ({ ...all, [s.name]: choice }))}
                onSecret={(name, on) =>
                  setSecret((all) => {
                    const was = (all[s.name] ?? []).filter((n) => n !== name);
                    return { ...all, [s.name]: on ? [...was, name] : was };
                  })
                }
              />
            ))}
          </ul>
        </section>
      )}
      {error && <ErrorText>{error}</ErrorText>}
      <div className="actions">
        <button type="button" onClick={onClose}>
          Cancel
        </button>
        {preview && preview.servers.length > 0 && (
          <button type="button" className="primary" disabled={busy} onClick={() => void confirm()}>
            Add{' '}
            {preview.servers.length === 1 ? preview.servers[0]!.name : `${preview.servers.length} servers`}
          </button>
        )}
      </div>
    </Modal>
  );
}

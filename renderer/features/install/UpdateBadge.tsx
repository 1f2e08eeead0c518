import { useEffect, useState } from 'react';
import type { ServerView } from '../../../shared/host/serverView';
import type { ServerUpdateView } from '../../../shared/host/updateView';
import { useHost } from '../../components/HostContext';
import { SafeText } from '../../components/SafeText';
import { UpdateDialog } from './UpdateDialog';

/** While a card stays on screen it asks again this often (the host answers at most every few seconds). */
const RECHECK_MS = 30 * 60_000;

/**
 * On a server's card: "Update available: 1.0.0 → 1.1.0" with Update…, when the server came from a
 * registry that has a newer version; "could not check" (why in its tooltip) when the registry did not
 * answer; nothing otherwise. Asked when the card appears, when what it runs changes, and now and then.
 */
export function UpdateBadge({ server }: { server: Pick<ServerView, 'id' | 'target'> }) {
  const host = useHost();
  const [update, setUpdate] = useState<ServerUpdateView>({ state: 'none' });
  const [open, setOpen] = useState(false);
  /** Counts the dialog's closings: each asks again (an update taken is then current). */
  const [closed, setClosed] = useState(0);
  const { id, target } = server;
  // biome-ignore lint/correctness/useExhaustiveDependencies: asked again when what the server runs changes, and after the dialog
  useEffect(() => {
    let live = true;
    const ask = () =>
      host.call('checkServerUpdate', id).then(
        (u) => live && setUpdate(u),
        () => live && setUpdate({ state: 'none' }),
      );
    void ask();
    const timer = setInterval(() => void ask(), RECHECK_MS);
    return () => {
      live = false;
      clearInterval(timer);
    };
  }, [host, id, target, closed]);

  return (
    <>
      {update.state === 'unknown' && (
        <p className="muted small" data-update="unknown" title={update.reason}>
          Updates: could not check
        </p>
      )}
      {update.state === 'available' && (
        <p className="update-available" data-update="available">
          <span className="reg-badge reg-update">
            Update available: <SafeText text={update.from} /> → <SafeText text={update.to} />
          </span>{' '}
          <button type="button" onClick={() => setOpen(true)}>
            Update…
          </button>
        </p>
      )}
      {/* In the same place whatever the badge says: once the update is taken the badge goes, the dialog stays. */}
      {open && (
        <UpdateDialog
          server={id}
          onClose={() => {
            setOpen(false);
            setClosed((n) => n + 1);
          }}
        />
      )}
    </>
  );
}

import { useState } from 'react';
import type { ServerView } from '../../../shared/host/serverView';
import { useHost } from '../../components/HostContext';
import { Modal } from '../../components/Modal';
import { useApp } from '../../state/store';
import { LaunchText } from './TrustPrompt';

/**
 * Every server waiting for trust, in one review (an import, a config written by hand, many installs):
 * each launch exactly, each with its own box to leave it out; the ones kept are trusted and started
 * together. What is left out keeps waiting on its card.
 */
export function TrustReview({ waiting, onClose }: { waiting: ServerView[]; onClose: () => void }) {
  const host = useHost();
  const run = useApp((s) => s.run);
  const notify = useApp((s) => s.notify);
  const [left, setLeft] = useState<ReadonlySet<string>>(new Set());
  const chosen = waiting.filter((s) => !left.has(s.id));
  return (
    <Modal title={`Review ${waiting.length} servers`} onEscape={onClose} wide>
      <form
        aria-label="Servers to trust"
        onSubmit={(e) => {
          e.preventDefault();
          void run(async () => {
            const { trusted } = await host.call(
              'trustServers',
              chosen.map((s) => ({ id: s.id, identity: s.trustRequired!.identity })),
            );
            if (trusted.length > 0)
              notify(`Trusted ${trusted.length} server${trusted.length === 1 ? '' : 's'}`);
            onClose();
          });
        }}
      >
        <p>
          These servers have not run before, or what they run changed. Each runs exactly what is shown, as
          you. Untick any you do not want to run now: it keeps waiting on its card.
        </p>
        <ul className="trust-review">
          {waiting.map((s) => (
            <li key={s.id} data-review-server={s.id}>
              <label>
                <input
                  type="checkbox"
                  checked={!left.has(s.id)}
                  onChange={(e) =>
                    setLeft((now) => {
                      const next = new Set(now);
                      if (e.target.checked) next.delete(s.id);
                      else next.add(s.id);
                      return next;
                    })
                  }
                />{' '}
                <strong>{s.id}</strong>
              </label>
              <LaunchText launch={s.trustRequired!} />
            </li>
          ))}
        </ul>
        <div className="actions">
          <button type="submit" className="primary" disabled={chosen.length === 0}>
            {chosen.length === waiting.length
              ? `Trust all ${chosen.length} and start`
              : `Trust ${chosen.length} of ${waiting.length} and start`}
          </button>
          <button type="button" onClick={onClose}>
            Cancel
          </button>
        </div>
      </form>
    </Modal>
  );
}

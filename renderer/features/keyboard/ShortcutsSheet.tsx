import { Modal } from '../../components/Modal';
import { useFocusReturn } from '../../components/useFocusReturn';
import { useApp } from '../../state/store';
import { isMac, keysOn, SHORTCUTS } from './shortcuts';

/** `?` or Ctrl+/ (⌘/): every shortcut, with the keys as this platform writes them. */
export function ShortcutsSheet() {
  const setOverlay = useApp((s) => s.setOverlay);
  const mac = isMac();
  useFocusReturn(true, () => {});
  return (
    <Modal title="Keyboard shortcuts" onEscape={() => setOverlay(undefined)}>
      <div data-keyboard-overlay>
        <table className="shortcuts">
          <thead>
            <tr>
              <th scope="col">Keys</th>
              <th scope="col">Does</th>
            </tr>
          </thead>
          <tbody>
            {SHORTCUTS.map((s) => (
              <tr key={s.id}>
                <td>
                  {s.keys.map((k, i) => (
                    <span key={k}>
                      {i > 0 && ' or '}
                      <kbd>{keysOn(k, mac)}</kbd>
                    </span>
                  ))}
                </td>
                <td>
                  {s.title}
                  {!s.inFields && <span className="muted small"> (not while typing in a field)</span>}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        <p className="muted small">
          Each page and conversation has its own address (<code>/chats/…</code>, <code>/servers</code>,{' '}
          <code>/logs</code>, <code>/settings</code>…): back and forward move between them, and a reload keeps
          the place.
        </p>
        <div className="actions">
          <button type="button" onClick={() => setOverlay(undefined)}>
            Close
          </button>
        </div>
      </div>
    </Modal>
  );
}

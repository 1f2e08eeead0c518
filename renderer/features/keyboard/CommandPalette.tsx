import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useHost } from '../../components/HostContext';
import { Modal } from '../../components/Modal';
import { SafeText } from '../../components/SafeText';
import { useFocusReturn } from '../../components/useFocusReturn';
import { useApp } from '../../state/store';
import { openFromKeyboard, runShortcut } from './keyboardActions';
import { filterItems, type PaletteItem, type PaletteTarget, paletteItems } from './paletteItems';
import { isMac, keysOn } from './shortcuts';

/**
 * Ctrl+K (⌘K): one box to reach any conversation, server, tool or action by typing part of its
 * name. ↑/↓ choose, Enter goes, Escape closes (the focus back where it was). An ARIA combobox over
 * a listbox, as the composer's prompt list is.
 */
export function CommandPalette() {
  const host = useHost();
  const conversations = useApp((s) => s.conversations);
  const servers = useApp((s) => s.servers);
  const tools = useApp((s) => s.catalog.tools);
  const setOverlay = useApp((s) => s.setOverlay);
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const listId = useId();
  const box = useRef<HTMLInputElement>(null);
  const all = useMemo(() => paletteItems(conversations, servers, tools), [conversations, servers, tools]);
  const shown = useMemo(() => filterItems(all, query), [all, query]);
  const chosen = Math.min(active, shown.length - 1);
  const mac = isMac();
  useFocusReturn(true, () => {});
  useEffect(() => box.current?.focus(), []);
  useEffect(() => {
    document.getElementById(`${listId}-${chosen}`)?.scrollIntoView?.({ block: 'nearest' });
  }, [chosen, listId]);

  const go = (target: PaletteTarget) => {
    setOverlay(undefined);
    const state = useApp.getState();
    switch (target.kind) {
      case 'action':
        return runShortcut(target.id, host);
      case 'conversation':
        return openFromKeyboard(host, target.id);
      case 'server':
      case 'tool':
        void state.setPane('servers');
        useApp.setState({
          shownServer:
            target.kind === 'tool' ? { server: target.server, tool: target.tool } : { server: target.server },
        });
        return;
    }
  };

  return (
    <Modal title="Command palette" onEscape={() => setOverlay(undefined)}>
      <div className="palette" data-keyboard-overlay>
        <input
          ref={box}
          type="text"
          role="combobox"
          aria-label="Go to a conversation, server, tool or action"
          aria-expanded={shown.length > 0}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={shown.length > 0 ? `${listId}-${chosen}` : undefined}
          placeholder="Type a conversation, server, tool or action"
          value={query}
          onChange={(e) => {
            setQuery(e.target.value);
            setActive(0);
          }}
          onKeyDown={(e) => {
            const last = shown.length - 1;
            const moves: Record<string, number> = {
              ArrowDown: Math.min(chosen + 1, last),
              ArrowUp: Math.max(chosen - 1, 0),
              PageDown: Math.min(chosen + 8, last),
              PageUp: Math.max(chosen - 8, 0),
            };
            if (e.key in moves) {
              e.preventDefault();
              setActive(moves[e.key]!);
            } else if (e.key === 'Enter') {
              e.preventDefault();
              const item = shown[chosen];
              if (item) go(item.target);
            }
          }}
        />
        <div id={listId} role="listbox" aria-label="Matches" className="palette-list">
          {shown.map((item, i) => (
            <PaletteOption
              key={item.key}
              id={`${listId}-${i}`}
              item={item}
              selected={i === chosen}
              keys={item.keys && keysOn(item.keys, mac)}
              onPick={() => go(item.target)}
              onHover={() => setActive(i)}
            />
          ))}
        </div>
        {shown.length === 0 && (
          <p className="muted" role="status">
            Nothing matches “{query}”.
          </p>
        )}
      </div>
    </Modal>
  );
}

function PaletteOption({
  id,
  item,
  selected,
  keys,
  onPick,
  onHover,
}: {
  id: string;
  item: PaletteItem;
  selected: boolean;
  keys: string | undefined;
  onPick: () => void;
  onHover: () => void;
}) {
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the combobox's box handles the keyboard for the list
    <div
      id={id}
      role="option"
      tabIndex={-1}
      aria-selected={selected}
      className={selected ? 'active' : undefined}
      onMouseDown={(e) => e.preventDefault()}
      onMouseMove={onHover}
      onClick={onPick}
    >
      <span className="palette-group muted small">{item.group}</span>
      <span className="palette-label">
        <SafeText text={item.label} />
      </span>
      {item.detail && (
        <span className="palette-detail muted small">
          <SafeText text={item.detail} />
        </span>
      )}
      {keys && <kbd>{keys}</kbd>}
    </div>
  );
}

import type { ConversationSummary } from '../../../shared/chat/conversation';
import { describeTurns } from '../../../shared/chat/turns';
import type { ServerView } from '../../../shared/host/serverView';
import type { ToolView } from '../../../shared/ipc/catalogContract';
import { SHORTCUTS, type ShortcutId } from './shortcuts';

/** Where a palette entry goes. */
export type PaletteTarget =
  | { kind: 'action'; id: ShortcutId }
  | { kind: 'conversation'; id: string }
  | { kind: 'server'; server: string }
  | { kind: 'tool'; server: string; tool: string };

export interface PaletteItem {
  key: string;
  group: 'Action' | 'Conversation' | 'Server' | 'Tool';
  /** What a server or the person named it: shown as text (SafeText), hidden characters revealed. */
  label: string;
  detail?: string;
  /** The keys that do the same, for an action that has them. */
  keys?: string;
  target: PaletteTarget;
}

/** How many of the newest conversations come before the actions. */
const RECENT = 5;

/** Everything the palette offers, in the order shown before anything is typed. */
export function paletteItems(
  conversations: readonly ConversationSummary[],
  servers: readonly ServerView[],
  tools: readonly ToolView[],
): PaletteItem[] {
  const chats = conversations.map(
    (c): PaletteItem => ({
      key: `conversation ${c.id}`,
      group: 'Conversation',
      label: c.title,
      detail: describeTurns(c.turns),
      target: { kind: 'conversation', id: c.id },
    }),
  );
  // The newest conversations first (what a palette is opened for most), then the actions, then the rest.
  return [
    ...chats.slice(0, RECENT),
    ...SHORTCUTS.filter((s) => s.id !== 'palette').map(
      (s): PaletteItem => ({
        key: `action ${s.id}`,
        group: 'Action',
        label: s.title,
        keys: s.keys.at(-1),
        target: { kind: 'action', id: s.id },
      }),
    ),
    ...chats.slice(RECENT),
    ...servers.map(
      (s): PaletteItem => ({
        key: `server ${s.id}`,
        group: 'Server',
        label: s.id,
        detail: s.state.status,
        target: { kind: 'server', server: s.id },
      }),
    ),
    ...tools.map(
      (t): PaletteItem => ({
        key: `tool ${t.name}`,
        group: 'Tool',
        label: `${t.server} · ${t.title ?? t.tool}`,
        ...(t.description ? { detail: t.description.slice(0, 120) } : {}),
        target: { kind: 'tool', server: t.server, tool: t.tool },
      }),
    ),
  ];
}

/**
 * The entries matching `query`: every word of it somewhere in the entry (its name, detail or kind),
 * those whose name starts with it first, then a word of the name, then anywhere; else in their order.
 */
export function filterItems(items: readonly PaletteItem[], query: string, limit = 50): PaletteItem[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return items.slice(0, limit);
  const scored: { item: PaletteItem; score: number; at: number }[] = [];
  items.forEach((item, at) => {
    const label = item.label.toLowerCase();
    const labelWords = label.split(/[^\p{L}\p{N}]+/u);
    const all = `${label} ${item.detail?.toLowerCase() ?? ''} ${item.group.toLowerCase()}`;
    let score = 0;
    for (const word of words) {
      if (!all.includes(word)) return;
      score += label.startsWith(word)
        ? 0
        : labelWords.some((w) => w.startsWith(word))
          ? 1
          : label.includes(word)
            ? 2
            : 4;
    }
    scored.push({ item, score, at });
  });
  return scored
    .sort((a, b) => a.score - b.score || a.at - b.at)
    .slice(0, limit)
    .map((s) => s.item);
}

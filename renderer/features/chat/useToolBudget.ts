import { useEffect, useMemo } from 'react';
import type { ConversationSettings } from '../../../shared/chat/conversation';
import { isLeftOut, overBudget, toolTokens } from '../../../shared/chat/toolBudget';
import { searchApplies } from '../../../shared/chat/toolSearch';
import type { ToolView } from '../../../shared/ipc/catalogContract';
import { toolsByServer } from '../../state/slices/catalog';
import { useApp } from '../../state/store';
import { useSettingsView } from '../settings/ProviderModelPicker';

/** Tools the model may be offered at all: turned on (Servers page), and not kept for a View. */
const offerable = (t: ToolView) => t.enabled && (t.ui?.visibility.includes('model') ?? true);
const asOffered = (t: ToolView) => ({
  name: t.name,
  ...(t.description ? { description: t.description } : {}),
  inputSchema: t.inputSchema,
});

interface Sums {
  tools: ToolView[];
  on: ToolView[];
  offered: ReturnType<typeof asOffered>[];
  tokens: number;
}

/** The sums of a catalog (kept while it is the window's) for each choice, across the pages' mounts. */
const kept = new WeakMap<readonly ToolView[], Map<string, Sums>>();

function sumsOf(catalog: readonly ToolView[], leaveOut: ConversationSettings['leaveOut']): Sums {
  let byChoice = kept.get(catalog);
  if (!byChoice) {
    byChoice = new Map();
    kept.set(catalog, byChoice);
  }
  // Nothing left out is one choice however it is written (the Tools… panel starts from an empty one).
  const none = !leaveOut || (leaveOut.servers.length === 0 && leaveOut.tools.length === 0);
  const key = none ? 'null' : JSON.stringify(leaveOut);
  let sums = byChoice.get(key);
  if (!sums) {
    // A few choices a catalog: the conversations a person moves between.
    if (byChoice.size >= 20) byChoice.clear();
    const tools = catalog.filter(offerable);
    const on = tools.filter((t) => !isLeftOut(leaveOut, t.server, t.tool));
    const offered = on.map(asOffered);
    sums = { tools, on, offered, tokens: toolTokens(offered) };
    byChoice.set(key, sums);
  }
  return sums;
}

/** What a conversation's tool choice comes to now, against its provider's limit and the person's budget. */
export interface ToolBudgetState {
  /** Every tool that could be offered. */
  tools: ToolView[];
  /** Those the choice leaves in. */
  on: ToolView[];
  tokens: number;
  provider?: { name: string; maxTools?: number };
  /** What is over, said with the numbers; undefined when it fits (or the model searches the tools). */
  over?: string;
  /** The model searches these tools instead of receiving them all (Settings' tool search). */
  searched: boolean;
  /** Settings are read: `over` is the budget in force now, not a guess. */
  known: boolean;
}

/**
 * The tool budget as it is now — the catalog as it is, the Settings as they are when the page opened —
 * for `leaveOut` (default: the conversation's own choice). The same sums as the host's check before a
 * turn (`electron/host/chat/turnRequest.ts`), so what the page says is what sending will meet.
 */
export function useToolBudget(settings: ConversationSettings, leaveOut = settings.leaveOut): ToolBudgetState {
  // Worked out once per catalog and choice, not on every render nor every visit to the page (1,000
  // tools' JSON is counted here).
  const catalog = useApp((s) => s.catalog.tools);
  const { tools, on, offered, tokens } = useMemo(() => sumsOf(catalog, leaveOut), [catalog, leaveOut]);
  const view = useSettingsView();
  const found = view?.providers.find((p) => p.id === (settings.provider ?? view.settings.defaultProvider));
  const provider = found
    ? { name: found.name, ...(found.maxTools !== undefined ? { maxTools: found.maxTools } : {}) }
    : undefined;
  const searched = searchApplies(offered, view?.settings.toolSearch);
  const over = searched
    ? undefined
    : overBudget(
        offered,
        {
          ...(provider?.maxTools !== undefined ? { maxTools: provider.maxTools } : {}),
          ...(view?.settings.toolTokenBudget !== undefined
            ? { maxTokens: view.settings.toolTokenBudget }
            : {}),
        },
        provider?.name ?? 'the provider',
      );
  return {
    tools,
    on,
    tokens,
    searched,
    ...(provider ? { provider } : {}),
    ...(over ? { over } : {}),
    known: view !== undefined,
  };
}

/**
 * The open conversation's sums (and its tools by server) worked out while the page is idle, so that
 * its Tools… panel finds them when it opens: 1,000 tools' JSON is not counted in the click's frame.
 * The catalog is followed without rendering the page again at each change.
 */
export function useToolBudgetWarm(settings: ConversationSettings | undefined): void {
  const open = settings !== undefined;
  const leaveOut = settings?.leaveOut;
  useEffect(() => {
    if (!open || typeof requestIdleCallback !== 'function') return;
    let idle = 0;
    const warm = (catalog: readonly ToolView[]) => {
      cancelIdleCallback(idle);
      idle = requestIdleCallback(() => toolsByServer(sumsOf(catalog, leaveOut).tools, 'conversation tools'));
    };
    warm(useApp.getState().catalog.tools);
    const stop = useApp.subscribe((s, before) => {
      if (s.catalog.tools !== before.catalog.tools) warm(s.catalog.tools);
    });
    return () => {
      stop();
      cancelIdleCallback(idle);
    };
  }, [open, leaveOut]);
}

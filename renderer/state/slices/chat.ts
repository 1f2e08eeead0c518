import type { StateCreator } from 'zustand';
import { assertNever } from '../../../shared/assertNever';
import type {
  ChatError,
  ChatEvent,
  ConversationPage,
  ConversationSummary,
  EarlierTotals,
} from '../../../shared/chat/conversation';
import type { ConversationView } from '../../../shared/ipc/chatContract';
import type { Progress } from '../../../shared/mcp/protocol';
import type { AppState } from '../store';

/** A reply being written: its text so far (by block), the tool uses announced, their progress. */
export interface LiveReply {
  text: Record<number, string>;
  tools: { id: string; name: string }[];
  progress: Record<string, Progress>;
}

interface Attached {
  server: string;
  uri: string;
  label: string;
  /** A skill to load (its SKILL.md's URI), verified by the host when the message is sent. */
  skill?: true;
}

export interface ChatSlice {
  conversations: ConversationSummary[];
  /** The open conversation, as last loaded (messages are appended as they are saved). */
  open: ConversationView | undefined;
  live: Record<string, LiveReply>;
  chatErrors: Record<string, ChatError>;
  /** What the person is typing, per conversation: kept until the message is saved. */
  drafts: Record<string, string>;
  setDraft(id: string, text: string): void;
  /**
   * A message being edited (to send again), by message id: kept here, not in its row — the list
   * lets go of rows scrolled away, and the person may look at another conversation meanwhile.
   */
  edits: Record<string, string>;
  /** `undefined`: the edit is over (sent, or cancelled). */
  setEdit(messageId: string, text: string | undefined): void;
  /**
   * Resolves once the drafts waiting to be kept are with the host (or after a short wait): New chat
   * removes the empty conversations that hold no draft, so one typed in a moment ago must be there first.
   */
  keepDrafts(): Promise<void>;
  /**
   * A conversation on its way to the screen (New chat, or one picked from the list): what is typed
   * meanwhile is its draft (under OPENING_DRAFT), and a message sent meanwhile waits for it — never
   * the conversation still shown.
   */
  opening: Promise<ConversationView> | undefined;
  /** Opens the conversation `make` brings (made or read), carrying over what was typed meanwhile. */
  switchTo(make: () => Promise<ConversationView>): Promise<void>;
  /** Resources to send with the next message of the open conversation (from the composer or the resources page). */
  attachments: Attached[];
  attach(a: Attached): void;
  detach(a: Attached): void;
  applyChatEvent(e: ChatEvent): void;
  /** Older messages of conversation `id`, read from before position `before`, join the open one. */
  addOlderMessages(id: string, before: number, page: ConversationPage & { earlier: EarlierTotals }): void;
}

const empty = (): LiveReply => ({ text: {}, tools: [], progress: {} });

/** The draft of a conversation on its way (ids are UUIDs: never this). */
export const OPENING_DRAFT = ' opening conversation';

export const createChatSlice: StateCreator<AppState, [], [], ChatSlice> = (set, get) => ({
  conversations: [],
  open: undefined,
  live: {},
  chatErrors: {},
  drafts: {},
  setDraft: (id, text) => set((s) => ({ drafts: { ...s.drafts, [id]: text } })),
  edits: {},
  setEdit: (messageId, text) =>
    set((s) => {
      const { [messageId]: _, ...rest } = s.edits;
      return { edits: text === undefined ? rest : { ...rest, [messageId]: text } };
    }),
  keepDrafts: async () => {},
  opening: undefined,
  switchTo: async (make) => {
    const opening = get().keepDrafts().then(make);
    set({ opening });
    // What was typed (and attached) meanwhile: the arriving conversation's draft (after what it held),
    // or, if it could not be had, back to the conversation that stayed open — nothing is lost.
    const typedInto = (s: AppState, id: string | undefined) => {
      const { [OPENING_DRAFT]: typed, ...drafts } = s.drafts;
      if (!typed || !id) return drafts;
      return { ...drafts, [id]: drafts[id]?.trim() ? `${drafts[id]}\n\n${typed}` : typed };
    };
    try {
      const made = await opening;
      // A later switch took over: it opens its own.
      if (get().opening === opening) get().moveFiles(OPENING_DRAFT, made.id);
      set((s) =>
        s.opening === opening ? { open: made, opening: undefined, drafts: typedInto(s, made.id) } : {},
      );
    } catch (error) {
      if (get().opening === opening) get().moveFiles(OPENING_DRAFT, get().open?.id);
      set((s) => (s.opening === opening ? { opening: undefined, drafts: typedInto(s, s.open?.id) } : {}));
      throw error;
    }
  },
  attachments: [],
  attach: (a) =>
    set((s) =>
      // The same URI as a resource and as a skill are two different attachments.
      s.attachments.some((x) => x.server === a.server && x.uri === a.uri && !x.skill === !a.skill)
        ? {}
        : { attachments: [...s.attachments, a] },
    ),
  detach: (a) => set((s) => ({ attachments: s.attachments.filter((x) => x !== a) })),
  addOlderMessages: (id, before, page) =>
    set((s) =>
      // Only where they belong: the same conversation, still starting where they end.
      s.open?.id === id && s.open.from === before && page.from + page.messages.length === before
        ? {
            open: {
              ...s.open,
              messages: [...page.messages, ...s.open.messages],
              from: page.from,
              earlier: page.earlier,
            },
          }
        : {},
    ),
  applyChatEvent: (e) =>
    set((s) => {
      const id = e.conversationId;
      const live = s.live[id] ?? empty();
      switch (e.kind) {
        case 'started': {
          const { [id]: _, ...errors } = s.chatErrors;
          const open = s.open?.id === id ? { ...s.open, replying: true } : s.open;
          if (open?.id === id) delete open.lastError;
          return { live: { ...s.live, [id]: empty() }, chatErrors: errors, open };
        }
        case 'text':
          return {
            live: {
              ...s.live,
              [id]: { ...live, text: { ...live.text, [e.index]: (live.text[e.index] ?? '') + e.text } },
            },
          };
        case 'tool-use':
          return {
            live: { ...s.live, [id]: { ...live, tools: [...live.tools, { id: e.id, name: e.name }] } },
          };
        case 'tool-progress':
          return {
            live: {
              ...s.live,
              [id]: {
                ...live,
                progress: { ...live.progress, [e.toolUseId]: e.progress },
              },
            },
          };
        case 'message':
          // Saved: it joins the conversation, and what was streaming for it starts afresh.
          return {
            live: {
              ...s.live,
              [id]: e.message.role === 'assistant' ? { ...empty(), progress: live.progress } : live,
            },
            open:
              s.open?.id === id
                ? {
                    ...s.open,
                    messages: [...s.open.messages, e.message],
                    messageCount: s.open.messageCount + 1,
                  }
                : s.open,
          };
        case 'truncated':
          return {
            // A cut before the first message held (older pages not read yet): those are read again.
            open:
              s.open?.id === id
                ? {
                    ...s.open,
                    messages: s.open.messages.slice(0, Math.max(0, e.count - s.open.from)),
                    from: Math.min(s.open.from, e.count),
                    messageCount: Math.min(s.open.messageCount, e.count),
                  }
                : s.open,
          };
        case 'error':
          return { chatErrors: { ...s.chatErrors, [id]: e.error } };
        case 'notice':
          queueMicrotask(() => get().notify(e.text));
          return {};
        case 'finished': {
          const { [id]: _, ...rest } = s.live;
          return { live: rest, open: s.open?.id === id ? { ...s.open, replying: false } : s.open };
        }
        default:
          return assertNever(e, 'chat event');
      }
    }),
});

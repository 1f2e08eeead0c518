import { randomUUID } from 'node:crypto';
import { latestOwnMessage } from '../../../shared/chat/context';
import type {
  ChatBlock,
  ChatError,
  ChatEvent,
  ChatMessage,
  Conversation,
  ConversationPage,
  ConversationSettings,
  ConversationSummary,
  EarlierTotals,
} from '../../../shared/chat/conversation';
import type { ViewContext } from '../../../shared/host/appView';
import { runChatTurn } from '../../llm/chatLoop';
import { Emitter } from '../../mcp';
import type { ConversationStore } from '../../store/conversationStore';
import type { DraftStore } from '../../store/draftStore';
import type { SettingsStore } from '../../store/settingsStore';
import type { ToolChoiceStore } from '../../store/toolChoiceStore';
import type { Catalog } from '../catalog/catalog';
import type { AttachedFiles, FileRef } from '../files/attachedFiles';
import type { ModelProviders } from '../models/modelProviders';
import type { ToolInvocations } from '../runs/toolInvocations';
import type { ChatTelemetry } from '../telemetry/chatTelemetry';
import type { ConversationTitler } from './conversationTitler';
import { ConversationTurns } from './conversationTurns';
import { withCutOffReply } from './cutOffReply';
import { exportConversation } from './exportConversation';
import { lastToolChoice, rememberToolChoice } from './lastToolChoice';
import { type Attachment, messageBlocks } from './messageBlocks';
import { messageFiles } from './messageFiles';
import { refusesToolSearch } from './refusesToolSearch';
import { summarise } from './summarise';
import { NEW_TITLE, titleFrom } from './titleFrom';
import { ToolIndex } from './toolIndex';
import { chatCallId, toolUseRunner } from './toolUseRunner';
import { turnFailure } from './turnFailure';
import { turnRequest } from './turnRequest';

/**
 * Conversations with the model: each message saved before anything is sent, each reply streamed to
 * the window and saved when complete, the servers' enabled tools offered under the catalog's names,
 * every tool use through consent. One turn at a time per conversation.
 */
export class ChatService {
  private readonly turns = new ConversationTurns();
  /** Every tool that is on, searchable: kept between turns, only what changed indexed again. */
  private readonly toolIndex = new ToolIndex();
  /**
   * Providers whose API refused its own tool search (a gateway in front of Anthropic without it):
   * they get the host's search instead, until the app starts again.
   */
  private readonly refusedProviderSearch = new Set<string>();
  private readonly eventEmitter = new Emitter<ChatEvent>();
  readonly onEvent = this.eventEmitter.event;
  private readonly listEmitter = new Emitter<void>();
  /** The list of conversations changed (one added, renamed, deleted, or a new message). */
  readonly onListChange = this.listEmitter.event;

  constructor(
    private readonly deps: {
      store: ConversationStore;
      /** What the person is writing in each conversation (the app's; a headless chat keeps none). */
      drafts?: DraftStore;
      providers: Pick<ModelProviders, 'get' | 'defaultId' | 'forConversation' | 'deadlines'>;
      settings: Pick<SettingsStore, 'get'>;
      /** Takes every known secret out of a text (an API may echo the key it refused in its error). */
      redact?: (text: string) => string;
      catalog: Pick<Catalog, 'enabledTools' | 'freshenTools' | 'resolveTool'>;
      tools: Pick<ToolInvocations, 'start' | 'cancel'>;
      /** Files attached to messages (the app's; a headless chat attaches none). */
      files?: Pick<AttachedFiles, 'forMessage' | 'attached' | 'forRequest'>;
      readResource: (server: string, uri: string) => Promise<ChatBlock[]>;
      /** A listed skill loaded (each file verified) as what the model reads; rejects naming what failed. */
      loadSkill: (server: string, uri: string) => Promise<ChatBlock[]>;
      getPrompt: (server: string, name: string, args: Record<string, string>) => Promise<ChatMessage[]>;
      /** The person's last choice of tools by set of servers (the app's; a headless chat keeps none). */
      toolChoices?: Pick<ToolChoiceStore, 'get' | 'remember'>;
      /** What the conversation's Views asked the model to know (MCP Apps), taken for the next message. */
      viewContext?: (conversationId: string) => ViewContext[];
      /** Titles new conversations by their model (the app's; a headless chat's conversation goes with its folder). */
      titler?: ConversationTitler;
      /** Each turn's spans, its model requests' and tool uses' (OpenTelemetry), when configured. */
      telemetry?: Pick<ChatTelemetry, 'turn' | 'observer'>;
    },
  ) {
    deps.titler?.onTitled(() => this.listEmitter.fire());
  }

  list(): Promise<ConversationSummary[]> {
    return this.deps.store.list();
  }
  /**
   * A conversation as saved. One whose last message is the person's, with no reply being written and
   * no saved error, was cut off (the app stopped mid-reply): it says so, and Retry is offered.
   */
  async get(id: string): Promise<Conversation> {
    return withCutOffReply(await this.deps.store.load(id), this.turns.isRunning(id));
  }
  /** The conversation as a window opens it: its newest `count` messages (older ones: `older`). */
  async open(
    id: string,
    count: number,
  ): Promise<Conversation & ConversationPage & { earlier: EarlierTotals }> {
    return withCutOffReply(await this.deps.store.tail(id, count), this.turns.isRunning(id));
  }
  /** Up to `count` messages before position `before`. */
  older(id: string, before: number, count: number) {
    return this.deps.store.page(id, before, count);
  }
  search(query: string) {
    return this.deps.store.search(query);
  }
  isRunning(id: string): boolean {
    return this.turns.isRunning(id);
  }

  /**
   * A new conversation. Earlier ones nobody wrote anything in are removed: New chat never piles them
   * up — but one holding a draft is kept (what the person wrote is never thrown away unsent).
   */
  async create(settings: Partial<ConversationSettings> = {}): Promise<Conversation> {
    for (const c of await this.deps.store.list())
      if (c.messageCount === 0 && !this.turns.isRunning(c.id) && !(await this.deps.drafts?.has(c.id)))
        await this.deps.store.delete(c.id);
    // The default provider and its default model, unless asked otherwise.
    const provider = settings.provider ?? (await this.deps.providers.defaultId());
    const entry = await this.deps.providers.get(provider).catch(() => undefined);
    const leaveOut = settings.leaveOut ?? (entry && (await lastToolChoice(this.deps, entry)));
    const conversation = await this.deps.store.create(randomUUID(), NEW_TITLE, {
      provider,
      ...(entry?.defaultModel ? { model: entry.defaultModel } : {}),
      ...(leaveOut ? { leaveOut } : {}),
      ...settings,
    });
    this.listEmitter.fire();
    return conversation;
  }

  async rename(id: string, title: string): Promise<void> {
    const clean = title.trim().slice(0, 200);
    if (!clean) throw new Error('A title cannot be empty');
    await this.deps.store.rename(id, clean);
    this.listEmitter.fire();
  }

  async delete(id: string): Promise<void> {
    this.stop(id);
    await this.deps.store.delete(id);
    await this.deps.drafts?.delete(id);
    this.listEmitter.fire();
  }

  /** Every conversation's unsent draft, by id (of conversations there are: a save may cross a delete). */
  async drafts(): Promise<Record<string, string>> {
    const all = (await this.deps.drafts?.all()) ?? {};
    const ids = new Set((await this.deps.store.list()).map((c) => c.id));
    return Object.fromEntries(Object.entries(all).filter(([id]) => ids.has(id)));
  }

  /** Keeps what the person is writing in conversation `id` (blank: forgets it). */
  async saveDraft(id: string, text: string): Promise<void> {
    if (!this.deps.drafts) throw new Error('Drafts are not kept here.');
    await this.deps.store.summary(id);
    await this.deps.drafts.set(id, text);
  }

  /** What is being written is written: drafts, titles, and the conversations' heads kept for the next start. */
  async settled(): Promise<void> {
    await this.deps.drafts?.settled();
    await this.deps.titler?.settled();
    await this.deps.store.close();
  }

  async setSettings(id: string, settings: ConversationSettings): Promise<void> {
    const before = (await this.deps.store.load(id)).settings;
    await this.deps.store.setSettings(id, settings);
    await rememberToolChoice(this.deps, before.leaveOut, settings.leaveOut);
  }

  async export(id: string, format: 'markdown' | 'json'): Promise<string> {
    return exportConversation(await this.deps.store.load(id), format);
  }

  /** Saves the person's message, then starts the reply. Resolves once the message is saved. */
  async send(id: string, text: string, attachments: Attachment[] = [], refs: FileRef[] = []): Promise<void> {
    return this.turns.claimed(id, async () => {
      const trimmed = text.trim();
      if (!trimmed && attachments.length === 0 && refs.length === 0) throw new Error('The message is empty');
      const before = await this.deps.store.summary(id);
      const files = await messageFiles(id, refs, this.deps);
      const blocks = await messageBlocks(
        trimmed,
        attachments,
        this.deps,
        () => this.deps.viewContext?.(id) ?? [],
        files,
      );
      await this.save(id, { id: randomUUID(), role: 'user', blocks, at: Date.now() });
      this.deps.files?.attached(id, files);
      // Sent: no longer a draft, whatever happens before the page says so (what it typed since, it keeps).
      await this.deps.drafts?.set(id, '').catch(() => {});
      if (trimmed) await this.nameAfterFirst(before, titleFrom(trimmed.split('\n')[0]!));
      this.listEmitter.fire();
      this.startTurn(id);
    });
  }

  /**
   * A server's prompt: its messages join the conversation as they are (roles kept; text, images and
   * embedded resources), the person's own words after them (in the prompt's last message when that is
   * theirs); if the last is the person's, the model answers.
   */
  async sendPrompt(
    id: string,
    server: string,
    name: string,
    args: Record<string, string>,
    text = '',
  ): Promise<void> {
    return this.turns.claimed(id, async () => {
      const before = await this.deps.store.summary(id);
      const messages = await this.deps.getPrompt(server, name, args);
      if (messages.length === 0) throw new Error(`The prompt ${name} has no messages`);
      const own = text.trim();
      if (own) {
        const last = messages.at(-1)!;
        if (last.role === 'user') last.blocks = [...last.blocks, { type: 'text', text: own }];
        else
          messages.push({
            id: randomUUID(),
            role: 'user',
            blocks: [{ type: 'text', text: own }],
            at: Date.now(),
          });
      }
      for (const m of messages) await this.save(id, m);
      await this.nameAfterFirst(before, `/${name}`);
      this.listEmitter.fire();
      if (messages.at(-1)!.role === 'user') this.startTurn(id);
    });
  }

  /** Runs the turn again on the saved conversation (after an error, or to continue). */
  async retry(id: string): Promise<void> {
    return this.turns.claimed(id, async () => {
      const c = await this.deps.store.load(id);
      if (c.messages.length === 0) throw new Error('Nothing to answer yet');
      // A reply that ended cleanly is regenerated: drop it and answer the message before it again.
      const last = c.messages.at(-1)!;
      if (last.role === 'assistant' && !last.blocks.some((b) => b.type === 'tool_use'))
        await this.truncate(id, c.messages.length - 1);
      this.startTurn(id);
    });
  }

  /**
   * From now on the tool results of earlier turns go to the model as a line saying they were left
   * out (the conversation keeps them, and shows them); then the reply is asked again.
   */
  async leaveOutOldToolResults(id: string): Promise<void> {
    return this.turns.claimed(id, async () => {
      const c = await this.deps.store.load(id);
      const before = latestOwnMessage(c.messages);
      const cut = c.messages.findIndex((m) => m.id === before);
      if (cut <= 0 || !c.messages.slice(0, cut).some((m) => m.blocks.some((b) => b.type === 'tool_result')))
        throw new Error(
          'There are no earlier tool results to leave out: start a new conversation with a summary instead.',
        );
      await this.deps.store.setSettings(id, { ...c.settings, compactBefore: before! });
      this.startTurn(id);
    });
  }

  /**
   * A new conversation carrying this one on: the model writes a summary (of as much of the
   * conversation as fits, earlier tool results left out), and a new conversation with the same
   * settings starts with it — saved as its first message (the person's side, nothing asked of the
   * model yet), so neither a reload nor a New chat loses what the summary cost.
   */
  async continueWithSummary(id: string): Promise<Conversation> {
    const c = await this.deps.store.load(id);
    const { provider, model, name } = await this.deps.providers.forConversation(c.settings);
    const { streamIdleMs } = this.deps.providers.deadlines;
    const summary = await summarise(c, { provider, model, name, streamIdleMs });
    const { compactBefore: _, ...settings } = c.settings;
    const next = await this.deps.store.create(randomUUID(), `${c.title} (continued)`, settings);
    await this.save(next.id, {
      id: randomUUID(),
      role: 'user',
      blocks: [
        { type: 'text', text: `Here is a summary of our earlier conversation "${c.title}":\n\n${summary}` },
      ],
      at: Date.now(),
    });
    this.listEmitter.fire();
    return this.deps.store.load(next.id);
  }

  /** Replaces a message the person wrote (and everything after it), then answers again. */
  async editAndResend(id: string, messageId: string, text: string): Promise<void> {
    return this.turns.claimed(id, async () => {
      const c = await this.deps.store.load(id);
      const index = c.messages.findIndex((m) => m.id === messageId);
      const original = c.messages[index];
      if (original?.role !== 'user' || original.blocks.some((b) => b.type === 'tool_result'))
        throw new Error('Only a message you wrote can be edited');
      await this.truncate(id, index);
      // What was attached stays; only the person's own words are replaced.
      const kept = original.blocks.filter((b) => b.type !== 'text' || b.attachment);
      await this.save(id, {
        id: randomUUID(),
        role: 'user',
        blocks: [...kept, { type: 'text', text: text.trim() }],
        at: Date.now(),
      });
      this.startTurn(id);
    });
  }

  /** Cancels one running tool call on its server; the model is told, and the reply goes on. */
  cancelToolCall(id: string, toolUseId: string): void {
    this.deps.tools.cancel(chatCallId(id, toolUseId), 'Cancelled by the user while it ran.');
  }

  /** Stops the reply: the stream, and every tool call it is running (each server is told). */
  stop(id: string): void {
    this.turns.stop(id);
    this.deps.titler?.cancel(id);
  }

  stopAll(): void {
    this.turns.stopAll();
    this.deps.titler?.cancelAll();
  }

  dispose(): void {
    this.stopAll();
    this.deps.titler?.dispose();
    this.eventEmitter.dispose();
    this.listEmitter.dispose();
  }

  /** A new conversation is named after what started it (its first message, or the prompt used). */
  private async nameAfterFirst(before: ConversationSummary, title: string): Promise<void> {
    if (before.messageCount === 0 && before.title === NEW_TITLE)
      await this.deps.store.rename(before.id, title);
  }

  /** Saves a message, then tells the window (which shows only what is saved). */
  private async save(id: string, message: ChatMessage): Promise<void> {
    await this.deps.store.addMessage(id, message);
    this.eventEmitter.fire({ conversationId: id, kind: 'message', message });
  }

  private async truncate(id: string, count: number): Promise<void> {
    await this.deps.store.truncate(id, count);
    this.eventEmitter.fire({ conversationId: id, kind: 'truncated', count });
  }

  private startTurn(id: string): void {
    const signal = this.turns.begin(id);
    const emit = (e: ChatEvent) => this.eventEmitter.fire(e);
    emit({ conversationId: id, kind: 'started' });
    const traced = this.deps.telemetry;
    void (traced ? traced.turn(id, () => this.turn(id, signal)) : this.turn(id, signal))
      .then(
        ({ stopped }): { stopped: boolean; failure?: ChatError } => ({ stopped }),
        async (error: unknown) => {
          const failure = turnFailure(error, this.deps.redact);
          // Saved, so that Retry is still offered after a restart (a failed save costs only that) —
          // before the turn is said over, so that a Retry at once comes after it in the file.
          await this.deps.store.failTurn(id, failure).catch(() => {});
          return { stopped: false, failure };
        },
      )
      .then(({ stopped, failure }) => {
        // Over before it is said so: whoever hears "finished" may start the next turn at once.
        this.turns.end(id);
        this.listEmitter.fire();
        this.deps.titler?.turnEnded(id, failure ? 'failed' : stopped ? 'stopped' : 'replied');
        if (failure) emit({ conversationId: id, kind: 'error', error: failure });
        emit({ conversationId: id, kind: 'finished', stopped });
      });
  }

  private async turn(id: string, signal: AbortSignal): Promise<{ stopped: boolean }> {
    const conversation = await this.deps.store.load(id);
    const { settings } = conversation;
    const { provider, model, name } = await this.deps.providers.forConversation(settings, signal);
    const providerId = settings.provider ?? (await this.deps.providers.defaultId());
    const providerSearches = provider.searchesTools === true && !this.refusedProviderSearch.has(providerId);
    // A modern server's tool list past its ttlMs is listed again before the model sees it (a few
    // seconds at most: then the last list is used; a stop ends the wait).
    await this.deps.catalog.freshenTools({ signal });
    const { settings: chosen } = await this.deps.settings.get();
    const { tools, history, search, deferred } = turnRequest(
      conversation,
      this.deps.catalog.enabledTools(),
      {
        provider: name,
        model,
        maxTools: provider.maxTools,
        toolTokenBudget: chosen.toolTokenBudget,
        ...(chosen.toolSearch ? { toolSearch: chosen.toolSearch } : {}),
        ...(providerSearches ? { providerSearches: true } : {}),
      },
      this.toolIndex,
    );
    let saved = 0;
    const turn = runChatTurn({
      provider,
      providerName: name,
      idleTimeoutMs: this.deps.providers.deadlines.streamIdleMs,
      model,
      ...(settings.system ? { system: settings.system } : {}),
      maxTokens: settings.maxTokens,
      ...(settings.thinkingBudget ? { thinkingBudget: settings.thinkingBudget } : {}),
      ...(settings.reasoningEffort ? { reasoningEffort: settings.reasoningEffort } : {}),
      history,
      tools,
      ...(await this.deps.files?.forRequest(history).then((files) => (files ? { files } : {}))),
      // Found by any search of the conversation, results left out of the history since or not.
      ...(search ? { toolsFor: (h) => search.toolsFor([...conversation.messages, ...h]) } : {}),
      ...(deferred ? { deferredTools: deferred } : {}),
      signal,
      onEvent: (e) => this.eventEmitter.fire({ conversationId: id, ...e }),
      onMessage: (message: ChatMessage) => {
        saved++;
        return this.save(id, message);
      },
      runTool: toolUseRunner(this.deps, id, settings.leaveOut, search?.index),
      ...(this.deps.telemetry ? { observer: this.deps.telemetry.observer(providerId) } : {}),
    });
    if (!deferred) return turn;
    return turn.catch((error: unknown) => {
      // Its API does not take the tool search (nothing of the turn was kept): the host's search, said once.
      if (saved > 0 || !refusesToolSearch(error)) throw error;
      this.refusedProviderSearch.add(providerId);
      this.eventEmitter.fire({
        conversationId: id,
        kind: 'notice',
        text: `${name} does not take the API's own tool search (“${(error as Error).message.slice(0, 240)}”): Switchboard's own tool search is used with it instead, until the app starts again.`,
      });
      return this.turn(id, signal);
    });
  }
}

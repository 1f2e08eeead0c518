import { durationText, streamWithin, withDeadline } from '../../llm/modelDeadlines';
import { Emitter } from '../../mcp';
import type { ConversationStore } from '../../store/conversationStore';
import type { SettingsStore } from '../../store/settingsStore';
import type { ModelProviders } from '../models/modelProviders';
import { cleanTitle } from './cleanTitle';
import { shouldTitle, type TurnOutcome } from './titleDecision';
import { firstExchange, titleRequest } from './titleRequest';

/** A title that has not come in this long is given up: the conversation keeps its first line. */
const TITLE_TIMEOUT_MS = 60_000;
/** The first messages read to find a conversation's first reply (a longer opening is not titled). */
const OPENING = 20;
/** Of an answer, no more than this is kept: a title is its first few words. */
const ANSWER_CHARS = 2000;

export interface TitlerDeps {
  store: Pick<ConversationStore, 'tail' | 'page' | 'renameIf'>;
  providers: Pick<ModelProviders, 'forConversation' | 'deadlines'>;
  settings: Pick<SettingsStore, 'get'>;
  /** Where a title that could not be had is said (the app log): one line, never a dialog. */
  log: (text: string) => void;
}

/**
 * Titles new conversations by their own model: after a conversation's first reply (`shouldTitle`),
 * one short request, whose answer — cleaned — becomes the title unless the person renamed the
 * conversation meanwhile. Each request is this object's until it ends; Stop and delete cancel it.
 */
export class ConversationTitler {
  /** The title being asked for, by conversation. */
  private readonly asking = new Map<string, AbortController>();
  private readonly work = new Set<Promise<void>>();
  private readonly titledEmitter = new Emitter<string>();
  /** A conversation was titled by its model (its id). */
  readonly onTitled = this.titledEmitter.event;

  constructor(private readonly deps: TitlerDeps) {}

  /** A turn of conversation `id` ended: if it gave the first reply, its title is asked for. */
  turnEnded(id: string, outcome: TurnOutcome): void {
    // Nothing is read after a Stop or an error, nor while this conversation's title is being asked for.
    if (outcome !== 'replied' || this.asking.has(id)) return;
    const controller = new AbortController();
    this.asking.set(id, controller);
    const work = this.title(id, controller.signal).finally(() => {
      if (this.asking.get(id) === controller) this.asking.delete(id);
      this.work.delete(work);
    });
    this.work.add(work);
  }

  /** The person stopped conversation `id`, or deleted it: a title being asked for is given up. */
  cancel(id: string): void {
    this.asking.get(id)?.abort(new Error('Cancelled with the conversation.'));
  }

  cancelAll(): void {
    for (const controller of this.asking.values()) controller.abort(new Error('Switchboard is closing.'));
  }

  /** Resolves once every title being asked for has ended (written, given up or cancelled). */
  async settled(): Promise<void> {
    while (this.work.size > 0) await Promise.all(this.work);
  }

  dispose(): void {
    this.cancelAll();
    this.titledEmitter.dispose();
  }

  private async title(id: string, signal: AbortSignal): Promise<void> {
    let asked: string | undefined;
    try {
      const { settings } = await this.deps.settings.get();
      const now = await this.deps.store.tail(id, 1);
      // The person wrote more than an opening holds: not the first reply (a long conversation's turns read no more).
      if (now.turns.questions >= OPENING) return;
      const opening = (await this.deps.store.page(id, OPENING, OPENING)).messages;
      const ask = shouldTitle({
        enabled: settings.titleWithModel !== false,
        outcome: 'replied',
        title: now.title,
        questions: now.turns.questions,
        opening,
      });
      if (!ask || signal.aborted) return;
      const { provider, model, name } = await this.deps.providers.forConversation(now.settings, signal);
      asked = `${name} (${model})`;
      const request = titleRequest(firstExchange(opening, now.messages.at(-1)), model, now.settings);
      const deadline = withDeadline(signal, TITLE_TIMEOUT_MS);
      let answer = '';
      try {
        for await (const e of streamWithin(
          (s) => provider.stream(request, s),
          deadline.signal,
          this.deps.providers.deadlines.streamIdleMs,
          name,
        ))
          if (e.type === 'text' && answer.length < ANSWER_CHARS) answer += e.text;
      } catch (error) {
        if (!deadline.expired()) throw error;
      } finally {
        deadline.done();
      }
      // A stream cut off may end quietly: what came of it is no title.
      if (signal.aborted) return;
      if (deadline.expired()) throw new Error(`no title came within ${durationText(TITLE_TIMEOUT_MS)}`);
      const title = cleanTitle(answer);
      if (!title) throw new Error('its answer held no title');
      // Only over the name it had when asked: a rename the person made meanwhile stays.
      if (await this.deps.store.renameIf(id, now.title, title)) this.titledEmitter.fire(id);
    } catch (error) {
      if (signal.aborted) return;
      const why = (error instanceof Error ? error.message : String(error)).trim().replace(/[.\s]+$/, '');
      this.deps.log(
        `Conversation ${id} was not titled${asked ? ` by ${asked}` : ''}: ${why}. It keeps its first line as its title.`,
      );
    }
  }
}

import { mkdir, open, readdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import {
  type ChatError,
  type ChatMessage,
  type Conversation,
  type ConversationSettings,
  type ConversationSummary,
  DEFAULT_MAX_TOKENS,
} from '../../shared/chat/conversation';
import { countTurn, countTurns } from '../../shared/chat/turns';

type Line =
  | { t: 'meta'; id: string; title: string; createdAt: number; settings: ConversationSettings }
  | { t: 'message'; message: ChatMessage }
  | { t: 'title'; title: string }
  | { t: 'settings'; settings: ConversationSettings }
  /** Keep only the first `count` messages (edit-and-resend, regenerate). */
  | { t: 'truncate'; count: number }
  /** The turn failed; it stands until the next message or truncation. */
  | { t: 'error'; error: ChatError };

const ID = /^[0-9a-f-]{36}$/;

/**
 * Conversations on disk, one append-only JSON-lines file each: every change is one line added and
 * synced, so killing the app at any moment loses at most the line being written (ignored on load),
 * never anything before it. Nothing is ever rewritten in place.
 */
export class ConversationStore {
  private readonly queues = new Map<string, Promise<void>>();
  /**
   * Every conversation's summary, read once (the first list) and then kept up to date line by line,
   * so that listing after each message does not read every file again.
   */
  private scanning: Promise<Map<string, ConversationSummary>> | undefined;

  constructor(private readonly dir: string) {}

  static inHome(home: string): ConversationStore {
    return new ConversationStore(path.join(home, 'conversations'));
  }

  async create(
    id: string,
    title: string,
    settings: Partial<ConversationSettings> = {},
  ): Promise<Conversation> {
    const createdAt = Date.now();
    const full: ConversationSettings = { maxTokens: DEFAULT_MAX_TOKENS, ...settings };
    await this.append(id, { t: 'meta', id, title, createdAt, settings: full });
    return {
      id,
      title,
      createdAt,
      updatedAt: createdAt,
      messageCount: 0,
      turns: { questions: 0, answers: 0 },
      settings: full,
      messages: [],
    };
  }

  addMessage(id: string, message: ChatMessage): Promise<void> {
    return this.append(id, { t: 'message', message });
  }
  rename(id: string, title: string): Promise<void> {
    return this.append(id, { t: 'title', title });
  }
  /** The turn failed: kept, so that Retry is offered after a restart too, until the next message. */
  failTurn(id: string, error: ChatError): Promise<void> {
    return this.append(id, { t: 'error', error });
  }
  setSettings(id: string, settings: ConversationSettings): Promise<void> {
    return this.append(id, { t: 'settings', settings });
  }
  truncate(id: string, count: number): Promise<void> {
    return this.append(id, { t: 'truncate', count });
  }

  async delete(id: string): Promise<void> {
    await this.file(id).then((f) => rm(f, { force: true }));
    if (this.scanning) (await this.scanning).delete(id);
  }

  async load(id: string): Promise<Conversation> {
    const text = await readFile(await this.file(id), 'utf8').catch((error: NodeJS.ErrnoException) => {
      throw new Error(
        error.code === 'ENOENT'
          ? `No conversation ${id}`
          : `Cannot read conversation ${id}: ${error.message}`,
      );
    });
    let conversation: Conversation | undefined;
    const lines = text.split('\n');
    for (const [i, raw] of lines.entries()) {
      if (!raw.trim()) continue;
      let line: Line;
      try {
        line = JSON.parse(raw) as Line;
      } catch {
        // Only the last line can be half-written (a crash mid-append); anything else is damage.
        if (i >= lines.length - 2) break;
        throw new Error(`Conversation ${id} is damaged at line ${i + 1}`);
      }
      if (line.t === 'meta')
        conversation = {
          id: line.id,
          title: line.title,
          createdAt: line.createdAt,
          updatedAt: line.createdAt,
          messageCount: 0,
          turns: { questions: 0, answers: 0 },
          settings: line.settings,
          messages: [],
        };
      else if (!conversation) throw new Error(`Conversation ${id} has no header`);
      else if (line.t === 'message') {
        conversation.messages.push(line.message);
        conversation.updatedAt = Math.max(conversation.updatedAt, line.message.at);
        delete conversation.lastError;
      } else if (line.t === 'title') conversation.title = line.title;
      else if (line.t === 'settings') conversation.settings = line.settings;
      else if (line.t === 'truncate') {
        conversation.messages.length = Math.min(conversation.messages.length, line.count);
        delete conversation.lastError;
      } else if (line.t === 'error') conversation.lastError = line.error;
    }
    if (!conversation) throw new Error(`Conversation ${id} is empty`);
    conversation.messageCount = conversation.messages.length;
    conversation.turns = countTurns(conversation.messages);
    return conversation;
  }

  /** Every conversation, most recently changed first. Damaged ones are left out, not deleted. */
  async list(): Promise<ConversationSummary[]> {
    const summaries = await this.allSummaries();
    return [...summaries.values()].map((c) => ({ ...c })).sort((a, b) => b.updatedAt - a.updatedAt);
  }

  /** One conversation's summary, without reading its messages. */
  async summary(id: string): Promise<ConversationSummary> {
    await this.file(id);
    const found = (await this.allSummaries()).get(id);
    if (!found) throw new Error(`No conversation ${id}`);
    return { ...found };
  }

  private allSummaries(): Promise<Map<string, ConversationSummary>> {
    this.scanning ??= (async () => {
      const names = await readdir(this.dir).catch(() => [] as string[]);
      const all = await Promise.all(
        names
          .filter((n) => n.endsWith('.jsonl') && ID.test(n.slice(0, -6)))
          .map((n) => this.readSummary(n.slice(0, -6))),
      );
      return new Map(all.filter((c) => c !== undefined).map((c) => [c.id, c]));
    })();
    return this.scanning;
  }

  private readSummary(id: string): Promise<ConversationSummary | undefined> {
    return this.load(id).then(
      ({ messages: _, settings: __, ...summary }) => summary,
      () => undefined,
    );
  }

  /** Conversations whose title or text contains the query (case-insensitive), with a snippet. */
  async search(query: string): Promise<(ConversationSummary & { snippet: string })[]> {
    const needle = query.trim().toLowerCase();
    if (!needle) return [];
    const out: (ConversationSummary & { snippet: string })[] = [];
    for (const summary of await this.list()) {
      const c = await this.load(summary.id).catch(() => undefined);
      if (!c) continue;
      const texts = [
        c.title,
        ...c.messages.flatMap((m) => m.blocks.flatMap((b) => (b.type === 'text' ? [b.text] : []))),
      ];
      const hit = texts.find((t) => t.toLowerCase().includes(needle));
      if (!hit) continue;
      const at = hit.toLowerCase().indexOf(needle);
      out.push({
        ...summary,
        snippet: `${at > 40 ? '…' : ''}${hit.slice(Math.max(0, at - 40), at + needle.length + 60)}`,
      });
    }
    return out;
  }

  private async file(id: string): Promise<string> {
    if (!ID.test(id)) throw new Error(`Not a conversation id: ${JSON.stringify(id)}`);
    return path.join(this.dir, `${id}.jsonl`);
  }

  /** One line, appended and synced; lines of one conversation land in order. */
  private append(id: string, line: Line): Promise<void> {
    const previous = this.queues.get(id) ?? Promise.resolve();
    const next = previous.then(async () => {
      // Summaries read before this line are updated with it; a scan that ran meanwhile may or may
      // not have seen it, so that one summary is read again.
      const scanned = this.scanning ? await this.scanning : undefined;
      await mkdir(this.dir, { recursive: true, mode: 0o700 });
      const handle = await open(await this.file(id), 'a', 0o600);
      try {
        await handle.write(`${JSON.stringify(line)}\n`);
        await handle.datasync();
      } finally {
        await handle.close();
      }
      // A cut (an edit, a retry) changes what was counted: that summary is read again.
      if (scanned && line.t === 'truncate') {
        const fresh = await this.readSummary(id);
        if (fresh) scanned.set(id, fresh);
      } else if (scanned) applyToSummary(scanned, id, line);
      else if (this.scanning) {
        const summaries = await this.scanning;
        const fresh = await this.readSummary(id);
        if (fresh) summaries.set(id, fresh);
      }
    });
    this.queues.set(
      id,
      next.catch(() => {}),
    );
    return next;
  }
}

/** What one appended line changes in the summaries kept in memory (the same rules as `load`). */
function applyToSummary(summaries: Map<string, ConversationSummary>, id: string, line: Line): void {
  if (line.t === 'meta') {
    summaries.set(id, {
      id,
      title: line.title,
      createdAt: line.createdAt,
      updatedAt: line.createdAt,
      messageCount: 0,
      turns: { questions: 0, answers: 0 },
    });
    return;
  }
  const summary = summaries.get(id);
  if (!summary) return;
  if (line.t === 'message') {
    summary.messageCount++;
    countTurn(summary.turns, line.message);
    summary.updatedAt = Math.max(summary.updatedAt, line.message.at);
  } else if (line.t === 'title') summary.title = line.title;
}

import { type FileHandle, mkdir, open, readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import {
  type ChatError,
  type ChatMessage,
  type Conversation,
  type ConversationPage,
  type ConversationSettings,
  type ConversationSummary,
  DEFAULT_MAX_TOKENS,
  type EarlierTotals,
  noConversation,
} from '../../shared/chat/conversation';
import {
  ConversationHead,
  type Line,
  parseLines,
  type SavedHead,
  TAIL_BYTES,
  TORN_LINE,
} from './conversationHead';
import { ConversationIndex, searchableText } from './conversationIndex';
import { readHeads, writeHeads } from './headsFile';

const ID = /^[0-9a-f-]{36}$/;

/**
 * Conversations on disk, one append-only JSON-lines file each: every change is one line added and
 * synced, so killing the app at any moment loses at most the line being written (ignored on load),
 * never anything before it. Nothing is ever rewritten in place.
 */
export class ConversationStore {
  private readonly queues = new Map<string, Promise<unknown>>();
  /** Every conversation read so far, without its messages (see ConversationHead). */
  private readonly heads = new Map<string, ConversationHead>();
  private scanning: Promise<void> | undefined;
  /** Built by the first search (each file read once more), then kept line by line like the heads. */
  private index: ConversationIndex | undefined;
  private indexing: Promise<ConversationIndex> | undefined;

  /**
   * The heads kept for the next launch (headsFile.ts): written once, at close, when anything was read
   * or written since the kept ones (never on the way of a message; a crash leaves the last kept ones,
   * which the next start catches up from).
   */
  private readonly headsPath: string;
  private headsChanged = false;
  private keptHeads: Promise<Map<string, SavedHead>> | undefined;

  constructor(private readonly dir: string) {
    this.headsPath = path.join(dir, 'heads.json');
  }

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
  /**
   * Renames only a conversation still called `from`, in the same step as the check (a rename the
   * person made meanwhile stays). Resolves whether it was renamed.
   */
  renameIf(id: string, from: string, title: string): Promise<boolean> {
    return this.queued(id, async () => {
      if ((await this.catchUp(id)).title !== from) return false;
      await this.write(id, { t: 'title', title });
      return true;
    });
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
    const file = await this.file(id);
    await this.queued(id, async () => {
      await rm(file, { force: true });
      this.heads.delete(id);
      this.index?.drop(id);
      this.headsChanged = true;
    });
  }

  /** The whole conversation: every message (a turn sends them all to the model). */
  async load(id: string): Promise<Conversation> {
    const head = await this.fresh(id);
    // As the head is now: an append while the messages are read is not half in it.
    const now = { ...head.summary(), settings: head.settings, ...lastError(head) };
    return { ...now, messages: await this.read(head, 0, now.messageCount) };
  }

  /**
   * The newest `count` messages and what comes before them, read from their own bytes: the same
   * cost at any length (older pages: `page`).
   */
  async tail(
    id: string,
    count: number,
  ): Promise<Conversation & ConversationPage & { earlier: EarlierTotals }> {
    const head = await this.fresh(id);
    const now = { ...head.summary(), settings: head.settings, ...lastError(head) };
    const from = Math.max(0, now.messageCount - count);
    const earlier = head.before(from);
    return { ...now, messages: await this.read(head, from, now.messageCount), from, earlier };
  }

  /** Up to `count` messages before position `before`, and what the ones before those add up to. */
  async page(
    id: string,
    before: number,
    count: number,
  ): Promise<ConversationPage & { earlier: EarlierTotals }> {
    const head = await this.fresh(id);
    const to = Math.min(before, head.messageCount);
    const from = Math.max(0, to - count);
    const earlier = head.before(from);
    return { from, messages: await this.read(head, from, to), earlier };
  }

  /** Every conversation, most recently changed first. Damaged ones are left out, not deleted. */
  async list(): Promise<ConversationSummary[]> {
    await this.scan();
    return [...this.heads.values()].map((h) => h.summary()).sort((a, b) => b.updatedAt - a.updatedAt);
  }

  /** One conversation's summary, without reading its messages. */
  async summary(id: string): Promise<ConversationSummary> {
    return (await this.fresh(id)).summary();
  }

  /**
   * The first list: every conversation's head — as the last launch kept it and caught up, or read
   * from its file — then each kept up to date line by line.
   */
  private scan(): Promise<void> {
    this.scanning ??= (async () => {
      const names = await readdir(this.dir).catch(() => [] as string[]);
      const ids = names
        .filter((n) => n.endsWith('.jsonl') && ID.test(n.slice(0, -6)))
        .map((n) => n.slice(0, -6));
      // Kept heads of files gone since: written again without them.
      if ((await this.kept()).size !== ids.length) this.headsChanged = true;
      await Promise.all(ids.map((id) => this.fresh(id).catch(() => undefined)));
    })();
    return this.scanning;
  }

  /** The heads the last launch kept, read once (see headsFile.ts); each is taken at most once. */
  private kept(): Promise<Map<string, SavedHead>> {
    this.keptHeads ??= readHeads(this.headsPath);
    return this.keptHeads;
  }

  /** Whether a kept head's file still holds the bytes the head ended on (appended to since, or not). */
  private async stillHolds(saved: SavedHead): Promise<boolean> {
    const tail = Buffer.from(saved.tail, 'base64');
    if (saved.size < tail.length) return false;
    const bytes = await this.bytes(saved.id, saved.size - tail.length, saved.size).catch(() => undefined);
    return bytes?.equals(tail) === true;
  }

  /** Writes the heads for the next launch if they changed (the app is closing). A cache: a failure costs only time. */
  async close(): Promise<void> {
    if (!this.headsChanged) return;
    this.headsChanged = false;
    await writeHeads(this.headsPath, this.heads.values()).catch(() => undefined);
  }

  /** Messages [from, to) of `head`'s conversation, read from their byte range alone. */
  private async read(head: ConversationHead, from: number, to: number): Promise<ChatMessage[]> {
    const range = head.range(from, to);
    if (!range) return [];
    const bytes = await this.bytes(head.id, range.start, range.end);
    const wanted = new Set(range.offsets);
    const messages: ChatMessage[] = [];
    for (const { line, offset } of parseLines(head.id, bytes, range.start, 0).entries)
      if (line.t === 'message' && wanted.has(offset)) messages.push(line.message);
    if (messages.length !== range.offsets.length)
      throw new Error(`Conversation ${head.id} changed on disk while it was read; open it again`);
    return messages;
  }

  private async bytes(id: string, start: number, end: number): Promise<Buffer> {
    const handle = await open(await this.file(id), 'r').catch((error: NodeJS.ErrnoException) => {
      throw cannotRead(id, error);
    });
    try {
      const buffer = Buffer.alloc(end - start);
      let got = 0;
      while (got < buffer.length) {
        const { bytesRead } = await handle.read(buffer, got, buffer.length - got, start + got);
        if (bytesRead === 0) break;
        got += bytesRead;
      }
      return buffer.subarray(0, got);
    } finally {
      await handle.close();
    }
  }

  /**
   * The conversation's head, caught up with its file: lines another process appended are read (only
   * those); a file that shrank or was replaced is read again whole. In the conversation's queue, so
   * that it never crosses one of this store's own appends.
   */
  private fresh(id: string): Promise<ConversationHead> {
    return this.queued(id, () => this.catchUp(id));
  }

  private async catchUp(id: string): Promise<ConversationHead> {
    if (!this.heads.has(id)) {
      // Its head as the last launch kept it, if its file still ends where that head did.
      const kept = await this.kept();
      const saved = kept.get(id);
      kept.delete(id);
      if (saved && (await this.stillHolds(saved)))
        try {
          this.heads.set(id, ConversationHead.fromSaved(saved));
        } catch {
          // Not read back: its file is read instead.
        }
    }
    const size = await stat(await this.file(id)).then(
      (s) => s.size,
      (error: NodeJS.ErrnoException) => {
        this.heads.delete(id);
        throw cannotRead(id, error);
      },
    );
    const known = this.heads.get(id);
    if (known && size === known.size) return known;
    const fromStart = !known || size < known.size;
    const base = fromStart ? 0 : known.size;
    const bytes = await this.bytes(id, base, size);
    const parsed = parseLines(id, bytes, base, fromStart ? 0 : known.lines);
    let head = fromStart ? undefined : known;
    // The index follows what it has taken in; a file read from its start is taken in again.
    const indexed = this.index?.has(id) ? this.index : undefined;
    if (fromStart) indexed?.drop(id);
    for (const { line, offset } of parsed.entries) {
      if (!head) {
        if (line.t !== 'meta') throw new Error(`Conversation ${id} has no header`);
        head = new ConversationHead(id, line);
      }
      head.apply(line, offset);
      indexed?.take(id, line);
    }
    if (!head) throw new Error(`Conversation ${id} is empty`);
    head.tail = lastBytes(fromStart ? Buffer.alloc(0) : head.tail, bytes.subarray(0, parsed.end - base));
    head.size = parsed.end;
    head.lines = parsed.lines;
    head.unterminated = parsed.unterminated;
    this.heads.set(id, head);
    this.headsChanged = true;
    return head;
  }

  /**
   * Conversations holding every word of the query (a word's start is enough; case-insensitive) in
   * their title or text, most recently changed first, each with a snippet of its best match. Runs on
   * the index (`ConversationIndex`) and reads only the matched messages; lines other processes
   * appended are caught up first.
   */
  async search(query: string): Promise<(ConversationSummary & { snippet: string })[]> {
    if (!query.trim()) return [];
    const index = await this.indexAll();
    await Promise.all([...this.heads.keys()].map((id) => this.fresh(id).catch(() => undefined)));
    const out: (ConversationSummary & { snippet: string })[] = [];
    for (const hit of index.search(query)) {
      const head = this.heads.get(hit.conversation);
      if (!head) continue;
      const text =
        hit.at < 0
          ? head.title
          : await this.read(head, hit.at, hit.at + 1).then(
              ([m]) => (m ? searchableText(m) : ''),
              () => '',
            );
      out.push({ ...head.summary(), snippet: snippetOf(text, hit.terms) });
    }
    return out.sort((a, b) => b.updatedAt - a.updatedAt);
  }

  /**
   * The index, built on the first search: every conversation's file read once more, each in its own
   * queue (an append waits, then is taken in line by line like the heads).
   */
  private indexAll(): Promise<ConversationIndex> {
    this.indexing ??= (async () => {
      await this.scan();
      const index = new ConversationIndex();
      this.index = index;
      await Promise.all(
        [...this.heads.keys()].map((id) =>
          this.queued(id, async () => {
            const head = await this.catchUp(id);
            if (index.has(id)) return;
            for (const { line } of parseLines(id, await this.bytes(id, 0, head.size), 0, 0).entries)
              index.take(id, line);
          }).catch(() => undefined),
        ),
      );
      return index;
    })();
    return this.indexing;
  }

  private async file(id: string): Promise<string> {
    if (!ID.test(id)) throw new Error(`Not a conversation id: ${JSON.stringify(id)}`);
    return path.join(this.dir, `${id}.jsonl`);
  }

  /**
   * One line, appended and synced; lines of one conversation land in order. A line a crash cut off
   * before it is closed first and marked torn, so that it never runs into this one.
   */
  private append(id: string, line: Line): Promise<void> {
    return this.queued(id, () => this.write(id, line));
  }

  /** `append`'s work, for a task already in the conversation's queue. */
  private async write(id: string, line: Line): Promise<void> {
    await mkdir(this.dir, { recursive: true, mode: 0o700 });
    const head = line.t === 'meta' ? undefined : await this.catchUp(id);
    const handle = await open(await this.file(id), 'a+', 0o600);
    try {
      const size = (await handle.stat()).size;
      const before = head ? await closing(handle, head, size) : '';
      const text = `${JSON.stringify(line)}\n`;
      await handle.write(before + text);
      await handle.datasync();
      const offset = size + Buffer.byteLength(before);
      const taken = head ?? (line.t === 'meta' ? new ConversationHead(id, line) : undefined);
      if (!taken) return;
      taken.apply(line, offset);
      if (this.index && (line.t === 'meta' || this.index.has(id))) this.index.take(id, line);
      taken.size = offset + Buffer.byteLength(text);
      taken.tail = lastBytes(taken.tail, Buffer.from(before + text));
      taken.lines += before.includes(TORN_LINE) ? 3 : 1;
      taken.unterminated = false;
      this.heads.set(id, taken);
      this.headsChanged = true;
    } finally {
      await handle.close();
    }
  }

  /** Runs `task` after everything queued for conversation `id` (appends, catching up). */
  private queued<T>(id: string, task: () => Promise<T>): Promise<T> {
    const next = (this.queues.get(id) ?? Promise.resolve()).then(task);
    this.queues.set(
      id,
      next.catch(() => {}),
    );
    return next;
  }
}

/** What goes before a line appended after `head`: a newline, or the torn marker after a cut-off line. */
async function closing(handle: FileHandle, head: ConversationHead, size: number): Promise<string> {
  if (size === head.size) return head.unterminated ? '\n' : '';
  const last = Buffer.alloc(1);
  await handle.read(last, 0, 1, size - 1);
  return `${last[0] === 10 ? '' : '\n'}${TORN_LINE}\n`;
}

/** Some 100 characters of `text` around the first of the matched `terms` (its start when none is found). */
function snippetOf(text: string, terms: readonly string[]): string {
  const lower = text.toLowerCase();
  let at = -1;
  let length = 0;
  for (const term of terms) {
    const i = lower.indexOf(term.toLowerCase());
    if (i >= 0 && (at < 0 || i < at)) {
      at = i;
      length = term.length;
    }
  }
  if (at < 0) return text.slice(0, 100);
  return `${at > 40 ? '…' : ''}${text.slice(Math.max(0, at - 40), at + length + 60)}`;
}

/** The last TAIL_BYTES of `before` followed by `added` (a copy: never a view holding a whole file's bytes). */
const lastBytes = (before: Buffer, added: Buffer): Buffer => {
  const kept =
    added.length >= TAIL_BYTES
      ? added.subarray(-TAIL_BYTES)
      : Buffer.concat([before, added]).subarray(-TAIL_BYTES);
  return Buffer.from(kept);
};

const lastError = (head: ConversationHead) => (head.lastError ? { lastError: head.lastError } : {});

function cannotRead(id: string, error: NodeJS.ErrnoException): Error {
  return new Error(
    error.code === 'ENOENT' ? noConversation(id) : `Cannot read conversation ${id}: ${error.message}`,
  );
}

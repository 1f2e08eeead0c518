import MiniSearch from 'minisearch';
import type { ChatMessage } from '../../shared/chat/conversation';
import type { Line } from './conversationHead';

/** One searchable text: a conversation's title (`at` -1) or the text of its message at position `at`. */
interface Doc {
  id: string;
  conversation: string;
  at: number;
  text: string;
}

/** A conversation's best match: where it is (`at` -1: the title) and the words of the text that matched. */
export interface IndexHit {
  conversation: string;
  at: number;
  terms: string[];
}

/** The text of a message a person searches: what was written and answered, and the names of files attached; not tool calls. */
export const searchableText = (m: ChatMessage): string =>
  m.blocks.flatMap((b) => (b.type === 'text' ? [b.text] : b.type === 'file' ? [b.file.name] : [])).join('\n');

const docId = (conversation: string, at: number) => `${conversation}:${at}`;

/**
 * A full-text index over conversations (titles and messages' text; MiniSearch): search reads the
 * index, then only the messages that matched. It takes a conversation's lines in the order of its file
 * and follows the rules every reader follows (a cut drops the messages after it; a second header starts
 * over), so it says what a full read would.
 */
export class ConversationIndex {
  private readonly index = new MiniSearch<Doc>({
    fields: ['text'],
    storeFields: ['conversation', 'at'],
    searchOptions: { prefix: true, combineWith: 'AND' },
  });
  /** Messages indexed per conversation (positions 0 … n-1), and whether its title is. */
  private readonly counts = new Map<string, number>();

  /** The conversations taken in so far (only those are kept up to date). */
  has(conversation: string): boolean {
    return this.counts.has(conversation);
  }

  /** The next line of `conversation`'s file. */
  take(conversation: string, line: Line): void {
    switch (line.t) {
      case 'meta':
        this.drop(conversation);
        this.counts.set(conversation, 0);
        this.setTitle(conversation, line.title);
        return;
      case 'title':
        this.setTitle(conversation, line.title);
        return;
      case 'message': {
        const at = this.counts.get(conversation) ?? 0;
        this.counts.set(conversation, at + 1);
        const text = searchableText(line.message);
        if (text) this.index.add({ id: docId(conversation, at), conversation, at, text });
        return;
      }
      case 'truncate': {
        const count = this.counts.get(conversation) ?? 0;
        for (let at = line.count; at < count; at++) this.discard(docId(conversation, at));
        this.counts.set(conversation, Math.min(count, line.count));
        return;
      }
      default:
        return;
    }
  }

  /** Everything of `conversation` leaves the index (deleted, or read again from its start). */
  drop(conversation: string): void {
    const count = this.counts.get(conversation);
    if (count === undefined) return;
    for (let at = -1; at < count; at++) this.discard(docId(conversation, at));
    this.counts.delete(conversation);
  }

  /** Each conversation holding every word of `query` (a word's start is enough), with its best match. */
  search(query: string): IndexHit[] {
    const best = new Map<string, IndexHit & { score: number }>();
    for (const r of this.index.search(query)) {
      const conversation = r.conversation as string;
      const known = best.get(conversation);
      if (!known || r.score > known.score)
        best.set(conversation, { conversation, at: r.at as number, terms: r.terms, score: r.score });
    }
    return [...best.values()].map(({ score: _, ...hit }) => hit);
  }

  private setTitle(conversation: string, title: string): void {
    const id = docId(conversation, -1);
    this.discard(id);
    if (title) this.index.add({ id, conversation, at: -1, text: title });
  }

  private discard(id: string): void {
    if (this.index.has(id)) this.index.discard(id);
  }
}

import MiniSearch from 'minisearch';
import type { ActivityEntry } from '../../../shared/host/activity';
import { searchText } from './activityQuery';

const tokenize = MiniSearch.getDefault('tokenize') as (text: string) => string[];
const processTerm = MiniSearch.getDefault('processTerm') as (term: string) => string | null | undefined;
/** Entries indexed between two turns of the event loop (about 10 ms of work). */
const SLICE = 500;
/**
 * Entries per index. One index for the whole record made the maps of words every entry holds grow
 * together, past 65,536 entries at once in one slice (a pause of 180 ms); indexes of this size never do.
 */
const SHARD = 16 * SLICE;

/**
 * The words of the record, indexed by MiniSearch (its tokenizer, its index, its prefix lookup): which
 * entries hold every word of a search, each word matched whole or by its start.
 *
 * The record is shown newest first, never by relevance, so MiniSearch's scores are not wanted: each word
 * is looked up on its own and the entries it reaches are marked as MiniSearch visits them (`boostDocument`
 * returning 0 skips a result, as its documentation says), never turned into scored results. Scoring made
 * an object per hit — at 100,000 entries, a common word's 20,000 of them, most of a search's time.
 * The record is indexed in consecutive parts of `SHARD` entries, one MiniSearch each.
 */
/**
 * What a search reads of an entry. A line that parsed as an entry but lacks what its kind holds (edited
 * by hand) is found by its kind: the page shows it, the index does not stop at it.
 */
function wordsOf(e: ActivityEntry): string {
  try {
    return searchText(e);
  } catch {
    return String(e.kind);
  }
}

export class ActivitySearch {
  private readonly shards: MiniSearch<{ id: number; text: string }>[] = [];
  private indexed = 0;
  private building: Promise<void> = Promise.resolve();
  private stopped = false;

  /**
   * Indexes the entries from the last one indexed on (the record only grows; a new search is made when
   * it is read again), a slice at a time so the process goes on answering meanwhile (100,000 entries
   * take about two seconds). Resolves once they all are.
   */
  add(entries: readonly ActivityEntry[]): Promise<void> {
    const next = this.building.then(async () => {
      while (this.indexed < entries.length && !this.stopped) {
        // A slice never crosses into the next part: each part starts a new index at its first entry.
        const part = Math.floor(this.indexed / SHARD);
        const end = Math.min(entries.length, this.indexed + SLICE, (part + 1) * SHARD);
        if (this.shards.length === part) this.shards.push(new MiniSearch({ fields: ['text'] }));
        this.shards
          .at(-1)!
          .addAll(
            entries.slice(this.indexed, end).map((e, i) => ({ id: this.indexed + i, text: wordsOf(e) })),
          );
        this.indexed = end;
        if (end < entries.length) await new Promise((resolve) => setImmediate(resolve));
      }
    });
    // One that failed is its caller's to say; the next goes on from where it stopped.
    this.building = next.catch(() => undefined);
    return next;
  }

  /** How many indexes the record is in (one per `SHARD` entries). */
  get parts(): number {
    return this.shards.length;
  }

  /** Indexes nothing more (the record was read again: its positions are not these). */
  stop(): void {
    this.stopped = true;
  }

  /** Whether the entry at each position indexed holds every word of `search` (none when it has no words). */
  matches(search: string): (position: number) => boolean {
    const words = [
      ...new Set(
        tokenize(search)
          .map((t) => processTerm(t))
          .filter((t): t is string => !!t),
      ),
    ];
    if (words.length === 0) return () => false;
    // How many of the words, in order, each entry has held so far: an entry counts a word once,
    // however many of its terms start with it.
    const held = new Uint32Array(this.indexed);
    words.forEach((word, w) => {
      const mark = (position: number) => {
        if (held[position] === w) held[position] = w + 1;
        return 0;
      };
      for (const shard of this.shards) shard.search(word, { prefix: true, boostDocument: mark });
    });
    const all = words.length;
    return (position) => held[position] === all;
  }
}

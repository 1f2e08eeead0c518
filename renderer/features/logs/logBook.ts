import type { LogEntry } from '../../../shared/host/serverView';
import { filterLogs, type LogFilter } from './logFilter';

/**
 * A list that only grows at its end and loses its oldest items past a cap, without copying what it
 * keeps: items are pushed, the front moves forward, and the array is compacted only once the dropped
 * part outgrows the kept part (each item moved at most once on average).
 */
class Window<T> {
  private items: T[] = [];
  private start = 0;

  get length(): number {
    return this.items.length - this.start;
  }
  at(i: number): T | undefined {
    return this.items[this.start + i];
  }
  push(batch: readonly T[]): void {
    for (const item of batch) this.items.push(item);
  }
  /** Drops the oldest items until at most `max` remain; returns how many went. */
  keepLast(max: number): number {
    const excess = this.length - max;
    if (excess <= 0) return 0;
    this.dropFirst(excess);
    return excess;
  }
  /** Drops the oldest items while `old` says so. */
  dropWhile(old: (item: T) => boolean): void {
    let n = 0;
    while (n < this.length && old(this.items[this.start + n]!)) n++;
    if (n > 0) this.dropFirst(n);
  }
  toArray(): T[] {
    return this.items.slice(this.start);
  }
  clear(): void {
    this.items = [];
    this.start = 0;
  }
  private dropFirst(n: number): void {
    this.start += n;
    if (this.start > this.items.length - this.start) {
      this.items = this.items.slice(this.start);
      this.start = 0;
    }
  }
}

/**
 * The log entries the page holds (the newest `max`), and how many it let go of: the store keeps this
 * one object and a version number that changes with it, so an arriving batch costs its own size, not
 * a copy of the 100,000 entries before it.
 */
export class LogBook {
  private readonly entries = new Window<LogEntry>();
  /** Entries that were shown and then let go of, oldest first, to keep the newest `max`. */
  evicted = 0;
  /** Changes when the book is cleared (a reconnect fills it again from the host). */
  generation = 0;

  constructor(readonly max: number) {}

  get length(): number {
    return this.entries.length;
  }
  at(i: number): LogEntry | undefined {
    return this.entries.at(i);
  }
  /** The oldest entry's sequence number (entries older than it are gone). */
  get firstSeq(): number {
    return this.entries.at(0)?.seq ?? Number.POSITIVE_INFINITY;
  }
  /**
   * Adds entries newer than the newest held. Older ones are there already: live entries that came
   * while the page read the host's log whole (a reconnect) and were applied after it.
   */
  append(batch: readonly LogEntry[]): void {
    const newest = this.entries.at(this.entries.length - 1)?.seq ?? Number.NEGATIVE_INFINITY;
    let held = 0;
    while (held < batch.length && batch[held]!.seq <= newest) held++;
    this.entries.push(held > 0 ? batch.slice(held) : batch);
    this.evicted += this.entries.keepLast(this.max);
  }
  clear(): void {
    this.entries.clear();
    this.evicted = 0;
    this.generation++;
  }
  toArray(): LogEntry[] {
    return this.entries.toArray();
  }
}

/**
 * The entries of a LogBook that pass a filter, kept up to date as the book grows: a batch is filtered
 * on its own (not the whole book again), and entries the book let go of leave it too. A new filter
 * (or a cleared book) filters the book once.
 */
export class FilteredLogs {
  private readonly shown = new Window<LogEntry>();
  private filter: LogFilter | undefined;
  private lastSeq = 0;
  private book: LogBook | undefined;
  private generation = -1;

  get length(): number {
    return this.shown.length;
  }
  at(i: number): LogEntry | undefined {
    return this.shown.at(i);
  }
  toArray(): LogEntry[] {
    return this.shown.toArray();
  }

  /** Brings the view up to date with `book` under `filter` (the same filter object: only what is new). */
  update(book: LogBook, filter: LogFilter): this {
    const newest = book.at(book.length - 1)?.seq ?? 0;
    if (filter !== this.filter || book !== this.book || book.generation !== this.generation) {
      // Another filter, another book, or a book cleared and filled again: filtered once, in full.
      this.filter = filter;
      this.book = book;
      this.generation = book.generation;
      this.shown.clear();
      this.shown.push(filterLogs(book.toArray(), filter));
    } else {
      const fresh: LogEntry[] = [];
      for (let i = book.length - 1; i >= 0; i--) {
        const e = book.at(i)!;
        if (e.seq <= this.lastSeq) break;
        fresh.push(e);
      }
      fresh.reverse();
      this.shown.push(filterLogs(fresh, filter));
      const first = book.firstSeq;
      this.shown.dropWhile((e) => e.seq < first);
    }
    this.lastSeq = newest;
    return this;
  }
}

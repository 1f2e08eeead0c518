import { appendFile, mkdir, rename, stat } from 'node:fs/promises';
import path from 'node:path';
import type { LogEntry, LogSource } from '../../../shared/host/serverView';
import type { LoggingLevel } from '../../../shared/mcp/protocol';
import { Emitter } from '../../mcp';
import { redactedValue } from './redactedValue';
import type { Redactor } from './redactor';

export interface LogStoreOptions {
  /** Where per-server log files go; none when undefined (tests that only read the buffer). */
  dir?: string;
  /** Entries kept in memory per server. */
  maxEntries?: number;
  /** A log file is rotated (to `.1`) past this size. */
  maxFileBytes?: number;
  /** Longest text kept for one entry. */
  maxTextLength?: number;
}

/**
 * Every server's log: stderr, its notifications/message, lifecycle, protocol diagnostics and the wire
 * trace. Everything is redacted on the way in, so no secret reaches memory, disk or the UI. Each
 * server has a bounded ring buffer and a size-rotated file.
 */
export class LogStore {
  private readonly buffers = new Map<string, LogEntry[]>();
  private readonly pendingWrites = new Map<string, string[]>();
  private readonly emitter = new Emitter<LogEntry>();
  private flushTimer: ReturnType<typeof setTimeout> | undefined;
  private flushing: Promise<void> = Promise.resolve();
  private seq = 0;
  readonly onEntry = this.emitter.event;

  constructor(
    private readonly redactor: Redactor,
    private readonly options: LogStoreOptions = {},
  ) {}

  append(server: string, source: LogSource, level: LoggingLevel, text: string, logger?: string): LogEntry {
    const max = this.options.maxTextLength ?? 16_384;
    // Redacted before it is cut: a secret across the cut would otherwise leave its first part behind.
    const whole = this.redactor.redact(text);
    const clean =
      whole.length > max ? `${whole.slice(0, max)}… [${whole.length - max} more characters]` : whole;
    const entry: LogEntry = { seq: ++this.seq, at: Date.now(), server, source, level, text: clean };
    if (logger !== undefined) entry.logger = this.redactor.redact(logger);
    let buffer = this.buffers.get(server);
    if (!buffer) {
      buffer = [];
      this.buffers.set(server, buffer);
    }
    buffer.push(entry);
    const limit = this.options.maxEntries ?? 5000;
    if (buffer.length > limit) buffer.splice(0, buffer.length - limit);
    this.queueWrite(entry);
    this.emitter.fire(entry);
    return entry;
  }

  /**
   * A value to write into a line, its secrets hidden first (redactedValue): serialised, a secret with a
   * quote or a line break would read otherwise than it was stored.
   */
  redacted(value: unknown): unknown {
    return redactedValue(value, (text) => this.redactor.redact(text));
  }

  /** Entries of one server, or of all servers in order. */
  entries(server?: string): LogEntry[] {
    if (server !== undefined) return [...(this.buffers.get(server) ?? [])];
    return [...this.buffers.values()].flat().sort((a, b) => a.seq - b.seq);
  }

  fileOf(server: string): string | undefined {
    return this.options.dir ? path.join(this.options.dir, `${encodeURIComponent(server)}.log`) : undefined;
  }

  /** Writes what is pending now (tests, shutdown). */
  async flush(): Promise<void> {
    clearTimeout(this.flushTimer);
    this.flushTimer = undefined;
    this.flushing = this.flushing.then(() => this.writePending());
    await this.flushing;
  }

  private queueWrite(entry: LogEntry): void {
    if (!this.options.dir) return;
    const line = `${new Date(entry.at).toISOString()} ${entry.level.toUpperCase().padEnd(9)} ${entry.source}${entry.logger ? `:${entry.logger}` : ''} ${entry.text}\n`;
    const lines = this.pendingWrites.get(entry.server) ?? [];
    lines.push(line);
    this.pendingWrites.set(entry.server, lines);
    this.flushTimer ??= setTimeout(() => void this.flush(), 200);
    this.flushTimer.unref?.();
  }

  private async writePending(): Promise<void> {
    const batches = [...this.pendingWrites];
    this.pendingWrites.clear();
    if (batches.length === 0) return;
    await mkdir(this.options.dir!, { recursive: true });
    for (const [server, lines] of batches) {
      const file = this.fileOf(server)!;
      const size = await stat(file).then(
        (s) => s.size,
        () => 0,
      );
      if (size > (this.options.maxFileBytes ?? 5 * 1024 * 1024)) await rename(file, `${file}.1`);
      await appendFile(file, lines.join(''), { mode: 0o600 });
    }
  }
}

import { isUtf8 } from 'node:buffer';
import { namedAtTopLevel } from '../jsonrpc/parseMessage';
import type { MalformedInput, NamedMessage } from './transport';

export const DEFAULT_MAX_LINE_BYTES = 10 * 1024 * 1024;
const EXCERPT_BYTES = 200;
const NEWLINE = 0x0a;

/** How much of a refused line is read for the ids it names (they stand at its top level, near the start). */
const NAMED_SCAN_BYTES = 64 * 1024;

const excerptOf = (buf: Buffer): string => buf.subarray(0, EXCERPT_BYTES).toString('utf8');

/**
 * The request a refused line answers or asks, read from its start: a line cut off, over the cap or
 * not UTF-8 still fails the request it answers at once, instead of leaving it to time out.
 */
function namedIn(buf: Buffer): { named?: NamedMessage[] } {
  const named = namedAtTopLevel(buf.subarray(0, NAMED_SCAN_BYTES).toString('utf8'), true);
  return named.length > 0 ? { named } : {};
}

/**
 * Splits a byte stream into newline-delimited UTF-8 lines. Splits on the byte 0x0A, which never
 * occurs inside a multi-byte UTF-8 sequence, so a character cut across chunks is reassembled intact.
 * A line over the cap is dropped (and reported once) without buffering the rest of it.
 */
export class LineDecoder {
  private pending: Buffer[] = [];
  private pendingBytes = 0;
  private discarding = false;

  constructor(
    private readonly onLine: (line: string) => void,
    private readonly onMalformed: (input: MalformedInput) => void,
    private readonly maxLineBytes = DEFAULT_MAX_LINE_BYTES,
  ) {}

  push(chunk: Buffer): void {
    let start = 0;
    for (;;) {
      const nl = chunk.indexOf(NEWLINE, start);
      if (nl === -1) break;
      const segment = chunk.subarray(start, nl);
      start = nl + 1;
      if (this.discarding) {
        this.discarding = false;
        continue;
      }
      if (this.pendingBytes === 0) {
        if (segment.length > this.maxLineBytes) this.reportOversize(segment, segment.length);
        else this.emit(segment);
      } else if (this.pendingBytes + segment.length > this.maxLineBytes) {
        this.reportOversize(this.pending[0]!, this.pendingBytes + segment.length);
        this.reset();
      } else {
        this.pending.push(segment);
        const line = Buffer.concat(this.pending, this.pendingBytes + segment.length);
        this.reset();
        this.emit(line);
      }
    }
    if (start >= chunk.length || this.discarding) return;
    const rest = chunk.subarray(start);
    if (this.pendingBytes + rest.length > this.maxLineBytes) {
      this.reportOversize(this.pending[0] ?? rest, this.pendingBytes + rest.length);
      this.reset();
      this.discarding = true;
      return;
    }
    // Copy: the stream may reuse the chunk's memory.
    this.pending.push(Buffer.from(rest));
    this.pendingBytes += rest.length;
  }

  /** The stream ended: an unterminated final line is reported, not guessed at. */
  end(): void {
    if (this.pendingBytes > 0) {
      const rest = Buffer.concat(this.pending, this.pendingBytes);
      this.onMalformed({
        kind: 'truncated',
        reason: `stream ended inside a message (${rest.length} bytes without a newline)`,
        excerpt: excerptOf(rest),
        ...namedIn(rest),
      });
    }
    this.reset();
    this.discarding = false;
  }

  private emit(segment: Buffer): void {
    let end = segment.length;
    if (end > 0 && segment[end - 1] === 0x0d) end--; // tolerate CRLF
    if (end === 0) return;
    const bytes = end === segment.length ? segment : segment.subarray(0, end);
    if (!isUtf8(bytes)) {
      this.onMalformed({
        kind: 'encoding',
        reason: 'line is not valid UTF-8',
        excerpt: excerptOf(bytes),
        ...namedIn(bytes),
      });
      return;
    }
    this.onLine(bytes.toString('utf8'));
  }

  private reportOversize(head: Buffer, bytes: number): void {
    this.onMalformed({
      kind: 'oversize',
      reason: `message larger than the ${this.maxLineBytes}-byte line limit (${bytes}+ bytes) was dropped`,
      excerpt: excerptOf(head),
      ...namedIn(head),
    });
  }

  private reset(): void {
    this.pending = [];
    this.pendingBytes = 0;
  }
}

import type { LogSource, ServerProblemKind } from '../../../shared/host/serverView';
import { JsonTooDeep, nestedDeeperThan } from '../../../shared/json/jsonDepth';
import type { LoggingLevel, LoggingMessageParams } from '../../../shared/mcp/protocol';
import type { Transport, WireTrace } from '../../mcp';
import type { LogStore } from '../logs/logStore';

/** How many of a failed attempt's last stderr lines the card shows. */
const STDERR_TAIL_LINES = 20;
/** A wire trace longer than this is cut in the log. */
const WIRE_TEXT_LIMIT = 2000;

/**
 * One server's log, as its session writes it: lifecycle lines, the transport's own lines (stderr is
 * also kept as the current attempt's tail, the reason on the card when it fails), what the server
 * logs, protocol notes and the wire trace. Everything goes through the log store (redacted).
 */
export class SessionLog {
  /** The last stderr lines of the attempt under way. */
  tail: string[] = [];
  /** The lifecycle line written last, while nothing else has been written since. */
  private lastLifecycle: string | undefined;
  /** Told of each stderr line as it comes (the starting card shows them). */
  onStderr: () => void = () => {};
  /** Whether every message both ways is written (off by default; not kept across app restarts). */
  private tracing = false;

  constructor(
    private readonly logs: LogStore,
    private readonly server: string,
    /** Says on the server's card what it sent that could not be shown. */
    private readonly problem: (kind: ServerProblemKind, message: string) => void = () => {},
  ) {}

  write(source: LogSource, level: LoggingLevel, text: string, logger?: string): void {
    // The transport says how a process ended, and the lifecycle then says why the try failed — the
    // same words: written once.
    if (source === 'lifecycle' && text === this.lastLifecycle) return;
    this.lastLifecycle = source === 'lifecycle' ? text : undefined;
    this.logs.append(this.server, source, level, text, logger);
  }

  /** A new attempt: its tail starts empty. */
  newAttempt(): void {
    this.tail = [];
  }

  /**
   * The transport's own lines. The listener lives as long as the transport, past the run's end, so
   * what a server writes while it shuts down is still logged.
   */
  followTransport(transport: Transport): void {
    transport.onLog((entry) => {
      if (entry.source === 'stderr') {
        this.write('stderr', 'info', entry.text);
        this.tail.push(entry.text);
        if (this.tail.length > STDERR_TAIL_LINES) this.tail.shift();
        this.onStderr();
      } else this.write('lifecycle', entry.level, entry.text);
    });
  }

  /** A notifications/message from the server; data that cannot be shown is said so, by why. */
  serverMessage(m: LoggingMessageParams): void {
    const text =
      typeof m.data === 'string' ? m.data : this.shown(m.data, 'the data of a log message it sent');
    if (typeof text === 'string') {
      this.write('server', m.level, text, m.logger);
      return;
    }
    this.write('server', m.level, `[not shown: ${text.why}]`, m.logger);
    this.problem('log', `A log message was not shown: ${text.why}`);
  }

  get wireTrace(): boolean {
    return this.tracing;
  }

  /** Turns the wire trace on or off, saying so; false when it was so already. */
  setWireTrace(on: boolean): boolean {
    if (this.tracing === on) return false;
    this.tracing = on;
    this.write(
      'lifecycle',
      'info',
      on
        ? 'wire trace on: every message both ways is logged (restart the server to see its opening exchange)'
        : 'wire trace off',
    );
    return true;
  }

  /** A message on the wire: written only while the person has the trace on (it doubles what a busy server logs). */
  wire(trace: WireTrace): void {
    if (!this.tracing) return;
    const json = this.shown(trace.message, 'the message');
    const text = typeof json === 'string' ? json : `[not shown: ${json.why}]`;
    const cut = text.length > WIRE_TEXT_LIMIT ? `${text.slice(0, WIRE_TEXT_LIMIT)}…` : text;
    this.write('wire', 'debug', `${trace.direction === 'send' ? '→' : '←'} ${cut}`);
  }

  /**
   * JSON text of what a server sent or was sent, its secrets hidden before it is serialised; or why
   * there is none (nested beyond reason): never a stack overflow.
   */
  private shown(value: unknown, what: string): string | { why: string } {
    if (nestedDeeperThan(value)) return { why: new JsonTooDeep(what).message };
    return JSON.stringify(this.logs.redacted(value)) ?? String(value);
  }
}

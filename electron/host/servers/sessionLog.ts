import type { LogSource } from '../../../shared/host/serverView';
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

  constructor(
    private readonly logs: LogStore,
    private readonly server: string,
  ) {}

  write(source: LogSource, level: LoggingLevel, text: string, logger?: string): void {
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
      } else this.write('lifecycle', entry.level, entry.text);
    });
  }

  /** A notifications/message from the server. */
  serverMessage(m: LoggingMessageParams): void {
    const text = typeof m.data === 'string' ? m.data : JSON.stringify(m.data);
    this.write('server', m.level, text, m.logger);
  }

  wire(trace: WireTrace): void {
    const text = JSON.stringify(trace.message);
    const shown = text.length > WIRE_TEXT_LIMIT ? `${text.slice(0, WIRE_TEXT_LIMIT)}…` : text;
    this.write('wire', 'debug', `${trace.direction === 'send' ? '→' : '←'} ${shown}`);
  }
}

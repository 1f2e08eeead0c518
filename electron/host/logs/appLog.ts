import { appendFile, mkdir } from 'node:fs/promises';
import path from 'node:path';

/**
 * The host's own log, beside the servers' ones: errors nothing else handled, with their stacks. Each
 * line goes to stderr (the terminal of `npm run web` or the CLI) and, with a data folder, to
 * `logs/app/host.log` in it (a folder no server's log file can be named: their names are escaped).
 * An error's text may quote what a server or a model sent, a stored secret included: each line is
 * redacted as the servers' logs are before it is written anywhere.
 */
export class AppLog {
  private writing: Promise<void> = Promise.resolve();

  constructor(
    readonly file: string | undefined,
    private readonly stderr: (text: string) => void = (text) => process.stderr.write(text),
    private readonly redact: (text: string) => string = (text) => text,
  ) {}

  static inHome(home: string, redact?: (text: string) => string): AppLog {
    return new AppLog(path.join(home, 'logs', 'app', 'host.log'), undefined, redact);
  }

  error(text: string): void {
    this.write('ERROR', text);
  }

  /** Something that did not work and costs only itself (a conversation's title): said, nothing more. */
  warn(text: string): void {
    this.write('WARN', text);
  }

  private write(level: 'ERROR' | 'WARN', text: string): void {
    const line = `${new Date().toISOString()} ${level} ${this.redact(text)}\n`;
    this.stderr(line);
    const file = this.file;
    if (!file) return;
    this.writing = this.writing
      .then(async () => {
        await mkdir(path.dirname(file), { recursive: true });
        await appendFile(file, line, { mode: 0o600 });
      })
      .catch(() => {});
  }

  /** Written what was logged so far (tests, shutdown). */
  flush(): Promise<void> {
    return this.writing;
  }
}

import { appendFile, mkdir } from 'node:fs/promises';
import path from 'node:path';

/**
 * The host's own log, beside the servers' ones: errors nothing else handled, with their stacks. Each
 * line goes to stderr (the terminal of `npm run web` or the CLI) and, with a data folder, to
 * `logs/app/host.log` in it (a folder no server's log file can be named: their names are escaped).
 */
export class AppLog {
  private writing: Promise<void> = Promise.resolve();

  constructor(
    readonly file: string | undefined,
    private readonly stderr: (text: string) => void = (text) => process.stderr.write(text),
  ) {}

  static inHome(home: string): AppLog {
    return new AppLog(path.join(home, 'logs', 'app', 'host.log'));
  }

  error(text: string): void {
    const line = `${new Date().toISOString()} ERROR ${text}\n`;
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

// The terminal questions of `install`: a setting's value (a secret's typed unseen) and the final y/N.
// One readline over stdin for the whole run, so lines typed ahead are kept for the next question.
import { createInterface, type Interface } from 'node:readline';
import { Writable } from 'node:stream';

/** What `install` asks in the terminal. An answer is undefined when input ended or Ctrl-C was pressed. */
export interface InstallInput {
  /** Whether a person can answer (stdin is a terminal). */
  interactive: boolean;
  line(prompt: string): Promise<string | undefined>;
  /** A line typed without being shown. */
  hidden(prompt: string): Promise<string | undefined>;
  /** True once Ctrl-C was pressed at a question. */
  readonly interrupted: boolean;
  close(): void;
}

export function terminalPrompts(): InstallInput {
  const interactive = Boolean(process.stdin.isTTY);
  let rl: Interface | undefined;
  let muted = false;
  let interrupted = false;
  let ended = false;
  const lines: string[] = [];
  let waiting: ((line: string | undefined) => void) | undefined;
  // The echo of what is typed goes through here: dropped while a secret is typed.
  const echo = new Writable({
    write(chunk, _encoding, done) {
      if (!muted) process.stderr.write(chunk);
      done();
    },
  });
  const answer = (line: string | undefined) => {
    const w = waiting;
    waiting = undefined;
    w?.(line);
  };
  const open = () => {
    if (rl) return rl;
    rl = createInterface({ input: process.stdin, output: echo, terminal: interactive });
    rl.on('line', (line) => (waiting ? answer(line) : lines.push(line)));
    rl.on('SIGINT', () => {
      interrupted = true;
      answer(undefined);
    });
    rl.on('close', () => {
      ended = true;
      answer(undefined);
    });
    return rl;
  };
  const ask = (prompt: string, hide: boolean): Promise<string | undefined> => {
    const r = open();
    if (lines.length > 0) return Promise.resolve(lines.shift());
    if (ended || interrupted) return Promise.resolve(undefined);
    r.setPrompt(prompt);
    r.prompt();
    muted = hide;
    return new Promise((resolve) => {
      waiting = (line) => {
        if (muted) process.stderr.write('\n');
        muted = false;
        resolve(line);
      };
    });
  };
  return {
    interactive,
    line: (prompt) => ask(prompt, false),
    hidden: (prompt) => ask(prompt, true),
    get interrupted() {
      return interrupted;
    },
    close: () => rl?.close(),
  };
}

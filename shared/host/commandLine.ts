import { parse } from 'shell-quote';

/** A command line split the way a POSIX shell would, without expanding or running anything. */
export interface CommandLine {
  /** Leading NAME=value words (`FOO=1 npx server`), which a shell would put in the environment. */
  env: Record<string, string>;
  command: string;
  args: string[];
}

const ASSIGNMENT = /^([A-Za-z_][A-Za-z0-9_]*)=(.*)$/s;

/**
 * Splits a command line into words with a shell's quoting rules: quotes and backslashes group,
 * `$NAME` stays as written (nothing is expanded), a glob stays a literal word. Shell operators
 * (`|`, `;`, `&&`, `>`…) and comments are refused: the program is started directly, with no shell.
 */
export function splitCommandLine(line: string): string[] {
  return parse(line, (name) => `$${name}`).map((word) => {
    if (typeof word === 'string') return word;
    if ('op' in word && word.op === 'glob') return word.pattern;
    if ('comment' in word) throw new Error(`comments are not supported (#${word.comment})`);
    throw new Error(
      `shell operators are not supported (${'op' in word ? word.op : JSON.stringify(word)}): the program runs without a shell`,
    );
  });
}

/** A pasted command line as program, arguments and leading environment assignments. */
export function parseCommandLine(line: string): CommandLine {
  const words = splitCommandLine(line);
  const env: Record<string, string> = {};
  while (words.length > 1 && ASSIGNMENT.test(words[0]!)) {
    const [, name, value] = ASSIGNMENT.exec(words.shift()!)!;
    env[name!] = value!;
  }
  const [command = '', ...args] = words;
  return { env, command, args };
}

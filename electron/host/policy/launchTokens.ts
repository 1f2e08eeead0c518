// Every piece of a launch that could name a program or a package, for the deny rules that look for
// one. A launch hides what it runs in more places than its command: an argument (`env npx …`,
// `node …/npx-cli.js`), a string a shell reads (`sh -c 'npx -y @acme/tool'`, `cmd /c …`), an option's
// value (`--package=@acme/tool`), or an env value a shell string expands (`$PKG`). So each word is
// read several ways at once — as written; as a POSIX shell splits it (quotes and backslashes removed,
// `n''px` is `npx`), again for a shell string inside it; without cmd.exe's `^` escapes; and cut at
// every character that separates words in some language (spaces, quotes, `=`, `,`, `;`, `\`, …).
// A deny rule matches if any piece names what it denies. This over-reads on purpose (a deny that
// refuses too much is seen and fixed; one that refuses too little is not) and still cannot read
// what a launch computes (a name assembled at run time, a script file): an allow-list holds, this
// does not.

/** A piece of a launch and the word (argument, command, env value) it was read from. */
export interface LaunchToken {
  token: string;
  word: string;
}

const SHELL_SPLIT = /[\s;&|()<>`]/;
/** Characters that end a word in a shell, cmd.exe, a URL's query, an option's value or a list. */
const LOOSE_SPLIT = /[\s'"`;&|()<>{}[\]=,$\\^#?*!]+/;
/** Shell strings within shell strings: deeper than this is not a launch anyone writes by hand. */
const MAX_DEPTH = 4;

/** The words of `text` as a POSIX shell splits them: quotes and backslash escapes removed. */
function shellWords(text: string): string[] {
  const words: string[] = [];
  let word = '';
  let started = false;
  let quote: string | undefined;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quote !== undefined) {
      if (c === quote) quote = undefined;
      else if (c === '\\' && quote === '"' && i + 1 < text.length) word += text[++i];
      else word += c;
    } else if (c === '"' || c === "'") {
      quote = c;
      started = true;
    } else if (c === '\\' && i + 1 < text.length) {
      word += text[++i];
      started = true;
    } else if (SHELL_SPLIT.test(c)) {
      if (started || word !== '') words.push(word);
      word = '';
      started = false;
    } else word += c;
  }
  if (word !== '') words.push(word);
  return words;
}

function read(text: string, depth: number, into: Set<string>): void {
  if (text === '' || into.has(text)) return;
  into.add(text);
  for (const part of text.split(LOOSE_SPLIT)) if (part !== '') into.add(part);
  if (depth >= MAX_DEPTH) return;
  for (const variant of new Set([text, text.replace(/\^/g, '')]))
    for (const word of shellWords(variant)) if (word !== text) read(word, depth + 1, into);
}

/** The pieces of each of `words` (the command, its arguments, env values), each with its word. */
export function launchTokens(words: readonly string[]): LaunchToken[] {
  const tokens: LaunchToken[] = [];
  const seen = new Set<string>();
  for (const word of words) {
    const pieces = new Set<string>();
    read(word, 0, pieces);
    for (const token of pieces)
      if (!seen.has(token)) {
        seen.add(token);
        tokens.push({ token, word });
      }
  }
  return tokens;
}

// A local server that failed to start, read from its own words: some failures say that starting it
// again would fail the same way (npm cannot get the package, a module is missing, a shell script calls a
// program that is not there). Such a server stops at once with the reason, instead of retrying for half
// a minute and then showing the same lines.

interface Rule {
  /** Tested against each line the process wrote to stderr (the tail kept for the card). */
  pattern: RegExp;
  /** What to tell the person; `m` is the matched line. */
  reason: (m: RegExpMatchArray) => string;
}

const RULES: Rule[] = [
  {
    pattern: /\bnpm (?:error|ERR!) code ENOTCACHED\b/,
    reason: () =>
      'npm could not download the package: it is offline (ENOTCACHED) and the package is not in its cache. Connect to the network, then Restart.',
  },
  {
    pattern: /\bnpm (?:error|ERR!) code E404\b/,
    reason: () => 'npm has no such package (E404): check the package name in the command.',
  },
  {
    pattern: /\bnpm (?:error|ERR!) code ETARGET\b/,
    reason: () =>
      'npm has no version of the package that matches the command (ETARGET): check the version in the command.',
  },
  {
    pattern: /\bnpm (?:error|ERR!) code E(?:NOTFOUND|AI_AGAIN)\b/,
    reason: () =>
      'npm could not reach its registry (the name did not resolve): connect to the network, then Restart.',
  },
  {
    pattern: /^Error: Cannot find module '([^']{1,300})'/,
    reason: (m) =>
      `Node cannot find the module ${m[1]}: check the path in the command or reinstall the server.`,
  },
  {
    pattern: /^ModuleNotFoundError: No module named '([^']{1,200})'/,
    reason: (m) =>
      `Python cannot find the module ${m[1]} the server needs: install it, or run the server with uvx.`,
  },
  {
    pattern: /^(?:\S+: )?(?:line \d+: )?(\S{1,200}): command not found$/,
    reason: (m) => `The program ${m[1]} the server's script calls is not installed (command not found).`,
  },
  {
    pattern: /^\S+: \d+: (\S{1,200}): not found$/,
    reason: (m) => `The program ${m[1]} the server's script calls is not installed (not found).`,
  },
  {
    pattern: /\bNo solution found when resolving (?:tool )?dependencies\b/,
    reason: () =>
      'uv could not find the package or a version of it that fits (no solution found): check the name and version.',
  },
  {
    pattern: /\b(?:pull access denied for|manifest unknown|repository does not exist)\b/,
    reason: () =>
      'Docker could not pull the image (it does not exist, or needs a sign-in): check the image name.',
  },
];

/** Why trying again would fail the same way, from what the process wrote; undefined when nothing says so. */
export function permanentCause(stderrTail: readonly string[]): string | undefined {
  for (const line of stderrTail) {
    const text = line.trim();
    for (const rule of RULES) {
      const m = text.match(rule.pattern);
      if (m) return rule.reason(m);
    }
  }
  return undefined;
}

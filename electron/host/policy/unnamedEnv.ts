// Which variables of a server's env the allow rule that matches it does not let it set. A rule's
// "env" lists names, or every name with a prefix (`ACME_*`), compared ignoring case as Windows does.
// Without onlyListedEnv only the names that change what runs are judged (launchChangingEnv.ts, a list
// that cannot be complete); with it every name is — a secret, a harmless setting, a name no list
// knows — so the allow-list holds whatever a runtime reads.
import { changesLaunch } from '../config/launchChangingEnv';

/** Whether `listed` (names, and prefixes ending in `*`) holds `name`. */
export function envListed(listed: readonly string[], name: string): boolean {
  // A name holding "=" is another variable to the program (it reads up to the "="): no prefix covers it.
  if (/[=\p{Cc}]/u.test(name) || name === '') return false;
  const upper = name.toUpperCase();
  return listed.some((entry) => {
    const want = entry.toUpperCase();
    return want.endsWith('*') ? upper.startsWith(want.slice(0, -1)) : upper === want;
  });
}

/** The names of `env`, in the order written, that a rule listing `listed` does not let a server set. */
export function unnamedEnv(
  env: Readonly<Record<string, unknown>>,
  listed: readonly string[],
  onlyListed: boolean,
): string[] {
  return Object.keys(env).filter((name) => (onlyListed || changesLaunch(name)) && !envListed(listed, name));
}

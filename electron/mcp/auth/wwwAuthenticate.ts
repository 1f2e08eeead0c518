/** A Bearer (or DPoP) challenge from `WWW-Authenticate` (RFC 6750 §3, RFC 9449 §7.1, RFC 9728 §5.1). */
export interface BearerChallenge {
  scheme: 'bearer' | 'dpop';
  resourceMetadata?: string;
  scope?: string;
  error?: string;
  errorDescription?: string;
}

const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+/;

/**
 * The Bearer challenge in a `WWW-Authenticate` value, which may hold several challenges
 * (`Bearer realm="a", error="x", DPoP algs="ES256"`), else its DPoP challenge (a server that takes
 * only DPoP-bound tokens); undefined when there is neither. Parameter names
 * are case-insensitive; values are tokens or quoted strings with backslash escapes (RFC 9110 §11.2).
 */
export function parseBearerChallenge(header: string | null | undefined): BearerChallenge | undefined {
  if (!header) return undefined;
  const challenges = parseChallenges(header);
  const chosen = challenges.find((c) => c.scheme === 'bearer') ?? challenges.find((c) => c.scheme === 'dpop');
  for (const challenge of chosen ? [chosen] : []) {
    const p = challenge.params;
    const out: BearerChallenge = { scheme: challenge.scheme === 'bearer' ? 'bearer' : 'dpop' };
    if (p.resource_metadata) out.resourceMetadata = p.resource_metadata;
    if (p.scope) out.scope = p.scope;
    if (p.error) out.error = p.error;
    if (p.error_description) out.errorDescription = p.error_description;
    return out;
  }
  return undefined;
}

/** Whether the server offers the DPoP scheme among its challenges (it takes DPoP-bound tokens; RFC 9449 §7.1). */
export function offersDpopScheme(header: string | null | undefined): boolean {
  return header ? parseChallenges(header).some((c) => c.scheme === 'dpop') : false;
}

interface Challenge {
  scheme: string;
  params: Record<string, string>;
}

function parseChallenges(header: string): Challenge[] {
  const challenges: Challenge[] = [];
  let rest = header;
  let current: Challenge | undefined;
  const skip = (pattern: RegExp) => {
    rest = rest.replace(pattern, '');
  };
  while (rest.length > 0) {
    skip(/^[\s,]+/);
    const word = TOKEN.exec(rest)?.[0];
    if (!word) break;
    const afterWord = rest.slice(word.length);
    const param = /^\s*=\s*/.exec(afterWord);
    // "name=" is a parameter of the current challenge (unless it is token68 padding, `abc==`).
    if (param && current && !/^\s*=\s*(,|$)/.test(afterWord)) {
      rest = afterWord.slice(param[0].length);
      const value = readValue();
      if (value === undefined) break;
      current.params[word.toLowerCase()] = value;
      continue;
    }
    current = { scheme: word.toLowerCase(), params: {} };
    challenges.push(current);
    rest = afterWord;
    // A token68 after the scheme (`Basic abc==`) carries no parameters we use.
    const token68 = /^\s+[A-Za-z0-9\-._~+/]+=*\s*(?=,|$)/.exec(rest);
    if (token68 && !/=\s*[^=,\s]/.test(token68[0])) rest = rest.slice(token68[0].length);
  }
  return challenges;

  function readValue(): string | undefined {
    if (rest.startsWith('"')) {
      let value = '';
      for (let i = 1; i < rest.length; i++) {
        const c = rest[i];
        if (c === '\\' && i + 1 < rest.length) {
          value += rest[++i];
        } else if (c === '"') {
          rest = rest.slice(i + 1);
          return value;
        } else value += c;
      }
      return undefined; // unterminated
    }
    const token = /^[^\s,]*/.exec(rest)?.[0] ?? '';
    rest = rest.slice(token.length);
    return token;
  }
}

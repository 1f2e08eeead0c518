import { STDERR_CUT } from '../../mcp';

const MIN_SECRET_LENGTH = 4;
/**
 * Header and env names whose values are secret whatever the config says: for a server's own env and
 * headers (and what an import or a link carries into them), never for the values a tool is given.
 */
const SECRET_NAME =
  /authorization|token|secret|password|passwd|api[-_]?key|cookie|credential|private[-_]?key/i;
/** Values that look like keys even where we were not told: bearer tokens, common key prefixes, PEM keys. */
const SECRET_SHAPES = [
  /\b(Bearer|Basic)\s+[A-Za-z0-9._~+/=-]{8,}/g,
  /\b(sk-ant-[A-Za-z0-9_-]{8,}|sk-[A-Za-z0-9_-]{16,}|gh[pousr]_[A-Za-z0-9]{16,}|github_pat_[A-Za-z0-9_]{16,}|xox[abpr]-[A-Za-z0-9-]{10,}|AKIA[0-9A-Z]{16}|AIza[0-9A-Za-z_-]{35})/g,
  // Its line breaks as they are, or escaped once or twice (`\n`, `\\n`) where the key sits in JSON.
  /-----BEGIN ([A-Z0-9]+ )*PRIVATE KEY-----[\s\S]*?-----END ([A-Z0-9]+ )*PRIVATE KEY-----/g,
];
export const REDACTED = '[redacted]';

export const isSecretName = (name: string): boolean => SECRET_NAME.test(name);

/** A text as it reads inside a JSON string: quotes, backslashes and line breaks escaped. */
const escaped = (text: string) => JSON.stringify(text).slice(1, -1);
/** The same with every character past ASCII as `\uXXXX` (how many JSON writers put them). */
const asciiEscaped = (text: string) =>
  escaped(text).replace(/[\u0080-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);

/**
 * Removes secrets from text before it is logged, stored or sent to the UI: every known secret value
 * (secret env and header values, API keys, tokens), and anything shaped like a bearer token or a
 * known key. A secret is found as it is and as it reads once serialised into JSON, or twice (JSON
 * held in a string of JSON): a password with a quote, a PEM key's line breaks. Values inside JSON are
 * best redacted before serialising (redactedValue); this catches what came serialised already.
 */
export class Redactor {
  private values: string[] = [];
  /** The lines of secrets of several lines, hidden last (see add). */
  private lines: string[] = [];

  /** Adds values to hide; longest first, so a secret containing another is hidden whole. */
  add(...values: (string | undefined)[]): void {
    const next = new Set(this.values);
    const lines = new Set(this.lines);
    for (const v of values) {
      if (!v || v.length < MIN_SECRET_LENGTH) continue;
      const once = escaped(v);
      for (const form of [v, once, escaped(once), asciiEscaped(v), asciiEscaped(once)]) next.add(form);
      // A secret of several lines (a password with a line break, a PEM key, a service account's JSON)
      // printed by a program reaches its log a line at a time: each of its lines is hidden on its own —
      // after the key shapes, so a line such as a PEM header never breaks up a whole key's match.
      for (const line of v.split(/\r?\n|\r/))
        if (line !== v && line.trim().length >= MIN_SECRET_LENGTH) lines.add(line);
    }
    this.values = [...next].sort((a, b) => b.length - a.length);
    this.lines = [...lines].sort((a, b) => b.length - a.length);
  }

  /**
   * `text` cut short of its end (a line past a length kept): redacted, and a secret's first part left
   * at the cut hidden too.
   */
  redactCut(text: string): string {
    const out = this.redact(text);
    for (const value of [...this.values, ...this.lines])
      for (let n = Math.min(value.length - 1, out.length); n >= MIN_SECRET_LENGTH; n--)
        if (out.endsWith(value.slice(0, n))) return `${out.slice(0, out.length - n)}${REDACTED}`;
    return out;
  }

  redact(text: string): string {
    // A server's stderr line cut short: the part of a secret left before the cut is hidden too.
    if (text.endsWith(STDERR_CUT)) return `${this.redactCut(text.slice(0, -STDERR_CUT.length))}${STDERR_CUT}`;
    let out = text;
    for (const value of this.values) if (out.includes(value)) out = out.split(value).join(REDACTED);
    for (const shape of SECRET_SHAPES)
      out = out.replace(shape, (_match, scheme: string) =>
        scheme === 'Bearer' || scheme === 'Basic' ? `${scheme} ${REDACTED}` : REDACTED,
      );
    for (const line of this.lines) if (out.includes(line)) out = out.split(line).join(REDACTED);
    return out;
  }
}

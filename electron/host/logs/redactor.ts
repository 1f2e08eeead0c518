const MIN_SECRET_LENGTH = 4;
/** Headers and env names whose values are secret whatever the config says. */
const SECRET_NAME =
  /authorization|token|secret|password|passwd|api[-_]?key|cookie|credential|private[-_]?key/i;
/** Values that look like keys even where we were not told: bearer tokens, common key prefixes. */
const SECRET_SHAPES = [
  /\b(Bearer|Basic)\s+[A-Za-z0-9._~+/=-]{8,}/g,
  /\b(sk-ant-[A-Za-z0-9_-]{8,}|sk-[A-Za-z0-9_-]{16,}|ghp_[A-Za-z0-9]{16,}|github_pat_[A-Za-z0-9_]{16,}|xox[abpr]-[A-Za-z0-9-]{10,})/g,
];
export const REDACTED = '[redacted]';

export const isSecretName = (name: string): boolean => SECRET_NAME.test(name);

/**
 * Removes secrets from text before it is logged, stored or sent to the UI: every known secret value
 * (secret env and header values, API keys), and anything shaped like a bearer token or a known key.
 */
export class Redactor {
  private values: string[] = [];

  /** Adds values to hide; longest first, so a secret containing another is hidden whole. */
  add(...values: (string | undefined)[]): void {
    const next = new Set(this.values);
    for (const v of values) if (v && v.length >= MIN_SECRET_LENGTH) next.add(v);
    this.values = [...next].sort((a, b) => b.length - a.length);
  }

  redact(text: string): string {
    let out = text;
    for (const value of this.values) if (out.includes(value)) out = out.split(value).join(REDACTED);
    for (const shape of SECRET_SHAPES)
      out = out.replace(shape, (_match, scheme: string) =>
        scheme === 'Bearer' || scheme === 'Basic' ? `${scheme} ${REDACTED}` : REDACTED,
      );
    return out;
  }
}

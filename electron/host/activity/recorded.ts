import { createHash } from 'node:crypto';
import type { RecordedResult } from '../../../shared/host/activity';
import { canonicalJson } from '../canonicalJson';
import { redactedValue } from '../logs/redactedValue';

/** A result as the record keeps it: the SHA-256 of its canonical JSON and its size, never the result. */
function digestOf(result: object & { isError?: boolean }, what = 'a tool result'): RecordedResult {
  const json = canonicalJson(result, what);
  return {
    sha256: createHash('sha256').update(json).digest('hex'),
    bytes: Buffer.byteLength(json),
    isError: result.isError === true,
  };
}

/** A result as recorded: its digest, and (when Settings say so) the whole of it with secrets hidden. */
export function recordedResult(
  result: object & { isError?: boolean },
  redact: (text: string) => string,
  whole: boolean,
  what?: string,
): RecordedResult {
  return { ...digestOf(result, what), ...(whole ? { whole: redactedValue(result, redact) } : {}) };
}

/** JSON read back, or the text itself when it is none. */
export const parsed = (json: string): unknown => {
  try {
    return JSON.parse(json);
  } catch {
    return json;
  }
};

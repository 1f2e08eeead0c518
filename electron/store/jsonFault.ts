/**
 * What is wrong with `text` that JSON.parse refused, said without quoting it: V8's own message
 * quotes the text around the fault, and a config file may hold a token there. Where V8 gives the
 * position, the line and column; where the text ends too early, that.
 */
export function jsonFault(text: string, error: unknown): string {
  const message = error instanceof Error ? error.message : '';
  if (text.trim() === '') return 'empty';
  const at = /position (\d+)/.exec(message);
  if (at) {
    const before = text.slice(0, Number(at[1]));
    const line = before.split('\n').length;
    return `not valid JSON (line ${line}, column ${before.length - before.lastIndexOf('\n')})`;
  }
  if (/end of JSON input/.test(message)) return 'not valid JSON (it ends before its JSON does)';
  return 'not valid JSON';
}

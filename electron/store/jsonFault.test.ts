import { describe, expect, it } from 'vitest';
import { jsonFault } from './jsonFault';

const faultOf = (text: string) => {
  try {
    JSON.parse(text);
  } catch (error) {
    return jsonFault(text, error);
  }
  throw new Error('parsed');
};

describe('jsonFault', () => {
  it('never quotes the text (a token beside the fault stays out), and says where when it can', () => {
    const token = 'ghp_neverQuotedInAnError000000000000000';
    for (const text of [
      `{ "env": { "TOKEN": ${token} } }`,
      `{\n  "mcpServers": {\n    "x": { "env": { "TOKEN": "${token}" } ,, }\n  }\n}`,
      `{ "TOKEN": "${token}"`,
    ]) {
      const said = faultOf(text);
      expect(said).toMatch(/^not valid JSON/);
      expect(said).not.toContain('ghp_');
      expect(said).not.toContain('TOKEN');
    }
    expect(faultOf('{ "a": ')).toBe('not valid JSON (it ends before its JSON does)');
    expect(faultOf('  \n')).toBe('empty');
  });

  it('line and column where V8 names the position', () => {
    // V8 names a position for some faults (e.g. a bad string escape); the place is counted from it.
    const said = faultOf('{\n  "a": "\\x"\n}');
    expect(said).toBe('not valid JSON (line 2, column 10)');
  });
});

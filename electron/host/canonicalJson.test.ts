import { describe, expect, it } from 'vitest';
import { JsonTooDeep } from '../../shared/json/jsonDepth';
import { canonicalJson } from './canonicalJson';

describe('canonicalJson', () => {
  it('sorts keys at every depth and drops undefined', () => {
    expect(canonicalJson({ b: 1, a: { d: [{ z: 1, y: 2 }], c: undefined } })).toBe(
      '{"a":{"d":[{"y":2,"z":1}]},"b":1}',
    );
  });

  it('a value nested 100,000 deep (a tool’s outputSchema) is a JsonTooDeep naming it, not a stack overflow', () => {
    const tool = {
      name: 'deep',
      outputSchema: { default: JSON.parse(`${'['.repeat(100_000)}${']'.repeat(100_000)}`) },
    };
    expect(() => canonicalJson(tool, 'the definition of tool "deep"')).toThrow(JsonTooDeep);
    expect(() => canonicalJson(tool, 'the definition of tool "deep"')).toThrow(
      'the definition of tool "deep" is nested deeper than 100 levels, more than Switchboard reads',
    );
  });
});

import { describe, expect, it } from 'vitest';
import { JsonTooDeep, jsonText, MAX_JSON_DEPTH, nestedDeeperThan } from './jsonDepth';

/** Built from text, as a server's message is: no recursion makes it. */
const nested = (depth: number): unknown => JSON.parse(`${'['.repeat(depth)}${']'.repeat(depth)}`);

describe('nestedDeeperThan', () => {
  it('counts arrays and objects, not scalars, at any width', () => {
    expect(nestedDeeperThan(42, 0)).toBe(false);
    expect(nestedDeeperThan('text', 0)).toBe(false);
    expect(nestedDeeperThan([], 0)).toBe(true);
    expect(nestedDeeperThan([], 1)).toBe(false);
    expect(nestedDeeperThan({ a: [1, { b: null }] }, 3)).toBe(false);
    expect(nestedDeeperThan({ a: [1, { b: {} }] }, 3)).toBe(true);
    expect(nestedDeeperThan(nested(MAX_JSON_DEPTH))).toBe(false);
    expect(nestedDeeperThan(nested(MAX_JSON_DEPTH + 1))).toBe(true);
  });

  it('measures a value 100,000 deep without overflowing the stack', () => {
    const deep = nested(100_000);
    expect(() => JSON.stringify(deep)).toThrow(RangeError);
    expect(nestedDeeperThan(deep)).toBe(true);
    expect(nestedDeeperThan(Array.from({ length: 100_000 }, (_, i) => ({ i })))).toBe(false);
  });
});

describe('jsonText', () => {
  it('is JSON.stringify within the bound, a JsonTooDeep naming the value beyond it', () => {
    expect(jsonText({ a: [1] }, 'x', 2)).toBe(JSON.stringify({ a: [1] }, null, 2));
    const error = (() => {
      try {
        jsonText({ data: nested(100_000) }, 'the data of a log message');
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(JsonTooDeep);
    expect((error as Error).message).toBe(
      `the data of a log message is nested deeper than ${MAX_JSON_DEPTH} levels, more than Switchboard reads`,
    );
  });
});

import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { ActivityBody } from '../../../shared/host/activity';
import { nestedDeeperThan } from '../../../shared/json/jsonDepth';
import { hashOf } from './activityChain';
import { keptBody, MAX_KEPT_BYTES } from './keptBody';

const call = (args: unknown): ActivityBody => ({
  kind: 'tool-call',
  server: 'files',
  tool: 'write',
  arguments: args,
  asker: { kind: 'model', conversationId: 'c1', toolUseId: 'toolu_1' },
  decision: 'once',
  outcome: 'ok',
  startedAt: 1,
  endedAt: 2,
});

function nested(levels: number): unknown {
  let value: unknown = [];
  for (let i = 1; i < levels; i++) value = [value];
  return value;
}

const hashable = (body: ActivityBody) =>
  hashOf({ ...body, at: 1, source: 'app', prev: '0'.repeat(64) } as Parameters<typeof hashOf>[0]);

describe('keptBody: what the record keeps of an entry', () => {
  it('an entry that can be kept is kept as it is (the same object)', () => {
    const body = call({ path: '/tmp/a', text: 'hi', deep: nested(80) });
    expect(keptBody(body)).toBe(body);
  });

  it('an argument nested too deep is a stub saying why; the other arguments and the call itself stay', () => {
    const kept = keptBody(call({ path: '/tmp/a', deep: nested(150) }));
    expect(kept).toEqual({
      ...call({}),
      arguments: {
        path: '/tmp/a',
        deep: '[not recorded: nested deeper than the 92 levels the record keeps]',
      },
    });
    expect(() => hashable(kept)).not.toThrow();
    // Nested 100,000 deep: measured without recursion, never a stack overflow.
    expect(nestedDeeperThan(keptBody(call(nested(100_000))), 10)).toBe(false);
  });

  it('arguments that are not an object of fields (an array nested too deep) are one stub', () => {
    expect(keptBody(call(nested(150)))).toMatchObject({
      arguments: '[not recorded: nested deeper than the 92 levels the record keeps]',
      tool: 'write',
    });
  });

  it('a value past the size kept is a stub with its size and sha256, so it can still be matched', () => {
    const text = 'x'.repeat(MAX_KEPT_BYTES + 10);
    const json = JSON.stringify(text);
    const kept = keptBody(call({ text, small: 1 }));
    expect(kept).toMatchObject({
      arguments: {
        small: 1,
        text: `[not recorded: ${Buffer.byteLength(json)} bytes of JSON, more than the ${MAX_KEPT_BYTES} the record keeps of one value; its sha256 is ${createHash('sha256').update(json).digest('hex')}]`,
      },
    });
  });

  it('a value that is not JSON, or a field that throws when read, is a stub naming why', () => {
    const throwing = Object.defineProperty({}, 'secret', {
      enumerable: true,
      get() {
        throw new Error('cannot be read');
      },
    });
    expect(keptBody(call({ big: 10n, ok: true }))).toMatchObject({
      arguments: { big: expect.stringMatching(/^\[not recorded: not JSON \(.*BigInt.*\)\]$/), ok: true },
    });
    expect(keptBody(call({ inner: throwing }))).toMatchObject({
      arguments: { inner: '[not recorded: not JSON (cannot be read)]' },
    });
    expect(keptBody(call(throwing))).toMatchObject({
      arguments: '[not recorded: not JSON (cannot be read)]',
    });
  });

  it('a sampling request nested too deep keeps its own fields; only its messages are the stub', () => {
    const kept = keptBody({
      kind: 'sampling',
      server: 'everything',
      request: { messages: nested(150), systemPrompt: 'Be brief.', maxTokens: 50 },
      edited: { request: false, result: false },
      decision: 'approved',
      outcome: 'ok',
      startedAt: 1,
      endedAt: 2,
    });
    expect(kept).toMatchObject({
      request: {
        messages: '[not recorded: nested deeper than the 92 levels the record keeps]',
        systemPrompt: 'Be brief.',
        maxTokens: 50,
      },
      edited: { request: false, result: false },
    });
  });
});

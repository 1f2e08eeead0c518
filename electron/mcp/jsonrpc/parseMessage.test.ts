import { describe, expect, it } from 'vitest';
import { exceedsDepth, MAX_MESSAGE_DEPTH, namedAtTopLevel, parseMessage } from './parseMessage';

/** A response whose whole message nests exactly `depth` levels (the envelope is level 1). */
const responseOfDepth = (depth: number, id: unknown = 1) =>
  `{"jsonrpc":"2.0","id":${JSON.stringify(id)},"result":${'['.repeat(depth - 2)}{}${']'.repeat(depth - 2)}}`;

describe('parseMessage', () => {
  it('takes a message exactly MAX_MESSAGE_DEPTH deep and refuses one level more', () => {
    const ok = parseMessage(responseOfDepth(MAX_MESSAGE_DEPTH));
    expect(ok.ok).toBe(true);
    const refused = parseMessage(responseOfDepth(MAX_MESSAGE_DEPTH + 1, 7));
    expect(refused).toMatchObject({
      ok: false,
      malformed: { kind: 'depth', named: [{ id: 7, request: false }] },
    });
    expect(!refused.ok && refused.malformed.reason).toContain(`deeper than ${MAX_MESSAGE_DEPTH} levels`);
  });

  it('refuses 100,000 levels (and 5,000,000) without parsing them', () => {
    const deep = (n: number) =>
      `{"jsonrpc":"2.0","method":"x","params":{"d":${'['.repeat(n)}${']'.repeat(n)}}}`;
    expect(parseMessage(deep(100_000))).toMatchObject({ ok: false, malformed: { kind: 'depth', named: [] } });
    expect(parseMessage(deep(5_000_000))).toMatchObject({ ok: false, malformed: { kind: 'depth' } });
  });

  it('does not count brackets inside strings, escaped quotes included', () => {
    const inString = JSON.stringify({ jsonrpc: '2.0', id: 1, result: { text: `a\\"${'['.repeat(500)}"` } });
    expect(exceedsDepth(inString, MAX_MESSAGE_DEPTH)).toBe(false);
    expect(parseMessage(inString).ok).toBe(true);
    // An escaped backslash ends in a real quote: the brackets after it count.
    const afterString = `{"a":"\\\\","b":${'['.repeat(200)}${']'.repeat(200)}}`;
    expect(exceedsDepth(afterString, MAX_MESSAGE_DEPTH)).toBe(true);
  });

  it('still reports text that is not JSON as a parse error', () => {
    expect(parseMessage('{"jsonrpc": "2.0", "id": ')).toMatchObject({
      ok: false,
      malformed: { kind: 'parse' },
    });
    expect(parseMessage('Server listening on port 1234')).toMatchObject({
      ok: false,
      malformed: { kind: 'parse' },
    });
  });
});

describe('namedAtTopLevel', () => {
  it('reads the id and whether there is a method, wherever they stand, ignoring deeper keys', () => {
    const deepFirst = `{"result":{"id":99,"x":${'['.repeat(200)}${']'.repeat(200)}},"id":"a\\"b","jsonrpc":"2.0"}`;
    expect(namedAtTopLevel(deepFirst)).toEqual([{ id: 'a"b', request: false }]);
    expect(
      namedAtTopLevel('{"jsonrpc":"2.0","id":3,"method":"elicitation/create","params":{"id":4}}'),
    ).toEqual([{ id: 3, request: true }]);
  });

  it('reads each object of a batch; an id that is no request id names nothing', () => {
    const batch =
      '[{"id":1,"result":{}}, {"method":"x","params":{"id":5},"id":"r"}, {"id":2.5}, {"id":null}]';
    expect(namedAtTopLevel(batch)).toEqual([
      { id: 1, request: false },
      { id: 'r', request: true },
    ]);
  });

  it('partial: a message cut off still names its id once result, error or method says what it is', () => {
    expect(namedAtTopLevel('{"jsonrpc":"2.0","id":7,"result":{"content":[{"text":"cut', true)).toEqual([
      { id: 7, request: false },
    ]);
    expect(namedAtTopLevel('{"id":"s1","method":"sampling/createMessage","params":{"mess', true)).toEqual([
      { id: 's1', request: true },
    ]);
    // Cut before anything said whether it answers or asks: it is not taken for an answer.
    expect(namedAtTopLevel('{"jsonrpc":"2.0","id":7,"me', true)).toEqual([]);
    expect(namedAtTopLevel('{"jsonrpc":"2.0","id":7,"result":{"content":[{"text":"cut')).toEqual([]);
  });

  it('a line that is not JSON but starts as an answer names it', () => {
    const cut = parseMessage('{"jsonrpc":"2.0","id":4,"error":{"code":-32603,"message":"cu');
    expect(cut.ok).toBe(false);
    expect(!cut.ok && cut.malformed.named).toEqual([{ id: 4, request: false }]);
  });

  it('a notification names nothing', () => {
    expect(namedAtTopLevel('{"jsonrpc":"2.0","method":"notifications/message","params":{"id":1}}')).toEqual(
      [],
    );
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LineDecoder } from './lineDecoder';
import type { MalformedInput } from './transport';

function decode(chunks: Buffer[], max?: number) {
  const lines: string[] = [];
  const bad: MalformedInput[] = [];
  const d = new LineDecoder(
    (l) => lines.push(l),
    (m) => bad.push(m),
    max,
  );
  for (const c of chunks) d.push(c);
  d.end();
  return { lines, bad };
}

/** Cuts a buffer at the given (sorted, deduplicated) offsets. */
function cut(buf: Buffer, offsets: number[]): Buffer[] {
  const points = [...new Set(offsets.map((o) => o % (buf.length + 1)))].sort((a, b) => a - b);
  const out: Buffer[] = [];
  let prev = 0;
  for (const p of points) {
    out.push(buf.subarray(prev, p));
    prev = p;
  }
  out.push(buf.subarray(prev));
  return out;
}

const jsonValue = fc.jsonValue({ maxDepth: 3 });
const message = fc.record({
  jsonrpc: fc.constant('2.0'),
  id: fc.nat(),
  method: fc.string({ unit: 'grapheme', maxLength: 20 }),
  params: fc.dictionary(fc.string({ unit: 'grapheme', maxLength: 8 }), jsonValue, { maxKeys: 4 }),
});

describe('LineDecoder', () => {
  it('property: any chunking of a valid stream decodes to the same messages', () => {
    fc.assert(
      fc.property(
        fc.array(message, { maxLength: 20 }),
        fc.array(fc.nat(), { maxLength: 30 }),
        (msgs, offsets) => {
          const stream = Buffer.from(msgs.map((m) => `${JSON.stringify(m)}\n`).join(''), 'utf8');
          const { lines, bad } = decode(cut(stream, offsets));
          expect(bad).toEqual([]);
          // What the stream carries is each message's JSON text (-0 travels as 0, for one).
          expect(lines.map((l) => JSON.parse(l))).toEqual(msgs.map((m) => JSON.parse(JSON.stringify(m))));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('the counterexample CI once found (seed -506591539): -0 in params', () => {
    const message = { jsonrpc: '2.0', id: 0, method: '', params: { '': [{ '': -0 }] } };
    const { lines } = decode([Buffer.from(`${JSON.stringify(message)}\n`)]);
    expect(JSON.parse(lines[0]!)).toEqual({ jsonrpc: '2.0', id: 0, method: '', params: { '': [{ '': 0 }] } });
  });

  it('reassembles a multi-byte character split across chunks', () => {
    const line = Buffer.from('{"t":"é😀"}\n', 'utf8');
    const emoji = line.indexOf(0xf0);
    const { lines } = decode([line.subarray(0, emoji + 2), line.subarray(emoji + 2)]);
    expect(lines).toEqual(['{"t":"é😀"}']);
  });

  it('reports invalid UTF-8 and keeps decoding the next line', () => {
    const { lines, bad } = decode([Buffer.from([0x7b, 0xc3, 0x28, 0x7d, 0x0a]), Buffer.from('{"ok":1}\n')]);
    expect(bad.map((b) => b.kind)).toEqual(['encoding']);
    expect(lines).toEqual(['{"ok":1}']);
  });

  it('drops a line over the cap, whether it arrives whole or in pieces, and recovers', () => {
    const whole = decode([Buffer.from(`${'x'.repeat(50)}\n{"a":1}\n`)], 32);
    expect(whole.bad.map((b) => b.kind)).toEqual(['oversize']);
    expect(whole.lines).toEqual(['{"a":1}']);

    const pieces = decode(
      [Buffer.from('y'.repeat(20)), Buffer.from('y'.repeat(20)), Buffer.from('yy\n{"b":2}\n')],
      32,
    );
    expect(pieces.bad.map((b) => b.kind)).toEqual(['oversize']);
    expect(pieces.lines).toEqual(['{"b":2}']);
  });

  it('tolerates CRLF and blank lines; reports an unterminated final line', () => {
    const { lines, bad } = decode([Buffer.from('{"a":1}\r\n\n\n{"b":2}\n{"c":')]);
    expect(lines).toEqual(['{"a":1}', '{"b":2}']);
    expect(bad.map((b) => b.kind)).toEqual(['truncated']);
  });
});

// Just enough DER to walk a PKCS#7 signature: tag, length, and where each value's bytes lie, so a
// signature is checked over the exact bytes that were signed (never a re-encoding of them).

export interface DerNode {
  /** The identifier octet: class, constructed bit and tag number (only low tag numbers occur here). */
  tag: number;
  /** Where the whole element (identifier, length and value) starts and ends in the input. */
  start: number;
  end: number;
  /** Where its value starts. */
  valueStart: number;
  input: Buffer;
}

export const DER = {
  INTEGER: 0x02,
  OCTET_STRING: 0x04,
  OID: 0x06,
  SEQUENCE: 0x30,
  SET: 0x31,
  /** [n] constructed, context-specific. */
  context: (n: number) => 0xa0 | n,
} as const;

export class DerError extends Error {}

/** The element at `offset`; throws DerError when its length runs past `limit`. */
export function readNode(input: Buffer, offset = 0, limit = input.length): DerNode {
  if (offset + 2 > limit) throw new DerError('truncated');
  const tag = input[offset]!;
  if ((tag & 0x1f) === 0x1f) throw new DerError('high tag numbers are not used here');
  let length = input[offset + 1]!;
  let valueStart = offset + 2;
  if (length & 0x80) {
    const count = length & 0x7f;
    // Indefinite lengths are BER, not DER; four bytes of length is far past any signature's size.
    if (count === 0 || count > 4) throw new DerError('unsupported length');
    if (valueStart + count > limit) throw new DerError('truncated');
    length = 0;
    for (let i = 0; i < count; i++) length = length * 256 + input[valueStart + i]!;
    valueStart += count;
  }
  const end = valueStart + length;
  if (end > limit) throw new DerError('truncated');
  return { tag, start: offset, end, valueStart, input };
}

/** The elements inside a constructed element. */
export function children(node: DerNode): DerNode[] {
  if (!(node.tag & 0x20)) throw new DerError('not a constructed element');
  const out: DerNode[] = [];
  for (let at = node.valueStart; at < node.end; ) {
    const child = readNode(node.input, at, node.end);
    out.push(child);
    at = child.end;
  }
  return out;
}

export const contentOf = (node: DerNode): Buffer => node.input.subarray(node.valueStart, node.end);
export const bytesOf = (node: DerNode): Buffer => node.input.subarray(node.start, node.end);

/** The element, checked to carry `tag`. */
export function expect(node: DerNode | undefined, tag: number, what: string): DerNode {
  if (!node || node.tag !== tag) throw new DerError(`${what} is missing or malformed`);
  return node;
}

/** An OBJECT IDENTIFIER's dotted form. */
export function oidOf(node: DerNode): string {
  const values: number[] = [];
  let value = 0;
  for (const byte of contentOf(expect(node, DER.OID, 'an object identifier'))) {
    value = value * 128 + (byte & 0x7f);
    if (!(byte & 0x80)) {
      values.push(value);
      value = 0;
    }
  }
  const [first, ...rest] = values;
  if (first === undefined) throw new DerError('empty object identifier');
  const top = first < 80 ? Math.floor(first / 40) : 2;
  return [top, first - top * 40, ...rest].join('.');
}

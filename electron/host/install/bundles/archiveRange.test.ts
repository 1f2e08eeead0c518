import { describe, expect, it } from 'vitest';
import { asArchived } from './archiveRange';

describe('asArchived', () => {
  const range = { end: 100, patch: { at: 10, bytes: Buffer.from('AB') } };

  it('writes the patch over the bytes it falls on, in a copy, whichever chunk it falls in', () => {
    const chunk = Buffer.from('0123456789xyz');
    expect(asArchived(chunk, 0, range).toString()).toBe('0123456789ABz');
    expect(chunk.toString()).toBe('0123456789xyz');
    expect(asArchived(Buffer.from('9x'), 9, range).toString()).toBe('9A');
    expect(asArchived(Buffer.from('yz'), 11, range).toString()).toBe('Bz');
  });

  it('leaves a chunk the patch misses as it is (the same buffer), and every chunk when there is none', () => {
    const before = Buffer.from('0123456789');
    expect(asArchived(before, 0, range)).toBe(before);
    const after = Buffer.from('zz');
    expect(asArchived(after, 12, range)).toBe(after);
    expect(asArchived(before, 5, { end: 100 })).toBe(before);
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { coalesced } from './coalesced';

afterEach(() => {
  vi.useRealTimers();
});

describe('coalesced', () => {
  it('sends a burst once, after the first change; a later change is sent again; disposing drops what is pending', () => {
    vi.useFakeTimers();
    let state = 0;
    const sent: number[] = [];
    const catalog = coalesced(() => sent.push(state), 50);
    for (let i = 1; i <= 5; i++) {
      state = i;
      catalog.call();
      vi.advanceTimersByTime(5);
    }
    expect(sent).toEqual([]);
    vi.advanceTimersByTime(25);
    expect(sent).toEqual([5]);
    state = 6;
    catalog.call();
    vi.advanceTimersByTime(50);
    expect(sent).toEqual([5, 6]);
    catalog.call();
    catalog.dispose();
    vi.advanceTimersByTime(100);
    expect(sent).toEqual([5, 6]);
  });
});

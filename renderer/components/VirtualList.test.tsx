// @vitest-environment happy-dom
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { VirtualList } from './VirtualList';

afterEach(cleanup);

/** A scroller whose heights the test sets (happy-dom lays nothing out). */
function sized(el: HTMLElement, heights: { scroll: number; client: number }) {
  Object.defineProperty(el, 'scrollHeight', { configurable: true, get: () => heights.scroll });
  Object.defineProperty(el, 'clientHeight', { configurable: true, get: () => heights.client });
}

function list(count: number, follow: boolean) {
  return (
    <VirtualList
      count={count}
      itemKey={(i) => i}
      estimateSize={20}
      follow={follow}
      onFollowChange={() => {}}
      label="Rows"
      className="rows"
      rowClassName={() => 'row'}
      renderRow={(i) => `row ${i}`}
    />
  );
}

describe('VirtualList following its end', () => {
  it('follows rows as they arrive, but never pulls back a person who scrolled up before the list heard of it', () => {
    const heights = { scroll: 0, client: 100 };
    const { rerender, getByRole } = render(list(10, true));
    const el = getByRole('log');
    sized(el, heights);
    heights.scroll = 1000;
    rerender(list(50, true));
    expect(el.scrollTop).toBe(1000);
    // More rows while at the end: it follows.
    heights.scroll = 1200;
    rerender(list(60, true));
    expect(el.scrollTop).toBe(1200);
    // The person scrolls to the top; before the scroll event reaches the list (it comes with the next
    // frame) a row is measured or added: the person's scroll wins (the event then switches following off).
    el.scrollTop = 0;
    heights.scroll = 1300;
    rerender(list(65, true));
    expect(el.scrollTop).toBe(0);
  });

  it('goes to the end when following is switched on, wherever the view is', () => {
    const heights = { scroll: 0, client: 100 };
    const { rerender, getByRole } = render(list(10, true));
    const el = getByRole('log');
    sized(el, heights);
    heights.scroll = 1000;
    rerender(list(50, true));
    rerender(list(50, false));
    el.scrollTop = 0;
    rerender(list(50, true));
    expect(el.scrollTop).toBe(1000);
  });
});

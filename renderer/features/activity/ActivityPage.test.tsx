// @vitest-environment happy-dom
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ActivityEntry } from '../../../shared/host/activity';
import type { ActivityPage as Page } from '../../../shared/ipc/activityContract';
import { useApp } from '../../state/store';
import { recordingHost, renderWithHost } from '../../test/render';
import { ActivityPage } from './ActivityPage';

// happy-dom lays nothing out: the list's scroller is 600 px tall, each row 28 px.
beforeEach(() => {
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(600);
  vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockReturnValue(28);
});
afterEach(() => {
  vi.restoreAllMocks();
  useApp.setState(useApp.getInitialState(), true);
});

const RECORDED = 100_000;
const AT = new Date(2026, 0, 5, 3, 4, 5).getTime();
const entry = (n: number): ActivityEntry => ({
  kind: 'tool-call',
  server: 'files',
  tool: `tool${n}`,
  arguments: {},
  asker: { kind: 'model', conversationId: 'c1' },
  decision: 'once',
  outcome: 'ok',
  startedAt: AT,
  endedAt: AT + 1,
  at: AT,
  source: 'app',
  prev: '0'.repeat(64),
  hash: `hash${n}`,
});

/** A record of 100,000 entries, newest first; a search passes 30,000 of them. */
function record() {
  return recordingHost({
    getActivity: (filter, offset, limit) => {
      const total = (filter as { search?: string }).search ? 30_000 : RECORDED;
      const from = offset as number;
      const to = Math.min(total, from + (limit as number));
      return {
        entries: Array.from({ length: Math.max(0, to - from) }, (_, i) => entry(RECORDED - from - i)),
        total,
        recorded: RECORDED,
        problems: [],
      } satisfies Page;
    },
  });
}

describe('ActivityPage', () => {
  it('holds rows for the pages read and one more, not for the whole record; a search reads from the top', async () => {
    const { host, calls } = record();
    renderWithHost(<ActivityPage />, host);
    await screen.findByText('100,000 of 100,000 entries');
    const list = screen.getByRole('log', { name: 'Activity entries' });
    // Two pages of 200 rows of 28 px (the estimate): the page read and the one that follows it.
    expect((list.firstElementChild as HTMLElement).style.height).toBe(`${400 * 28}px`);
    expect(await screen.findAllByText(/tool99999\b/)).toHaveLength(1);
    // The time as the person's locale writes it.
    expect(screen.getAllByText(new Date(AT).toLocaleString()).length).toBeGreaterThan(0);

    // Scrolled down, then a search: its newest entries are shown, from the top.
    list.scrollTop = 5000;
    fireEvent.scroll(list);
    fireEvent.change(screen.getByPlaceholderText('Search the record'), { target: { value: 'tool' } });
    await act(() => new Promise((resolve) => setTimeout(resolve, 250)));
    await screen.findByText('30,000 of 100,000 entries');
    expect(calls.filter((c) => c.method === 'getActivity').map((c) => c.args)).toContainEqual([
      { search: 'tool' },
      0,
      200,
    ]);
    await waitFor(() => expect(list.scrollTop).toBe(0));
    // The pages the rows on screen asked for meanwhile, and one more: still not the 30,000.
    const height = Number.parseInt((list.firstElementChild as HTMLElement).style.height, 10);
    expect(height).toBeLessThanOrEqual(600 * 28);
  });
});

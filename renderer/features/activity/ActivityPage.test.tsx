// @vitest-environment happy-dom
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ActivityEntry } from '../../../shared/host/activity';
import type { ActivityPage as Page } from '../../../shared/ipc/activityContract';
import { useApp } from '../../state/store';
import { recordingHost, renderWithHost } from '../../test/render';
import { ActivityPage } from './ActivityPage';

// happy-dom lays nothing out: the list's scroller is 600 px tall (and can scroll far), each row 28 px; it has no scrollTo
// (here it scrolls, as a browser's would).
beforeEach(() => {
  Object.defineProperty(HTMLElement.prototype, 'scrollTo', {
    configurable: true,
    value(this: HTMLElement, to: ScrollToOptions) {
      this.scrollTop = to.top ?? this.scrollTop;
    },
  });
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(600);
  vi.spyOn(HTMLElement.prototype, 'scrollHeight', 'get').mockReturnValue(10_000_000);
  vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockReturnValue(28);
});
afterEach(() => {
  delete (HTMLElement.prototype as Partial<HTMLElement>).scrollTo;
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

/**
 * A record of 100,000 entries, newest first; a search passes 30,000 of them (every other entry from
 * the second newest on, the same entries as without it). `fails`: the offsets whose pages cannot be read.
 */
function record(fails: number[] = []) {
  return recordingHost({
    getActivity: (filter, offset, limit) => {
      const from = offset as number;
      if (fails.includes(from)) throw new Error('the record cannot be read');
      const search = !!(filter as { search?: string }).search;
      const total = search ? 30_000 : RECORDED;
      const to = Math.min(total, from + (limit as number));
      return {
        entries: Array.from({ length: Math.max(0, to - from) }, (_, i) =>
          entry(search ? RECORDED - 1 - 2 * (from + i) : RECORDED - from - i),
        ),
        total,
        recorded: RECORDED,
        problems: [],
      } satisfies Page;
    },
  });
}

const heightOf = (list: HTMLElement) =>
  Number.parseInt((list.firstElementChild as HTMLElement).style.height, 10);

/** Scrolls the list to the row at `index` (rows of 28 px). */
function scrollTo(list: HTMLElement, index: number) {
  list.scrollTop = index * 28;
  fireEvent.scroll(list);
}

async function search(words: string) {
  fireEvent.change(screen.getByPlaceholderText('Search the record'), { target: { value: words } });
  await act(() => new Promise((resolve) => setTimeout(resolve, 250)));
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

    // Scrolled down four pages, then a search: its newest entries are shown, from the top, the list
    // holding only what the new words have read.
    for (let page = 1; page <= 4; page++) {
      scrollTo(list, page * 200 - 10);
      await waitFor(() => expect(heightOf(list)).toBe((page + 2) * 200 * 28));
    }
    await search('tool');
    await screen.findByText('30,000 of 100,000 entries');
    expect(calls.filter((c) => c.method === 'getActivity').map((c) => c.args)).toContainEqual([
      { search: 'tool' },
      0,
      200,
    ]);
    const searched = screen.getByRole('log', { name: 'Activity entries' });
    expect(searched.scrollTop).toBe(0);
    await screen.findAllByText(/tool99999\b/);
    expect(heightOf(searched)).toBe(400 * 28);
  });

  it('goes back to the top when the words are taken away, though the first entry found was among the newest', async () => {
    const { host } = record();
    renderWithHost(<ActivityPage />, host);
    await screen.findByText('100,000 of 100,000 entries');
    await search('tool');
    await screen.findByText('30,000 of 100,000 entries');
    // The search's newest entry is the record's second: without the words it comes back one row down.
    await screen.findAllByText(/tool99999\b/);
    await search('');
    await screen.findByText('100,000 of 100,000 entries');
    await screen.findAllByText(/tool100000\b/);
    // A frame later (where the list would scroll to, it has).
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.getByRole('log', { name: 'Activity entries' }).scrollTop).toBe(0);
  });

  it('reaches past a page that could not be read (its rows stay unread)', async () => {
    const { host } = record([200]);
    renderWithHost(<ActivityPage />, host);
    await screen.findByText('100,000 of 100,000 entries');
    const list = screen.getByRole('log', { name: 'Activity entries' });
    scrollTo(list, 190);
    await waitFor(() => expect(heightOf(list)).toBe(600 * 28));
    scrollTo(list, 390);
    await waitFor(() => expect(heightOf(list)).toBe(800 * 28));
  });

  it("offers a sampling request's decisions in the Decision filter", async () => {
    const { host, calls } = record();
    renderWithHost(<ActivityPage />, host);
    await screen.findByText('100,000 of 100,000 entries');
    const decision = screen.getByLabelText('Decision') as HTMLSelectElement;
    expect(Array.from(decision.options, (o) => o.textContent)).toEqual(
      expect.arrayContaining([
        'approved (sampling)',
        'declined (sampling)',
        "the model's answer declined (sampling)",
      ]),
    );
    fireEvent.change(decision, { target: { value: 'result-declined' } });
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'getActivity').map((c) => c.args)).toContainEqual([
        { decision: 'result-declined' },
        0,
        200,
      ]),
    );
  });

  it("shows a server's hidden bytes in a tool's row as markers: one row, nothing drawn as another entry", async () => {
    const tool = 'leak\r\n2026-01-01 03:04 · files · read_file · ok\u001b[2K\u202eevil';
    const { host } = recordingHost({
      getActivity: () =>
        ({
          entries: [
            { ...(entry(1) as Extract<ActivityEntry, { kind: 'tool-call' }>), tool, server: 'files\nfake' },
          ],
          total: 1,
          recorded: 1,
          problems: [],
        }) satisfies Page,
    });
    renderWithHost(<ActivityPage />, host);
    const row = await screen.findByRole('button', { name: /leak/ });
    const marks = Array.from(row.querySelectorAll('mark.hidden-char'), (m) => m.textContent);
    expect(marks).toEqual([
      '⟨U+000A LINE FEED⟩',
      '⟨U+000D CONTROL ^M⟩',
      '⟨U+000A LINE FEED⟩',
      '⟨ANSI ESC[2K⟩',
      '⟨U+202E RIGHT-TO-LEFT OVERRIDE⟩',
    ]);
    // Nothing hidden is in the row as itself.
    expect(row.textContent).not.toMatch(/[\n\r\u202e]/);
    expect(row.textContent).not.toContain('\u001b');
  });
});

import { defaultRangeExtractor, type Range, useWindowVirtualizer } from '@tanstack/react-virtual';
import { startTransition, useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { ServerView } from '../../../shared/host/serverView';
import { ServerCard } from './ServerCard';

/** The narrowest a card gets and the space between cards (as `.cards` lays them out). */
const CARD_MIN = 340;
const GAP = 14;
/** Up to this many servers every card is in the page (found by the browser's search, tabbed through). */
const WHOLE_UP_TO = 16;
/** Cards drawn with the page itself when it is drawn whole; the others follow in a transition. */
const FIRST_CARDS = 6;

const columnsFor = (width: number) => Math.max(1, Math.floor((width + GAP) / (CARD_MIN + GAP)));

/**
 * How the grid was laid out when the page was last left: the columns, where it starts in the page, and
 * each row's height as last measured (by columns and first server). A visit back starts from them, so
 * drawing the page does not stop to lay it out: reading a row's height, or where the grid starts,
 * before the page is painted lays the whole page out once more — a third of a switch to Servers at
 * fifty servers. The resize observer corrects whatever changed meanwhile as soon as it is laid out.
 */
let lastVisit: { columns: number; margin: number } | undefined;
const rowHeights = new Map<string, number>();

/**
 * The servers' cards. A few are all drawn (the first ones with the page, the rest right after, in a
 * transition a click interrupts); many are drawn a row at a time as the page scrolls to them — fifty
 * cards made and unmade on every visit to Servers was what kept a page switch near 50 ms. `revealing`
 * (a server picked in the command palette) scrolls its row into the page, where `revealServer` finds
 * the card. The row holding the focus stays in the page however far it is scrolled from.
 */
export function ServerGrid({ servers, revealing }: { servers: ServerView[]; revealing?: string }) {
  const whole = servers.length <= WHOLE_UP_TO;
  const [drawn, setDrawn] = useState(FIRST_CARDS);
  useEffect(() => {
    if (whole && drawn < servers.length) startTransition(() => setDrawn(Number.POSITIVE_INFINITY));
  }, [whole, drawn, servers.length]);
  if (whole)
    return (
      <div className="cards whole">
        {servers.slice(0, drawn).map((s) => (
          <ServerCard key={s.id} server={s} />
        ))}
      </div>
    );
  return <VirtualGrid servers={servers} revealing={revealing} />;
}

function VirtualGrid({ servers, revealing }: { servers: ServerView[]; revealing: string | undefined }) {
  const grid = useRef<HTMLDivElement>(null);
  // How many cards fit across, and where the grid starts in the page (what is above it can grow: a
  // banner, the first-run checklist), both followed as the window and the page change size.
  // First guessed from the window (the sidebar, the page's padding and widest), so the first drawing is
  // most often right and not drawn again at once.
  const [columns, setColumns] = useState(
    () => lastVisit?.columns ?? columnsFor(Math.min(window.innerWidth - 200, 1100) - 56),
  );
  const [margin, setMargin] = useState(lastVisit?.margin ?? 120);
  useLayoutEffect(() => {
    const el = grid.current;
    if (!el) return;
    const place = () => {
      setColumns(columnsFor(el.clientWidth));
      setMargin(Math.round(el.getBoundingClientRect().top + window.scrollY));
    };
    if (!lastVisit) place();
    const observer = new ResizeObserver(place);
    observer.observe(el);
    observer.observe(document.body);
    return () => observer.disconnect();
  }, []);
  const rows = Math.ceil(servers.length / columns);
  const [focusedRow, setFocusedRow] = useState<number>();
  useEffect(() => {
    const el = grid.current;
    const focused = (e: FocusEvent) => {
      const row = (e.target as HTMLElement).closest<HTMLElement>('[data-index]')?.dataset.index;
      if (row !== undefined) setFocusedRow(Number(row));
    };
    el?.addEventListener('focusin', focused);
    return () => el?.removeEventListener('focusin', focused);
  }, []);
  const rowKey = (row: number) => `${columns}:${servers[row * columns]?.id ?? row}`;
  const virtual = useWindowVirtualizer({
    count: rows,
    estimateSize: (row) => rowHeights.get(rowKey(row)) ?? 300,
    measureElement: (el, entry) => {
      const key = rowKey(Number((el as HTMLElement).dataset.index));
      const box = entry?.borderBoxSize[0];
      const height = box
        ? Math.round(box.blockSize)
        : (rowHeights.get(key) ?? (el as HTMLElement).offsetHeight);
      rowHeights.set(key, height);
      return height;
    },
    overscan: 1,
    scrollMargin: margin,
    getItemKey: (row) => servers[row * columns]?.id ?? row,
    useFlushSync: false,
    rangeExtractor: (range: Range) => {
      const shown = defaultRangeExtractor(range);
      return focusedRow === undefined || focusedRow >= range.count || shown.includes(focusedRow)
        ? shown
        : [...shown, focusedRow].sort((a, b) => a - b);
    },
  });
  useEffect(() => {
    lastVisit = { columns, margin };
  }, [columns, margin]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new pick is the trigger
  useEffect(() => {
    if (revealing === undefined) return;
    const at = servers.findIndex((s) => s.id === revealing);
    if (at >= 0) virtual.scrollToIndex(Math.floor(at / columns), { align: 'center' });
  }, [revealing]);
  return (
    <div ref={grid} className="card-rows" style={{ height: virtual.getTotalSize(), position: 'relative' }}>
      {virtual.getVirtualItems().map((row) => (
        <div
          key={row.key}
          data-index={row.index}
          ref={virtual.measureElement}
          className="cards"
          style={{
            position: 'absolute',
            top: row.start - margin,
            left: 0,
            right: 0,
            paddingBottom: GAP,
            gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))`,
          }}
        >
          {servers.slice(row.index * columns, (row.index + 1) * columns).map((s) => (
            <ServerCard key={s.id} server={s} />
          ))}
        </div>
      ))}
    </div>
  );
}

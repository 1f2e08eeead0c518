import {
  defaultRangeExtractor,
  observeElementOffset,
  type Range,
  useVirtualizer,
} from '@tanstack/react-virtual';
import { type ReactNode, useEffect, useLayoutEffect, useRef } from 'react';

const NONE: readonly number[] = [];

/**
 * A long list in which only the rows on screen are in the page (each measured as it renders), that
 * can follow its end: while `follow` is on it stays at the bottom as rows arrive or grow. Scrolling
 * away from the bottom, or back to it, is reported so the caller can switch following off or on.
 * A list whose start is not all there yet says when its top comes near (`onNearStart`); rows then
 * added before the first one leave what is on screen where it was.
 */
export function VirtualList({
  count,
  itemKey,
  estimateSize,
  overscan = 10,
  follow,
  onFollowChange,
  label,
  className,
  rowClassName,
  renderRow,
  pinned = NONE,
  onNearStart,
  reveal,
}: {
  count: number;
  itemKey: (index: number) => string | number;
  estimateSize: number;
  overscan?: number;
  follow: boolean;
  onFollowChange: (atBottom: boolean) => void;
  label: string;
  className: string;
  rowClassName: (index: number) => string;
  renderRow: (index: number) => ReactNode;
  /** Rows kept in the page even when scrolled away (a live frame in them would reload). */
  pinned?: readonly number[];
  /** More rows can come before the first: called when the top is within a screen of being reached. */
  onNearStart?: () => void;
  /** A row to bring into view (centred), once per `asked`; following stops. */
  reveal?: { index: number; asked: object };
}) {
  const scroller = useRef<HTMLDivElement>(null);
  /** Tells the virtualiser where the view is now, as the scroll event will (see `place`). */
  const heard = useRef<(offset: number) => void>(undefined);
  const virtual = useVirtualizer({
    count,
    getScrollElement: () => scroller.current,
    estimateSize: () => estimateSize,
    overscan,
    getItemKey: itemKey,
    observeElementOffset: (instance, onOffset) => {
      heard.current = (offset) => onOffset(offset, false);
      return observeElementOffset(instance, onOffset);
    },
    // Scrolling and measuring re-render in React's own time, not synchronously inside the scroll event
    // or the row's ref: under a flood (the Logs page following 10,000 lines a second) the forced
    // renders queued up ahead of a person's click.
    useFlushSync: false,
    rangeExtractor: (range: Range) =>
      pinned.length === 0
        ? defaultRangeExtractor(range)
        : [...new Set([...defaultRangeExtractor(range), ...pinned.filter((i) => i < range.count)])].sort(
            (a, b) => a - b,
          ),
  });
  /**
   * Moves the view, and tells the virtualiser at once. It learns where the view is from the scroll
   * event, which Chromium delivers with the next frame, after React may have committed again: until
   * then it lays rows out, measures them and corrects for their sizes against where it last heard the
   * view was — writing that stale place back when it attaches again (effects reconnected: a
   * conversation just opened went to its top), and leaving rows read above the view uncompensated (the
   * view drifted down as an older page joined).
   */
  const place = (el: HTMLElement, top: number) => {
    el.scrollTop = top;
    heard.current?.(el.scrollTop);
  };
  const total = virtual.getTotalSize();
  // New rows, and rows measured taller than estimated, both move the bottom. Where following last
  // put the view is kept: a person who scrolled up since, whose scroll event has not come yet (it
  // comes with the next frame, a render may come first), is not pulled back down; the event then
  // switches following off. Following switched on goes to the end wherever the view is.
  const placed = useRef<number>(undefined);
  const followed = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: count and total are the triggers
  useEffect(() => {
    const el = scroller.current;
    const switchedOn = follow && !followed.current;
    followed.current = follow;
    if (!follow || !el) return;
    const away = el.scrollHeight - el.scrollTop - el.clientHeight >= 40;
    if (!switchedOn && away && placed.current !== undefined && el.scrollTop < placed.current - 1) return;
    place(el, el.scrollHeight);
    placed.current = el.scrollTop;
  }, [follow, count, total]);
  // Rows added before the first one: the view moves down by their height, so what was on screen
  // stays there (rows measured taller or shorter later are adjusted for by the virtualiser). Following
  // or not: `follow` may not know yet that the person scrolled up (an older page can come before the
  // scroll's own update); where following last put the view moves with it.
  const firstKey = count > 0 ? itemKey(0) : undefined;
  const lastFirst = useRef(firstKey);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the first row's key is the trigger
  useLayoutEffect(() => {
    const before = lastFirst.current;
    lastFirst.current = firstKey;
    const el = scroller.current;
    if (before === undefined || before === firstKey || !el) return;
    let added = 0;
    while (added < count && itemKey(added) !== before) added++;
    const moved = added < count ? virtual.measurementsCache[added]?.start : undefined;
    if (!moved) return;
    if (placed.current !== undefined) placed.current += moved;
    place(el, el.scrollTop + moved);
  }, [firstKey]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new ask is the trigger
  useEffect(() => {
    if (!reveal) return;
    onFollowChange(false);
    virtual.scrollToIndex(reveal.index, { align: 'center' });
  }, [reveal?.asked]);
  // Near the top, or nothing to scroll yet: more rows are asked for.
  const nearStart = (el: HTMLElement) => {
    if (onNearStart && el.scrollTop < el.clientHeight) onNearStart();
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new count may still leave the top in view
  useEffect(() => {
    const el = scroller.current;
    if (el && el.scrollHeight <= el.clientHeight) nearStart(el);
  }, [count, onNearStart]);
  return (
    <div
      ref={scroller}
      className={className}
      role="log"
      aria-label={label}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus for keyboard scrolling
      tabIndex={0}
      onScroll={(e) => {
        const el = e.currentTarget;
        const atBottom = el.scrollHeight - el.scrollTop - el.clientHeight < 40;
        if (atBottom !== follow) onFollowChange(atBottom);
        nearStart(el);
      }}
    >
      <div style={{ height: total, position: 'relative' }}>
        {virtual.getVirtualItems().map((row) => (
          <div
            key={row.key}
            data-index={row.index}
            ref={virtual.measureElement}
            className={rowClassName(row.index)}
            style={{
              // Placed by `top`, not a transform: a transformed row would hold a fixed-position
              // descendant (a floating View) inside itself.
              position: 'absolute',
              top: row.start,
              left: 0,
              right: 0,
            }}
          >
            {renderRow(row.index)}
          </div>
        ))}
      </div>
    </div>
  );
}

import { defaultRangeExtractor, type Range, useVirtualizer } from '@tanstack/react-virtual';
import { type ReactNode, useEffect, useRef } from 'react';

const NONE: readonly number[] = [];

/**
 * A long list in which only the rows on screen are in the page (each measured as it renders), that
 * can follow its end: while `follow` is on it stays at the bottom as rows arrive or grow. Scrolling
 * away from the bottom, or back to it, is reported so the caller can switch following off or on.
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
}) {
  const scroller = useRef<HTMLDivElement>(null);
  const virtual = useVirtualizer({
    count,
    getScrollElement: () => scroller.current,
    estimateSize: () => estimateSize,
    overscan,
    getItemKey: itemKey,
    rangeExtractor: (range: Range) =>
      pinned.length === 0
        ? defaultRangeExtractor(range)
        : [...new Set([...defaultRangeExtractor(range), ...pinned.filter((i) => i < range.count)])].sort(
            (a, b) => a - b,
          ),
  });
  const total = virtual.getTotalSize();
  // New rows, and rows measured taller than estimated, both move the bottom.
  // biome-ignore lint/correctness/useExhaustiveDependencies: count and total are the triggers
  useEffect(() => {
    const el = scroller.current;
    if (follow && el) el.scrollTop = el.scrollHeight;
  }, [follow, count, total]);
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

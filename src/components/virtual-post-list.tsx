import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { useLayoutEffect, useRef, useState } from 'react';
import { cn } from '@/lib/cn';
import type { PostListProps } from './post-list-props';

/** The space between cards, in px (Tailwind's gap-4). */
const GAP = 16;

/** A long list of post cards that renders only the cards on screen and a few around them. */
export function VirtualPostList<T extends { id: string }>({
  items,
  renderItem,
  estimateSize = 360,
  className,
}: PostListProps<T>) {
  const listRef = useRef<HTMLUListElement>(null);
  const [scrollMargin, setScrollMargin] = useState(0);
  // The window scrolls; the list starts below the header and the filters.
  useLayoutEffect(() => {
    const list = listRef.current;
    if (list) setScrollMargin(list.getBoundingClientRect().top + window.scrollY);
  }, []);

  const virtualizer = useWindowVirtualizer({
    count: items.length,
    estimateSize: () => estimateSize,
    overscan: 4,
    gap: GAP,
    scrollMargin,
    getItemKey: (index) => items[index]?.id ?? index,
  });

  return (
    <ul ref={listRef} className={cn('relative', className)} style={{ height: virtualizer.getTotalSize() }}>
      {virtualizer.getVirtualItems().map((row) => {
        const item = items[row.index];
        if (!item) return null;
        return (
          <li
            key={row.key}
            data-index={row.index}
            ref={virtualizer.measureElement}
            aria-setsize={items.length}
            aria-posinset={row.index + 1}
            className="absolute top-0 left-0 w-full"
            style={{ transform: `translateY(${row.start - scrollMargin}px)` }}
          >
            {renderItem(item)}
          </li>
        );
      })}
    </ul>
  );
}

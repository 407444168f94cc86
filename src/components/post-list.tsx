import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { type ReactNode, useLayoutEffect, useRef, useState } from 'react';
import { cn } from '@/lib/cn';

/** Longer lists render only the cards on screen (and a few around them). */
export const VIRTUALIZE_AFTER = 50;
/** The space between cards, in px (Tailwind's gap-4). */
const GAP = 16;

export interface PostListProps<T extends { id: string }> {
  items: readonly T[];
  renderItem: (item: T) => ReactNode;
  /** A card's likely height before it is measured. */
  estimateSize?: number;
  className?: string;
}

/**
 * A list of post cards. Up to 50 are all rendered; a longer list renders only what is on screen, so a day
 * with hundreds of posts scrolls smoothly on a phone. Each rendered item says its place in the whole list
 * (`aria-posinset` of `aria-setsize`), so screen readers still announce "12 of 300".
 */
export function PostList<T extends { id: string }>(props: PostListProps<T>) {
  if (props.items.length <= VIRTUALIZE_AFTER) {
    return (
      <ul className={cn('flex flex-col gap-4', props.className)}>
        {props.items.map((item) => (
          <li key={item.id}>{props.renderItem(item)}</li>
        ))}
      </ul>
    );
  }
  return <VirtualPostList {...props} />;
}

function VirtualPostList<T extends { id: string }>({
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

import { lazy, type ReactNode, Suspense, startTransition, useEffect, useState } from 'react';
import { useHydrated } from '@/first-screen/use-hydrated';
import { cn } from '@/lib/cn';

// The virtualizer is its own chunk: a day of up to 50 posts (most days) never loads it.
const VirtualPostList = lazy(() =>
  import('./virtual-post-list').then((m) => ({ default: m.VirtualPostList })),
);

/** Longer lists render only the cards on screen (and a few around them). */
export const VIRTUALIZE_AFTER = 50;

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
  const drawn = useDrawnCount(props.items.length);
  const hydrated = useHydrated();
  if (props.items.length <= VIRTUALIZE_AFTER) return <PlainList {...props} shown={drawn} />;
  // The server draws the first cards as a plain list (it has no screen to measure), and the app takes
  // that over as it is before it loads the virtualizer (decision 020).
  if (!hydrated) return <PlainList {...props} shown={Math.min(drawn, VIRTUALIZE_AFTER)} />;
  // While the virtualizer loads, the first cards show as a plain list.
  return (
    <Suspense fallback={<PlainList {...props} shown={VIRTUALIZE_AFTER} />}>
      {/* lazy() drops the type parameter; the props are the same PostListProps<T>. */}
      <VirtualPostList {...(props as unknown as PostListProps<{ id: string }>)} />
    </Suspense>
  );
}

/** How many cards the first pass draws: about a phone screen's worth, so the first screen shows sooner. */
export const FIRST_PASS_CARDS = 3;

/**
 * How many of `count` cards to draw: the first few at once, the rest in a transition right after, which
 * React renders in slices between frames instead of one long task before the page can respond.
 */
function useDrawnCount(count: number): number {
  const [all, setAll] = useState(count <= FIRST_PASS_CARDS);
  useEffect(() => {
    if (!all) startTransition(() => setAll(true));
  }, [all]);
  return all ? count : Math.min(count, FIRST_PASS_CARDS);
}

/** The first `shown` cards (all by default); when that is not all, each says its place in the whole list. */
function PlainList<T extends { id: string }>({
  items,
  renderItem,
  className,
  shown = items.length,
}: PostListProps<T> & { shown?: number }) {
  const partial = shown < items.length;
  return (
    <ul className={cn('flex flex-col gap-4', className)}>
      {items.slice(0, shown).map((item, index) => (
        <li
          key={item.id}
          // A card off screen is not laid out or painted until it nears the screen (its last height, or
          // about a card's, holds its place meanwhile).
          className="[contain-intrinsic-size:auto_22rem] [content-visibility:auto]"
          {...(partial ? { 'aria-setsize': items.length, 'aria-posinset': index + 1 } : {})}
        >
          {renderItem(item)}
        </li>
      ))}
    </ul>
  );
}

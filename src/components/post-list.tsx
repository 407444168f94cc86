import { lazy, type RefObject, Suspense, startTransition, useEffect, useRef, useState } from 'react';
import { nextTask } from '@/first-screen/next-task';
import { useHydrated } from '@/first-screen/use-hydrated';
import { cn } from '@/lib/cn';
import type { PostListProps } from './post-list-props';

export type { PostListProps } from './post-list-props';

// The virtualizer is its own chunk: a day of up to 50 posts (most days) never loads it.
const VirtualPostList = lazy(() =>
  import('./virtual-post-list').then((m) => ({ default: m.VirtualPostList })),
);

/** Longer lists render only the cards on screen (and a few around them). */
export const VIRTUALIZE_AFTER = 50;

/**
 * A list of post cards. Up to 50 are drawn as they come near the screen, a few at a time; a longer list
 * renders only what is on screen, so a day with hundreds of posts scrolls smoothly on a phone. While not
 * every card is drawn, each says its place in the whole list (`aria-posinset` of `aria-setsize`), so
 * screen readers still announce "12 of 50".
 */
export function PostList<T extends { id: string }>(props: PostListProps<T>) {
  const end = useRef<HTMLDivElement>(null);
  const drawn = useDrawnCount(props.items, end, props.drawNow);
  const hydrated = useHydrated();
  if (props.items.length <= VIRTUALIZE_AFTER) return <PlainList {...props} shown={drawn} end={end} />;
  // The server draws the first cards as a plain list (it has no screen to measure), and the app takes
  // that over as it is before it loads the virtualizer (decision 020).
  if (!hydrated) return <PlainList {...props} shown={Math.min(drawn, VIRTUALIZE_AFTER)} end={end} />;
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
 * How many cards each later pass adds. The cards a pass adds are put in the page in one go (React's
 * commit cannot be cut), and every pass lays the page out again: a few at a time keep each pass short.
 */
export const CARDS_PER_PASS = 4;

/**
 * How near the list's end must come to the screen for more cards to be drawn: a screen and a half
 * below it, so that cards are there before a person scrolling reaches them.
 */
export const DRAW_AHEAD = '0px 0px 150% 0px';

/**
 * How many of `items` to draw (decision 055): the first few at once, then a few more each time the end of
 * what is drawn comes near the screen, each pass a transition that input can interrupt. A card far below
 * costs a phone its layout and its take-over; until the person scrolls towards it, it is not drawn. Where
 * the browser cannot tell what is near the screen, a few more are drawn per task until all are.
 */
function useDrawnCount<T>(
  items: readonly T[],
  end: RefObject<HTMLElement | null>,
  drawNow: ((item: T) => boolean) | undefined,
): number {
  // The first pass's count even while the list is still empty, so that a list arriving later shows its
  // first cards at once.
  const [drawn, setDrawn] = useState(FIRST_PASS_CARDS);
  const shown = Math.min(items.length, drawn);

  // After the first render (which takes the server's page over as it was drawn): every card that must be
  // drawn now is, with those above it.
  useEffect(() => {
    if (!drawNow) return;
    const needed = items.findLastIndex(drawNow) + 1;
    if (needed > 0) startTransition(() => setDrawn((before) => Math.max(before, needed)));
  }, [items, drawNow]);

  useEffect(() => {
    if (shown >= items.length) return;
    const more = () => startTransition(() => setDrawn((before) => before + CARDS_PER_PASS));
    if (typeof IntersectionObserver === 'undefined') {
      let gone = false;
      void nextTask().then(() => {
        if (!gone) more();
      });
      return () => {
        gone = true;
      };
    }
    // No end drawn: the list is virtualized, and draws what is on screen itself.
    const sentinel = end.current;
    if (!sentinel) return;
    // A new observer after every pass reports at once whether the end is still near.
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        more();
      },
      { rootMargin: DRAW_AHEAD },
    );
    observer.observe(sentinel);
    return () => observer.disconnect();
  }, [items.length, shown, end]);
  return shown;
}

/**
 * The first `shown` cards (all by default); when that is not all, each says its place in the whole list,
 * and `end` marks where the drawn cards stop.
 */
function PlainList<T extends { id: string }>({
  items,
  renderItem,
  className,
  shown = items.length,
  end,
}: PostListProps<T> & { shown?: number; end?: RefObject<HTMLDivElement | null> }) {
  const partial = shown < items.length;
  return (
    <>
      <ul className={cn('flex flex-col gap-4', className)}>
        {items.slice(0, shown).map((item, index) => (
          <li
            key={item.id}
            {...(partial ? { 'aria-setsize': items.length, 'aria-posinset': index + 1 } : {})}
          >
            {renderItem(item)}
          </li>
        ))}
      </ul>
      {partial && end ? <div ref={end} aria-hidden="true" /> : null}
    </>
  );
}

import { act, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CARDS_PER_PASS, DRAW_AHEAD, FIRST_PASS_CARDS, PostList, type PostListProps } from './post-list';

const day = Array.from({ length: 22 }, (_, index) => ({
  id: `post-${index + 1}`,
  title: `Post ${index + 1}`,
}));

type Item = (typeof day)[number];

function Day({ items = day, drawNow }: { items?: typeof day; drawNow?: PostListProps<Item>['drawNow'] }) {
  return (
    <PostList
      items={items}
      drawNow={drawNow}
      renderItem={(item) => <article aria-label={item.title}>{item.title}</article>}
    />
  );
}

/** What the browser reports of the end of the drawn cards: whether it is near the screen. */
const screenState = {
  near: false,
  observers: new Set<NearScreen>(),
  margins: [] as string[],
  /** The person scrolls: the end comes near, or goes away. */
  scroll(near: boolean) {
    screenState.near = near;
    for (const observer of screenState.observers) observer.tell();
  },
};

/** An IntersectionObserver that reports at once, as a browser's does, then on every scroll. */
class NearScreen {
  readonly report: IntersectionObserverCallback;
  constructor(report: IntersectionObserverCallback, options?: IntersectionObserverInit) {
    this.report = report;
    screenState.margins.push(options?.rootMargin ?? '');
  }
  observe() {
    screenState.observers.add(this);
    queueMicrotask(() => this.tell());
  }
  disconnect() {
    screenState.observers.delete(this);
  }
  tell() {
    if (!screenState.observers.has(this)) return;
    this.report([{ isIntersecting: screenState.near } as IntersectionObserverEntry], this as never);
  }
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('a list of post cards', () => {
  it('shows the first cards at once, then the rest a few per pass, each saying its place until all show', async () => {
    // How many cards the page held after each change React made to it.
    const seen: number[] = [];
    const observer = new MutationObserver(() => {
      seen.push(document.querySelectorAll('article').length);
    });
    observer.observe(document.body, { childList: true, subtree: true });
    render(<Day />);
    expect(screen.getAllByRole('article')).toHaveLength(FIRST_PASS_CARDS);
    expect(screen.getAllByRole('listitem')[0]?.getAttribute('aria-setsize')).toBe('22');
    expect(screen.getAllByRole('listitem')[2]?.getAttribute('aria-posinset')).toBe('3');

    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(day.length));
    observer.disconnect();
    expect(screen.getByRole('article', { name: 'Post 22' }).textContent).toBe('Post 22');
    // Once all show, the list is whole: no item claims a place in a longer one.
    expect(screen.getAllByRole('listitem')[0]?.getAttribute('aria-setsize')).toBeNull();
    // No pass put more than a few cards in the page at once.
    const added = seen.map((count, index) => count - (seen[index - 1] ?? FIRST_PASS_CARDS));
    expect(Math.max(...added)).toBeLessThanOrEqual(CARDS_PER_PASS);
    expect(seen.length).toBeGreaterThanOrEqual(Math.ceil((day.length - FIRST_PASS_CARDS) / CARDS_PER_PASS));
  });

  it('draws a short day whole at once', () => {
    render(<Day items={day.slice(0, FIRST_PASS_CARDS)} />);
    expect(screen.getAllByRole('article')).toHaveLength(FIRST_PASS_CARDS);
    expect(screen.getAllByRole('listitem')[0]?.getAttribute('aria-setsize')).toBeNull();
  });

  it('shows cards that arrive later too, without dropping those shown', async () => {
    const { rerender } = render(<Day items={day.slice(0, 5)} />);
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(5));
    rerender(<Day items={day} />);
    expect(screen.getAllByRole('article').length).toBeGreaterThanOrEqual(5);
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(day.length));
  });

  it('draws more cards only as the end of those drawn comes near the screen', async () => {
    screenState.near = false;
    screenState.margins = [];
    vi.stubGlobal('IntersectionObserver', NearScreen);
    render(<Day />);
    expect(screen.getAllByRole('article')).toHaveLength(FIRST_PASS_CARDS);
    await act(async () => {});
    // The end is far below: nothing more is drawn.
    expect(screen.getAllByRole('article')).toHaveLength(FIRST_PASS_CARDS);
    expect(screenState.margins).toContain(DRAW_AHEAD);

    // The person scrolls down: a pass at a time until the end is beyond a screen and a half again.
    await act(async () => screenState.scroll(true));
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(day.length));
    expect(screen.getAllByRole('listitem')[0]?.getAttribute('aria-setsize')).toBeNull();
  });

  it('stops drawing while the end stays far from the screen', async () => {
    screenState.near = true;
    vi.stubGlobal('IntersectionObserver', NearScreen);
    render(<Day />);
    await waitFor(() => expect(screen.getAllByRole('article').length).toBeGreaterThan(FIRST_PASS_CARDS));
    await act(async () => screenState.scroll(false));
    const drawn = screen.getAllByRole('article').length;
    await act(async () => {});
    expect(screen.getAllByRole('article')).toHaveLength(drawn);
    expect(drawn).toBeLessThan(day.length);
  });

  it('draws at once a card far down the list that must be drawn now, with those above it', async () => {
    screenState.near = false;
    vi.stubGlobal('IntersectionObserver', NearScreen);
    render(<Day drawNow={(item) => item.id === 'post-15'} />);
    await waitFor(() => expect(screen.getByRole('article', { name: 'Post 15' }).textContent).toBe('Post 15'));
    expect(screen.getAllByRole('article')).toHaveLength(15);
  });

  it('shows the first cards of a day that arrives after an empty list at once', () => {
    screenState.near = false;
    vi.stubGlobal('IntersectionObserver', NearScreen);
    const { rerender } = render(<Day items={[]} />);
    expect(screen.queryAllByRole('article')).toHaveLength(0);
    rerender(<Day items={day} />);
    expect(screen.getAllByRole('article')).toHaveLength(FIRST_PASS_CARDS);
  });
});

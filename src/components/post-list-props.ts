import type { ReactNode } from 'react';

/** What a list of post cards takes (`PostList`, and the virtualized list it loads for long days). */
export interface PostListProps<T extends { id: string }> {
  items: readonly T[];
  renderItem: (item: T) => ReactNode;
  /** A card's likely height before it is measured. */
  estimateSize?: number;
  className?: string;
  /**
   * An item whose card must be drawn now, wherever it is in the list: one holding what the person typed
   * before the page went away, which only its card saves.
   */
  drawNow?: (item: T) => boolean;
}

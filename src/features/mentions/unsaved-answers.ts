/**
 * Answers typed and not yet in the mirror: each save keeps its text here until the mirror's write
 * lands, and the page going away (a reload, a closed tab) keeps what is still in the 500 ms pause.
 * `localStorage` writes at once, where the mirror's IndexedDB write may not finish before the page is
 * gone. The card that shows the post again saves the text through the outbox and forgets it here.
 */
const prefix = 'replyradar:unsaved-answer:';

/** An answer typed and not yet saved, with the version it was started on (null: not known). */
export interface UnsavedAnswer {
  text: string;
  startedFrom: number | null;
}

/** Keeps `text` as the answer typed for `postId` on version `startedFrom` and not yet saved. */
export function keepUnsavedAnswer(postId: string, text: string, startedFrom: number): void {
  try {
    localStorage.setItem(prefix + postId, JSON.stringify({ text, startedFrom }));
  } catch {
    // Storage refused (full, or private browsing): the mirror's write is all there is.
  }
}

function parseKept(kept: string): UnsavedAnswer {
  try {
    const value: unknown = JSON.parse(kept);
    if (typeof value === 'object' && value !== null && 'text' in value && typeof value.text === 'string') {
      const from = 'startedFrom' in value && typeof value.startedFrom === 'number' ? value.startedFrom : null;
      return { text: value.text, startedFrom: from };
    }
  } catch {
    // Kept by an earlier version of the app: the text alone.
  }
  return { text: kept, startedFrom: null };
}

/** The answer typed for `postId` and not yet saved, or null. */
export function unsavedAnswer(postId: string): UnsavedAnswer | null {
  try {
    const kept = localStorage.getItem(prefix + postId);
    return kept === null ? null : parseKept(kept);
  } catch {
    return null;
  }
}

/** Whether an answer typed for `post` waits to be saved (a list draws its card at once). */
export function holdsUnsavedAnswer(post: { id: string }): boolean {
  return unsavedAnswer(post.id) !== null;
}

/** Forgets the unsaved answer of `postId`, once `saved` is what was kept (a newer one stays). */
export function forgetUnsavedAnswer(postId: string, saved: string): void {
  try {
    const kept = localStorage.getItem(prefix + postId);
    if (kept !== null && parseKept(kept).text === saved) localStorage.removeItem(prefix + postId);
  } catch {
    // Nothing was kept.
  }
}

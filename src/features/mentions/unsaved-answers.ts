/**
 * Answers typed in the moment before the page went away (a reload, a closed tab), kept in
 * `localStorage`: it writes at once, where the mirror's IndexedDB write may not finish before the page
 * is gone. The card that shows the post again saves the text through the outbox and forgets it here.
 */
const prefix = 'replyradar:unsaved-answer:';

/** Keeps `text` as the answer typed for `postId` and not yet saved. */
export function keepUnsavedAnswer(postId: string, text: string): void {
  try {
    localStorage.setItem(prefix + postId, text);
  } catch {
    // Storage refused (full, or private browsing): the mirror's write is all there is.
  }
}

/** The answer typed for `postId` and not yet saved, or null. */
export function unsavedAnswer(postId: string): string | null {
  try {
    return localStorage.getItem(prefix + postId);
  } catch {
    return null;
  }
}

/** Forgets the unsaved answer of `postId`, once `saved` is what was kept (a newer one stays). */
export function forgetUnsavedAnswer(postId: string, saved: string): void {
  try {
    if (localStorage.getItem(prefix + postId) === saved) localStorage.removeItem(prefix + postId);
  } catch {
    // Nothing was kept.
  }
}

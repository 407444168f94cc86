import { useContext, useEffect, useRef, useState } from 'react';
import type { MirrorDb, MirrorPost } from '@/db/mirror';
import { requestPersistentStorage } from '@/db/persistent-storage';
import { editAnswer } from '@/sync/answer-outbox';
import { forgetUnsavedAnswer, keepUnsavedAnswer, unsavedAnswer } from '../unsaved-answers';
import { PostsEditable } from './posts-editable';

/** How long typing must pause before the answer is saved. */
export const ANSWER_SAVE_DELAY_MS = 500;

export function logFailure(what: string) {
  return (error: unknown) => console.error(what, error);
}

/** After the person's first change the outbox holds something worth keeping: ask to keep the storage. */
export function keepStorage() {
  requestPersistentStorage().catch(logFailure('Could not ask for persistent storage'));
}

/**
 * The answer as the mirror has it, with the person's typing shown at once and saved through the outbox
 * once they pause; an edit not yet saved is saved when the card goes away, or the page.
 */
export function useAnswerDraft(db: MirrorDb, post: MirrorPost) {
  const [draft, setDraft] = useState<string | null>(null);
  const pending = useRef<{ timer: ReturnType<typeof setTimeout>; text: string; edit: number } | null>(null);
  // Counts this card's changes. `kept` is the change whose text `localStorage` holds (kept while its
  // save is written, or taken up from the page before): once that change or a later one is in the mirror,
  // the kept text is stale and goes, else the next page would bring it back over what was typed since.
  const edits = useRef(0);
  const kept = useRef<{ edit: number; text: string } | null>(null);
  // The version shown when this edit's first keystroke landed: a teammate's edit taken in meanwhile
  // makes the save a conflict rather than overwriting it (`editAnswer`'s `startedFrom`).
  const startedFrom = useRef<number | null>(null);
  const shownVersion = useRef(post.answerVersion);
  shownVersion.current = post.answerVersion;
  const editable = useContext(PostsEditable);

  const saveOptions = () => (startedFrom.current === null ? {} : { startedFrom: startedFrom.current });

  const forgetKept = (edit: number) => {
    if (kept.current === null || edit < kept.current.edit) return;
    forgetUnsavedAnswer(post.id, kept.current.text);
    kept.current = null;
  };

  const save = (text: string, edit: number) => {
    pending.current = null;
    const options = saveOptions();
    startedFrom.current = null;
    // Kept at once where a page going away cannot lose it, until the mirror's write lands: a reload just
    // after the pause would otherwise cut that write off with nothing kept (`unsaved-answers.ts`).
    keepUnsavedAnswer(post.id, text, options.startedFrom ?? shownVersion.current);
    kept.current = { edit, text };
    void editAnswer(db, post.id, text, options)
      .then(() => forgetKept(edit))
      .then(keepStorage)
      .catch(logFailure('Could not save the answer'))
      .finally(() => setDraft((current) => (current === text ? null : current)));
  };

  const change = (text: string, from = shownVersion.current) => {
    setDraft(text);
    startedFrom.current ??= from;
    if (pending.current) clearTimeout(pending.current.timer);
    edits.current += 1;
    const edit = edits.current;
    pending.current = { text, edit, timer: setTimeout(() => save(text, edit), ANSWER_SAVE_DELAY_MS) };
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once, to save an edit left on unmount.
  useEffect(
    () => () => {
      const left = pending.current;
      if (!left) return;
      clearTimeout(left.timer);
      void editAnswer(db, post.id, left.text, saveOptions()).catch(logFailure('Could not save the answer'));
    },
    [],
  );

  // The page going away (a reload, a closed tab, a switch to another app on a phone) does not wait for
  // the pause: the edit is written to the mirror's outbox at once, and kept in `localStorage` in case
  // that write does not finish before the page is gone (`unsaved-answers.ts`).
  // biome-ignore lint/correctness/useExhaustiveDependencies: `save` reads the refs; listening once is enough.
  useEffect(() => {
    const saveNow = () => {
      const left = pending.current;
      if (!left) return;
      clearTimeout(left.timer);
      save(left.text, left.edit);
    };
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') saveNow();
    };
    window.addEventListener('pagehide', saveNow);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      window.removeEventListener('pagehide', saveNow);
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, []);

  // What was typed as the page last went away, the first time the card can be edited: shown, and saved.
  // Only then: were the cards to turn read-only and editable again, the text kept while a later save is
  // written would otherwise be brought back over what was typed since.
  const tookUp = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once the card is the mirror's.
  useEffect(() => {
    if (!editable || tookUp.current) return;
    tookUp.current = true;
    const left = unsavedAnswer(post.id);
    if (left === null) return;
    if (left.text === post.answer) {
      forgetUnsavedAnswer(post.id, left.text);
      return;
    }
    change(left.text, left.startedFrom ?? post.answerVersion);
    kept.current = { edit: edits.current, text: left.text };
  }, [editable]);

  return { value: draft ?? post.answer, change };
}

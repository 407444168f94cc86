import type { KeywordProposal } from '@contract/keyword-proposals';
import PlusIcon from 'lucide-react/icons/plus';
import { useLayoutEffect, useRef, useState } from 'react';
import { VisuallyHidden } from '@/components/ui/visually-hidden';
import { weeklyPostsText } from '../keyword-proposals';

/**
 * A suggestion looks like the secondary button, but grows taller for a label that wraps on a phone; it
 * is drawn here, in the project screen's own script, so the button every screen loads stays as small.
 */
const suggestionLook = [
  'inline-flex max-w-full min-h-8 items-center gap-2 rounded-md px-3 py-1 text-left text-sm font-medium',
  'border border-border bg-secondary text-secondary-foreground hover:bg-secondary-hover transition-colors',
  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring select-none',
  'disabled:pointer-events-none disabled:opacity-60 [&_svg]:pointer-events-none [&_svg]:shrink-0',
].join(' ');

/**
 * 'Suggested keywords': the proposals still open, best first, each a button that adds it with its weekly
 * figure. `onAdd` answers whether it was added (not at the keyword limit). An added one leaves the list,
 * and the focus goes to the suggestion that takes its place (the keywords input when none is left), so a
 * keyboard user can go on adding.
 */
export function KeywordSuggestions({
  proposals,
  onAdd,
  disabled,
  keywordsInputId,
}: {
  proposals: readonly KeywordProposal[];
  onAdd: (proposal: KeywordProposal) => boolean;
  disabled: boolean;
  keywordsInputId: string;
}) {
  const list = useRef<HTMLUListElement>(null);
  // Where the added one was: the focus goes there once it is gone.
  const focusAt = useRef<number | null>(null);
  const [added, setAdded] = useState<string | null>(null);

  useLayoutEffect(() => {
    const index = focusAt.current;
    if (index === null) return;
    focusAt.current = null;
    const buttons = list.current?.querySelectorAll('button') ?? [];
    const next = buttons[Math.min(index, buttons.length - 1)] ?? document.getElementById(keywordsInputId);
    next?.focus();
  });

  return (
    <>
      {proposals.length > 0 ? (
        // A fieldset keeps its content's width (min-w-0) so the suggestions wrap on a narrow phone.
        <fieldset className="min-w-0">
          <legend className="mb-2 text-sm leading-none font-medium text-foreground">
            Suggested keywords
          </legend>
          <ul ref={list} className="flex flex-wrap gap-2">
            {proposals.map((proposal, index) => {
              const figure = weeklyPostsText(proposal);
              return (
                <li key={proposal.name} className="flex max-w-full">
                  <button
                    type="button"
                    className={suggestionLook}
                    aria-label={`Add keyword ${proposal.name}, ${figure}`}
                    disabled={disabled}
                    onClick={() => {
                      if (!onAdd(proposal)) return;
                      focusAt.current = index;
                      setAdded(proposal.name);
                    }}
                  >
                    <PlusIcon aria-hidden="true" className="size-3.5 text-muted-foreground" />
                    <span className="min-w-0 break-words whitespace-normal">
                      {proposal.name}{' '}
                      <span className="font-normal whitespace-nowrap text-muted-foreground">{figure}</span>
                    </span>
                  </button>
                </li>
              );
            })}
          </ul>
        </fieldset>
      ) : null}
      <VisuallyHidden role="status">{added ? `Added keyword ${added}` : ''}</VisuallyHidden>
    </>
  );
}

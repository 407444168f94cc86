import type { KeywordProposal } from '@contract/entities';
import PlusIcon from 'lucide-react/icons/plus';
import { useLayoutEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { VisuallyHidden } from '@/components/ui/visually-hidden';
import { weeklyPostsText } from '../keyword-proposals';

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
                  <Button
                    type="button"
                    variant="secondary"
                    size="fit"
                    className="max-w-full"
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
                  </Button>
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

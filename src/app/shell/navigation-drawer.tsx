import type { RefObject } from 'react';
import { Sheet, SheetContent, SheetTitle } from '@/components/ui/sheet';
import { VisuallyHidden } from '@/components/ui/visually-hidden';
import { Sidebar } from './sidebar';

/**
 * The sidebar as a drawer from the left, for screens below 768 px. Its button lives outside (the top bar
 * shows it before this module is loaded), so closing gives focus back to it here, as a SheetTrigger would.
 */
export function NavigationDrawer({
  open,
  onOpenChange,
  id,
  returnFocusTo,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The drawer's id, which the button's aria-controls names. */
  id: string;
  returnFocusTo: RefObject<HTMLButtonElement | null>;
}) {
  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent
        id={id}
        side="left"
        aria-describedby={undefined}
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          returnFocusTo.current?.focus();
        }}
      >
        <SheetTitle asChild>
          <VisuallyHidden>Navigation</VisuallyHidden>
        </SheetTitle>
        <Sidebar onNavigate={() => onOpenChange(false)} />
      </SheetContent>
    </Sheet>
  );
}

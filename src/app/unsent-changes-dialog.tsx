import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';

export function unsentChangesTitle(count: number): string {
  return count === 1
    ? 'You have 1 change that is not sent yet'
    : `You have ${count} changes that are not sent yet`;
}

/** Asked on log out when the outbox cannot be emptied: 'Stay' closes it, 'Log out anyway' drops the changes. */
export function UnsentChangesDialog({
  open,
  onOpenChange,
  count,
  leaving,
  onLogOutAnyway,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  count: number;
  /** 'Log out anyway' is under way. */
  leaving: boolean;
  onLogOutAnyway: () => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent aria-describedby={undefined}>
        <DialogHeader>
          <DialogTitle>{unsentChangesTitle(count)}</DialogTitle>
        </DialogHeader>
        <DialogFooter>
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            Stay
          </Button>
          <Button variant="delete" loading={leaving} onClick={onLogOutAnyway}>
            Log out anyway
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

import { Button } from '@/components/ui/button';
import { Text } from '@/components/ui/text';

/** Says that a part loaded on demand (a dialog, a menu) could not be fetched; 'Close' puts it away. */
export function LoadFailedToast({ onClose }: { onClose: () => void }) {
  return (
    <div
      role="alert"
      className="fixed inset-x-4 bottom-4 z-50 mx-auto flex max-w-sm items-center gap-3 rounded-lg border border-border bg-background p-4 shadow-lg"
    >
      <Text size="sm" className="flex-1">
        This could not be opened. Check your connection and try again.
      </Text>
      <Button size="sm" variant="secondary" onClick={onClose}>
        Close
      </Button>
    </div>
  );
}

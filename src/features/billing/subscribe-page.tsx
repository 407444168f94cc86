import { Button } from '@/components/ui/button';
import { Title } from '@/components/ui/title';

/** Plan choice. For now only its title and 'Log out'; the plans come with the billing screen. */
export function SubscribePage({ onLogOut }: { onLogOut: () => void }) {
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col items-center gap-6 px-4 py-10 text-center">
      <Title level={1}>Start Growing Today</Title>
      <Button variant="secondary" onClick={onLogOut}>
        Log out
      </Button>
    </div>
  );
}

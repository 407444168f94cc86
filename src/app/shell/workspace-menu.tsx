import { ChevronsUpDown } from 'lucide-react';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuGroup,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { apiClient } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import { cn } from '@/lib/cn';
import { useLogOut } from '../use-log-out';

/**
 * Opens the billing portal in a new tab. The tab is opened at once, inside the click, so that no popup
 * blocker stops it; it is pointed at the portal once its link has loaded, and closed if that fails.
 */
export function openBillingPortal(): void {
  const tab = window.open('', '_blank');
  apiClient.call('getBillingPortal').then(
    ({ url }) => {
      if (!tab) return;
      tab.opener = null;
      tab.location.href = url;
    },
    () => tab?.close(),
  );
}

/** The active workspace's name over the word 'workspace'; opens the person's menu. */
export function WorkspaceMenu() {
  const { activeWorkspace, role, user } = useAuth();
  const logOut = useLogOut();
  return (
    <DropdownMenu>
      <DropdownMenuTrigger
        className={cn(
          'flex w-full cursor-pointer items-center gap-2 rounded-md border border-border px-3 py-2 text-left',
          'hover:bg-muted focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
        )}
      >
        <span className="grid min-w-0 flex-1">
          <span className="truncate text-sm font-medium text-foreground">{activeWorkspace?.name}</span>
          <span className="text-xs text-muted-foreground">workspace</span>
        </span>
        <ChevronsUpDown aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="start" className="w-[var(--radix-dropdown-menu-trigger-width)]">
        <DropdownMenuGroup>
          <DropdownMenuLabel>{user?.primaryEmailAddress?.emailAddress}</DropdownMenuLabel>
          {role === 'org:admin' ? (
            <DropdownMenuItem onSelect={openBillingPortal}>Subscription settings</DropdownMenuItem>
          ) : null}
        </DropdownMenuGroup>
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={() => void logOut()}>Log out</DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

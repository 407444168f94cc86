import { ChevronsUpDown } from 'lucide-react';
import { useId, useState, useSyncExternalStore } from 'react';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuGroup,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { InviteMemberDialog } from '@/features/team/invite-member-dialog';
import { apiClient } from '@/lib/api-client';
import { useAuth, type WorkspaceInvitation } from '@/lib/auth';
import { cn } from '@/lib/cn';
import { installPrompt } from '@/lib/install-prompt';
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

/** One pending invitation in the menu: the workspace's name, 'Accept' and (local accounts) 'Decline'. */
function InvitationItems({ invitation }: { invitation: WorkspaceInvitation }) {
  const id = useId();
  const { invitationsManagedByApp, acceptInvitation, declineInvitation } = useAuth();
  const answer = (action: (invitationId: string) => Promise<void>) => {
    action(invitation.id).catch((error: unknown) => console.error('Answering the invitation failed', error));
  };
  return (
    <DropdownMenuGroup aria-labelledby={id}>
      <DropdownMenuLabel id={id} className="font-normal text-muted-foreground">
        Invitation to <span className="font-medium text-foreground">{invitation.workspace.name}</span>
      </DropdownMenuLabel>
      <DropdownMenuItem onSelect={() => answer(acceptInvitation)}>Accept</DropdownMenuItem>
      {invitationsManagedByApp ? (
        <DropdownMenuItem onSelect={() => answer(declineInvitation)}>Decline</DropdownMenuItem>
      ) : null}
    </DropdownMenuGroup>
  );
}

/**
 * The active workspace's name over the word 'workspace'; opens the person's menu: their email, pending
 * invitations, 'Invite member' and 'Subscription settings' for admins, 'Install app' when the browser
 * offers it, and 'Log out'. Under Clerk,
 * inviting happens in Clerk's own organisation screens, so the menu does not offer it.
 */
export function WorkspaceMenu() {
  const { activeWorkspace, role, user, invitations, invitationsManagedByApp } = useAuth();
  const logOut = useLogOut();
  const [inviteOpen, setInviteOpen] = useState(false);
  const isAdmin = role === 'org:admin';
  const canInstall = useSyncExternalStore(installPrompt.subscribe, installPrompt.canInstall, () => false);
  return (
    <>
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
            {isAdmin && invitationsManagedByApp ? (
              <DropdownMenuItem onSelect={() => setInviteOpen(true)}>Invite member</DropdownMenuItem>
            ) : null}
            {isAdmin ? (
              <DropdownMenuItem onSelect={openBillingPortal}>Subscription settings</DropdownMenuItem>
            ) : null}
          </DropdownMenuGroup>
          {invitations.map((invitation) => (
            <div key={invitation.id}>
              <DropdownMenuSeparator />
              <InvitationItems invitation={invitation} />
            </div>
          ))}
          <DropdownMenuSeparator />
          {canInstall ? (
            <DropdownMenuItem
              onSelect={() =>
                void installPrompt
                  .install()
                  .catch((error: unknown) => console.error('Installing failed', error))
              }
            >
              Install app
            </DropdownMenuItem>
          ) : null}
          <DropdownMenuItem onSelect={() => void logOut()}>Log out</DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      {isAdmin && invitationsManagedByApp ? (
        <InviteMemberDialog open={inviteOpen} onOpenChange={setInviteOpen} />
      ) : null}
    </>
  );
}

import { type ReactNode, useId, useRef, useState, useSyncExternalStore } from 'react';
import { onDemandDialog } from '@/components/on-demand-dialog';
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
import { useAuth, type WorkspaceInvitation } from '@/lib/auth';
import { installPrompt } from '@/lib/install-prompt';
import { useLogOut } from '../use-log-out';

// Its form, its Radix dialog and its select are loaded when an admin first asks for it, not with the menu.
const InviteMemberDialog = onDemandDialog(() =>
  import('@/features/team/invite-member-dialog').then((m) => m.InviteMemberDialog),
);

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
      <DropdownMenuLabel id={id}>
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
 * The workspace menu itself (see WorkspaceMenu, which loads it): the person's email, pending invitations,
 * 'Invite member' and 'Subscription settings' for admins, 'Install app' when the browser offers it, and
 * 'Log out'. Under Clerk, inviting happens in Clerk's own organisation screens, so the menu does not
 * offer it. `children` and `className` are the trigger's content and look.
 */
export function WorkspaceDropdown({
  children,
  className,
  openedWith = null,
}: {
  children: ReactNode;
  className: string;
  /** The person already pressed the button, before this module was loaded: open at once. */
  openedWith?: 'pointer' | 'keyboard' | null;
}) {
  const { role, user, invitations, invitationsManagedByApp } = useAuth();
  const logOut = useLogOut();
  const [inviteOpen, setInviteOpen] = useState(false);
  // Radix moves focus to the first item when the keyboard opened the menu, which it learns from a keydown
  // it listens for once mounted; the keydown that opened it this first time came before that, so this does.
  const focusFirstItem = useRef(openedWith === 'keyboard');
  const isAdmin = role === 'org:admin';
  const canInstall = useSyncExternalStore(installPrompt.subscribe, installPrompt.canInstall, () => false);
  return (
    <>
      <DropdownMenu defaultOpen={openedWith !== null}>
        <DropdownMenuTrigger className={className}>{children}</DropdownMenuTrigger>
        <DropdownMenuContent
          align="start"
          className="w-[var(--radix-dropdown-menu-trigger-width)]"
          onFocus={(event) => {
            // Radix focuses the menu, then its first item when a key opened it.
            if (event.target !== event.currentTarget || !focusFirstItem.current) return;
            focusFirstItem.current = false;
            event.currentTarget.querySelector<HTMLElement>('[role="menuitem"]:not([data-disabled])')?.focus();
          }}
        >
          <DropdownMenuGroup>
            <DropdownMenuLabel>{user?.primaryEmailAddress?.emailAddress}</DropdownMenuLabel>
            {isAdmin && invitationsManagedByApp ? (
              <DropdownMenuItem
                onFocus={InviteMemberDialog.preload}
                onPointerEnter={InviteMemberDialog.preload}
                onSelect={() => setInviteOpen(true)}
              >
                Invite member
              </DropdownMenuItem>
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

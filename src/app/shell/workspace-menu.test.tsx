import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { AuthState } from '@/lib/auth';
import { captureInstallPrompt } from '@/lib/install-prompt';
import { fakeAuth, withApp } from '../../../tests/support/app-test-utils';
import { WorkspaceMenu } from './workspace-menu';

const invitation = {
  id: 'i1',
  workspace: { id: 'w9', name: 'Zeta' },
  email: 'ada@example.com',
  role: 'org:member' as const,
};

async function openMenu(auth: AuthState) {
  const user = userEvent.setup();
  const { Wrapper } = withApp('/project', auth);
  render(<WorkspaceMenu />, { wrapper: Wrapper });
  await user.click(screen.getByRole('button', { name: /workspace/ }));
  return { user, menu: await screen.findByRole('menu') };
}

captureInstallPrompt(window);

describe('workspace menu: installing', () => {
  it("offers 'Install app' once the browser offers installing, and shows the browser's dialog", async () => {
    const first = await openMenu(fakeAuth());
    expect(within(first.menu).queryByRole('menuitem', { name: 'Install app' })).toBeNull();
    await first.user.keyboard('{Escape}');

    const offer = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
      prompt: vi.fn(async () => undefined),
      userChoice: Promise.resolve({ outcome: 'accepted' as const }),
    });
    act(() => {
      window.dispatchEvent(offer);
    });
    expect(offer.defaultPrevented).toBe(true);
    await first.user.click(screen.getByRole('button', { name: /workspace/ }));
    const menu = await screen.findByRole('menu');
    await first.user.click(within(menu).getByRole('menuitem', { name: 'Install app' }));
    expect(offer.prompt).toHaveBeenCalledOnce();
  });
});

describe('workspace menu: opening', () => {
  it('opens from the keyboard on its first item, and gives focus back to the button on Escape', async () => {
    const user = userEvent.setup();
    const { Wrapper } = withApp('/project', fakeAuth());
    render(<WorkspaceMenu />, { wrapper: Wrapper });
    const button = screen.getByRole('button', { name: /workspace/ });
    expect(button.getAttribute('aria-haspopup')).toBe('menu');
    expect(button.getAttribute('aria-expanded')).toBe('false');
    await user.tab();
    await user.keyboard('{Enter}');
    const menu = await screen.findByRole('menu');
    await waitFor(() =>
      expect(document.activeElement).toBe(within(menu).getByRole('menuitem', { name: 'Invite member' })),
    );
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement?.textContent).toBe('Subscription settings');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    const trigger = screen.getByRole('button', { name: /workspace/ });
    expect(document.activeElement).toBe(trigger);
    expect(trigger.getAttribute('aria-expanded')).toBe('false');
  });
});

describe('workspace menu: team', () => {
  it('offers admins Invite member, which opens the invitation dialog', async () => {
    const { user, menu } = await openMenu(fakeAuth());
    await user.click(within(menu).getByRole('menuitem', { name: 'Invite member' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite member' });
    expect(within(dialog).getByRole('button', { name: 'Send invitation' })).toBeTruthy();
  });

  it('puts focus in the invitation dialog, keeps it there, and closes it with Escape', async () => {
    const { user, menu } = await openMenu(fakeAuth());
    await user.click(within(menu).getByRole('menuitem', { name: 'Invite member' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite member' });
    await waitFor(() => expect(document.activeElement).toBe(within(dialog).getByLabelText('Email')));
    await user.tab({ shift: true });
    expect(dialog.contains(document.activeElement)).toBe(true);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('does not offer Invite member to members', async () => {
    const { menu } = await openMenu(fakeAuth({ role: 'org:member' }));
    expect(within(menu).queryByRole('menuitem', { name: 'Invite member' })).toBeNull();
  });

  it('does not offer Invite member under Clerk, whose own screens invite', async () => {
    const { menu } = await openMenu(fakeAuth({ invitationsManagedByApp: false }));
    expect(within(menu).queryByRole('menuitem', { name: 'Invite member' })).toBeNull();
  });

  it('lists pending invitations with Accept and Decline', async () => {
    const auth = fakeAuth({ invitations: [invitation] });
    const { user, menu } = await openMenu(auth);
    const group = within(menu).getByRole('group', { name: 'Invitation to Zeta' });
    await user.click(within(group).getByRole('menuitem', { name: 'Accept' }));
    await waitFor(() => expect(auth.acceptInvitation).toHaveBeenCalledWith('i1'));
  });

  it('declines from the menu', async () => {
    const auth = fakeAuth({ invitations: [invitation] });
    const { user, menu } = await openMenu(auth);
    await user.click(within(menu).getByRole('menuitem', { name: 'Decline' }));
    await waitFor(() => expect(auth.declineInvitation).toHaveBeenCalledWith('i1'));
  });

  it('offers Accept only under Clerk', async () => {
    const { menu } = await openMenu(fakeAuth({ invitations: [invitation], invitationsManagedByApp: false }));
    expect(within(menu).getByRole('menuitem', { name: 'Accept' })).toBeTruthy();
    expect(within(menu).queryByRole('menuitem', { name: 'Decline' })).toBeNull();
  });
});

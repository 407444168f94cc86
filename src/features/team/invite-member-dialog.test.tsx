import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeAuth, withApp } from '@tests/support/app-test-utils';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { InviteMemberDialog } from './invite-member-dialog';

function renderDialog(overrides: Parameters<typeof fakeAuth>[0] = {}) {
  const auth = fakeAuth(overrides);
  const { Wrapper } = withApp('/project', auth);
  render(<InviteMemberDialog open onOpenChange={() => undefined} />, { wrapper: Wrapper });
  return auth;
}

describe('invite member', () => {
  it('invites a person as a member by default and says so', async () => {
    const user = userEvent.setup();
    const auth = renderDialog();
    expect(screen.getByRole('dialog', { name: 'Invite member' })).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Role' }).textContent).toContain('Member');
    await user.type(screen.getByLabelText('Email'), 'bob@example.com');
    await user.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(auth.inviteMember).toHaveBeenCalledWith('bob@example.com', 'org:member');
    expect((await screen.findByRole('status')).textContent).toBe('Invitation sent to bob@example.com');
  });

  it('refuses an empty or malformed email before asking the server', async () => {
    const user = userEvent.setup();
    const auth = renderDialog();
    await user.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(screen.getByRole('alert').textContent).toBe('Required');
    await user.type(screen.getByLabelText('Email'), 'bob');
    await user.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(screen.getByRole('alert').textContent).toBe('Invalid email');
    expect(auth.inviteMember).not.toHaveBeenCalled();
  });

  it("shows the server's refusal", async () => {
    const user = userEvent.setup();
    renderDialog({
      inviteMember: vi.fn(async () => {
        throw new ApiError(409, { message: 'bob@example.com is already a member', code: 'conflict' });
      }),
    });
    await user.type(screen.getByLabelText('Email'), 'bob@example.com');
    await user.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect((await screen.findByRole('alert')).textContent).toBe('bob@example.com is already a member');
  });
});

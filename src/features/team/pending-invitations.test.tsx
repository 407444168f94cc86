import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fakeAuth, withApp } from '@/app/test-utils';
import { ApiError } from '@/lib/api-client';
import { PendingInvitations } from './pending-invitations';

const invitations = [
  { id: 'i1', workspace: { id: 'w9', name: 'Zeta' }, email: 'ada@example.com', role: 'org:member' as const },
  { id: 'i2', workspace: { id: 'w8', name: 'Yotta' }, email: 'ada@example.com', role: 'org:admin' as const },
];

function renderWith(overrides: Parameters<typeof fakeAuth>[0]) {
  const auth = fakeAuth({ activeWorkspace: null, role: null, memberships: [], ...overrides });
  const { Wrapper } = withApp('/onboarding/workspace', auth);
  render(<PendingInvitations />, { wrapper: Wrapper });
  return auth;
}

describe('pending invitations', () => {
  it('shows nothing without invitations', () => {
    renderWith({ invitations: [] });
    expect(screen.queryByRole('region', { name: 'Invitations' })).toBeNull();
  });

  it('lists each invitation and accepts the one chosen', async () => {
    const auth = renderWith({ invitations });
    expect(screen.getByText('You have been invited to join Zeta')).toBeTruthy();
    expect(screen.getByText('You have been invited to join Yotta')).toBeTruthy();
    await userEvent.setup().click(screen.getAllByRole('button', { name: 'Accept' })[1] as HTMLElement);
    expect(auth.acceptInvitation).toHaveBeenCalledWith('i2');
  });

  it('declines', async () => {
    const auth = renderWith({ invitations });
    await userEvent.setup().click(screen.getAllByRole('button', { name: 'Decline' })[0] as HTMLElement);
    expect(auth.declineInvitation).toHaveBeenCalledWith('i1');
  });

  it('offers no Decline when Clerk manages invitations', () => {
    renderWith({ invitations, invitationsManagedByApp: false });
    expect(screen.queryByRole('button', { name: 'Decline' })).toBeNull();
    expect(screen.getAllByRole('button', { name: 'Accept' })).toHaveLength(2);
  });

  it("shows the server's refusal", async () => {
    renderWith({
      invitations,
      acceptInvitation: vi.fn(async () => {
        throw new ApiError(404, { message: 'This invitation is no longer valid', code: 'not_found' });
      }),
    });
    await userEvent.setup().click(screen.getAllByRole('button', { name: 'Accept' })[0] as HTMLElement);
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe('This invitation is no longer valid'),
    );
  });
});

import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeAuth, withApp } from '@tests/support/app-test-utils';
import { describe, expect, it, vi } from 'vitest';
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

describe('confirming the email before invitations', () => {
  function renderUnverified(overrides: Parameters<typeof fakeAuth>[0] = {}, path = '/subscribe') {
    const auth = fakeAuth({
      activeWorkspace: null,
      role: null,
      memberships: [],
      emailVerified: false,
      ...overrides,
    });
    const { Wrapper } = withApp(path, auth);
    render(<PendingInvitations />, { wrapper: Wrapper });
    return auth;
  }

  it('asks a person whose email is not confirmed for the mailed code, and confirms with it', async () => {
    const auth = renderUnverified();
    const region = screen.getByRole('region', { name: 'Invitations' });
    expect(region.textContent).toContain('Confirm your email to see invitations sent to ada@example.com.');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Code'), '123 456');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(auth.confirmEmail).toHaveBeenCalledWith('123456');
  });

  it('lists no invitation and offers no Accept before the email is confirmed', () => {
    renderUnverified({ invitations });
    expect(screen.queryByText('You have been invited to join Zeta')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Accept' })).toBeNull();
  });

  it('refuses a code that is not 6 digits without asking the server', async () => {
    const auth = renderUnverified();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Code'), '12a');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(screen.getByRole('alert').textContent).toBe('Enter the 6-digit code from the email.');
    expect(screen.getByLabelText('Code').getAttribute('aria-invalid')).toBe('true');
    expect(auth.confirmEmail).not.toHaveBeenCalled();
  });

  it("shows the server's refusal under the field", async () => {
    renderUnverified({
      confirmEmail: vi.fn(async () => {
        throw new ApiError(400, {
          message: 'That code is not right. Check the email and try again.',
          code: 'bad_request',
          field: 'code',
        });
      }),
    });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Code'), '000000');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(
        'That code is not right. Check the email and try again.',
      ),
    );
    const alert = screen.getByRole('alert');
    expect(alert.className).toContain('text-sm');
    expect(alert.className).toContain('text-danger');
    expect(screen.getByLabelText('Code').getAttribute('aria-describedby')).toBe(alert.id);
  });

  it("takes the code the mail's link carries", () => {
    renderUnverified({}, '/subscribe?code=654321');
    expect((screen.getByLabelText('Code') as HTMLInputElement).value).toBe('654321');
  });

  it('sends a new code and says where', async () => {
    const auth = renderUnverified();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Send a new code' }));
    expect(auth.sendEmailCode).toHaveBeenCalled();
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe('A new code is on its way to ada@example.com.'),
    );
  });
});

import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fakeAuth, withApp } from '../../../tests/support/app-test-utils';
import { WorkspaceMenu } from './workspace-menu';

// The menu's module cannot be fetched: offline before the service worker kept it, say.
vi.mock('./workspace-dropdown', () => {
  throw new TypeError('Failed to fetch dynamically imported module');
});

describe('workspace menu that cannot be loaded', () => {
  it('says so instead of doing nothing, and Close puts the message away', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const user = userEvent.setup();
    const { Wrapper } = withApp('/project', fakeAuth());
    render(<WorkspaceMenu />, { wrapper: Wrapper });
    await user.click(screen.getByRole('button', { name: /workspace/ }));
    expect((await screen.findByRole('alert')).textContent).toContain(
      'This could not be opened. Check your connection and try again.',
    );
    expect(screen.queryByRole('menu')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    expect(screen.getByRole('button', { name: /workspace/ })).toBeTruthy();
  });
});

import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeAuth, json, ok, withApp } from '../../../tests/support/app-test-utils';
import { AppShell } from './app-shell';

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

function sidebarNav() {
  // The drawer is closed, so the only navigation is the sidebar's.
  return screen.getByRole('navigation', { name: 'Main' });
}

describe('app shell', () => {
  it('has the product name linking home, the navigation and the page in the main area', () => {
    const { Wrapper } = withApp('/project', fakeAuth());
    render(<AppShell>the page</AppShell>, { wrapper: Wrapper });
    expect(screen.getAllByRole('link', { name: 'ReplyRadar' })[0]?.getAttribute('href')).toBe('/');
    const links = within(sidebarNav()).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Project', '/project'],
      ['Mentions', '/mentions'],
      ['Replies', '/replies'],
    ]);
    expect(within(screen.getByRole('main')).getByText('the page')).toBeTruthy();
  });

  it('marks the active navigation item by path prefix', () => {
    const { Wrapper } = withApp('/mentions/reddit', fakeAuth());
    render(<AppShell>page</AppShell>, { wrapper: Wrapper });
    const nav = sidebarNav();
    expect(within(nav).getByRole('link', { name: 'Mentions' }).getAttribute('aria-current')).toBe('page');
    expect(within(nav).getByRole('link', { name: 'Project' }).getAttribute('aria-current')).toBeNull();
    expect(within(nav).getByRole('link', { name: 'Replies' }).getAttribute('aria-current')).toBeNull();
  });

  it('shows the workspace name and the word workspace on the menu', () => {
    const { Wrapper } = withApp('/project', fakeAuth());
    render(<AppShell>page</AppShell>, { wrapper: Wrapper });
    const trigger = screen.getByRole('button', { name: /Acme/ });
    expect(trigger.textContent).toContain('Acme');
    expect(trigger.textContent).toContain('workspace');
  });

  it("labels the menu with the person's primary email and offers Subscription settings to admins", async () => {
    const user = userEvent.setup();
    const { Wrapper } = withApp('/project', fakeAuth());
    render(<AppShell>page</AppShell>, { wrapper: Wrapper });
    await user.click(screen.getByRole('button', { name: /Acme/ }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByText('ada@example.com')).toBeTruthy();
    expect(within(menu).getByRole('menuitem', { name: 'Subscription settings' })).toBeTruthy();
    expect(within(menu).getByRole('menuitem', { name: 'Log out' })).toBeTruthy();
  });

  it('does not offer Subscription settings to members', async () => {
    const user = userEvent.setup();
    const { Wrapper } = withApp('/project', fakeAuth({ role: 'org:member' }));
    render(<AppShell>page</AppShell>, { wrapper: Wrapper });
    await user.click(screen.getByRole('button', { name: /Acme/ }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).queryByRole('menuitem', { name: 'Subscription settings' })).toBeNull();
  });

  it('opens a tab at once and points it at the billing portal', async () => {
    const user = userEvent.setup();
    const tab = { opener: {}, location: { href: '' }, close: vi.fn() };
    const open = vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    fetchMock.mockImplementation(async () => ok({ url: 'https://billing.example.test/portal' }));
    const { Wrapper } = withApp('/project', fakeAuth());
    render(<AppShell>page</AppShell>, { wrapper: Wrapper });
    await user.click(screen.getByRole('button', { name: /Acme/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'Subscription settings' }));
    expect(open).toHaveBeenCalledWith('', '_blank');
    await waitFor(() => expect(tab.location.href).toBe('https://billing.example.test/portal'));
    expect(tab.opener).toBeNull();
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe('/api/subscription/portal');
    open.mockRestore();
  });

  it('closes the tab when the portal link cannot be had', async () => {
    const user = userEvent.setup();
    const tab = { opener: {}, location: { href: '' }, close: vi.fn() };
    const open = vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    fetchMock.mockImplementation(async () =>
      json(403, { success: false, data: null, error: { message: 'Admins only', code: 'forbidden' } }),
    );
    const { Wrapper } = withApp('/project', fakeAuth());
    render(<AppShell>page</AppShell>, { wrapper: Wrapper });
    await user.click(screen.getByRole('button', { name: /Acme/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'Subscription settings' }));
    await waitFor(() => expect(tab.close).toHaveBeenCalled());
    open.mockRestore();
  });

  it('logs out: signs out (the data cache goes with the person, see ApiCacheProvider)', async () => {
    const user = userEvent.setup();
    const auth = fakeAuth();
    const { Wrapper } = withApp('/project', auth);
    render(<AppShell>page</AppShell>, { wrapper: Wrapper });
    await user.click(screen.getByRole('button', { name: /Acme/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'Log out' }));
    await waitFor(() => expect(auth.signOut).toHaveBeenCalled());
  });

  it('opens the navigation as a drawer from the top bar, and closes it on navigating', async () => {
    const user = userEvent.setup();
    const { Wrapper, location } = withApp('/project', fakeAuth());
    render(<AppShell>page</AppShell>, { wrapper: Wrapper });
    await user.click(screen.getByRole('button', { name: 'Open navigation' }));
    const drawer = await screen.findByRole('dialog', { name: 'Navigation' });
    await user.click(within(drawer).getByRole('link', { name: 'Mentions' }));
    expect(location.history.at(-1)).toBe('/mentions');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('says the drawer is open on its button, and gives focus back to the button when it closes', async () => {
    const user = userEvent.setup();
    const { Wrapper } = withApp('/project', fakeAuth());
    render(<AppShell>page</AppShell>, { wrapper: Wrapper });
    const button = screen.getByRole('button', { name: 'Open navigation' });
    expect(button.getAttribute('aria-haspopup')).toBe('dialog');
    expect(button.getAttribute('aria-expanded')).toBe('false');
    await user.click(button);
    const drawer = await screen.findByRole('dialog', { name: 'Navigation' });
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(button.getAttribute('aria-controls')).toBe(drawer.id);
    await waitFor(() => expect(drawer.contains(document.activeElement)).toBe(true));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(button);
    expect(button.getAttribute('aria-expanded')).toBe('false');
  });
});

import 'fake-indexeddb/auto';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeAuth, withApp } from '@tests/support/app-test-utils';
import { closeTestMirrors } from '@tests/support/test-mirror';
import axe from 'axe-core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SetupServer } from '../../../tests/support/autoposting-setup-server';
import { pacingProblem } from './autopilot-settings';
import { SetupAutopostingModal } from './setup-autoposting-modal';

let server: SetupServer;

beforeEach(() => {
  server = new SetupServer();
  server.status = {
    step: 'finish',
    socialsResponse: { reddit: true, x: true },
    paused: false,
    dailyCap: 5,
    minGapMinutes: 20,
    stopped: {},
  };
  server.projectSetUp = true;
  vi.stubGlobal('fetch', server.fetch);
});

afterEach(async () => {
  await closeTestMirrors();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function renderSettings(role: 'org:admin' | 'org:member' = 'org:admin') {
  const { Wrapper } = withApp('/mentions/reddit', fakeAuth({ role }));
  render(<SetupAutopostingModal open onOpenChange={() => undefined} />, { wrapper: Wrapper });
  return userEvent.setup();
}

const settings = () => screen.findByRole('dialog', { name: 'Autopilot' });

/** The error a field shows: its `aria-describedby` target's text. */
function errorOf(control: HTMLElement): string | null {
  const ids = control.getAttribute('aria-describedby')?.split(' ') ?? [];
  return (
    ids.map((id) => document.getElementById(id)).find((element) => element?.getAttribute('role') === 'alert')
      ?.textContent ?? null
  );
}

describe('Autopilot settings (the modal once setup is done)', () => {
  it("'Pause Autopilot' pauses the project's publishing, and switches it back on", async () => {
    const user = renderSettings('org:member');
    const dialog = await settings();
    const pause = within(dialog).getByRole('switch', { name: 'Pause Autopilot' }) as HTMLInputElement;
    expect(pause.checked).toBe(false);
    await user.click(pause);
    await waitFor(() => expect(pause.checked).toBe(true));
    expect(within(dialog).getByText(/Paused: nothing is published/)).toBeTruthy();
    await user.click(pause);
    await waitFor(() => expect(pause.checked).toBe(false));
    expect(server.sent('PUT', '/api/setup-autoposting/settings').map((r) => r.body)).toEqual([
      { paused: true },
      { paused: false },
    ]);
  });

  it('lists the networks where publishing stopped with the reason; Recheck checks the logins and clears them', async () => {
    server.status = {
      ...server.status,
      stopped: { reddit: 'Logged out of Reddit: log in again in the automation browser.' },
    };
    const user = renderSettings();
    const dialog = await settings();
    const stopped = within(dialog).getByRole('region', { name: 'Stopped networks' });
    await waitFor(() =>
      expect(within(stopped).getByRole('listitem').textContent).toBe(
        'Reddit: Logged out of Reddit: log in again in the automation browser.',
      ),
    );
    // As the server does: the recheck answers once the logins are checked.
    const answer = server.holdNextCall('POST', '/api/setup-autoposting/recheck-socials', 'checkSocials');
    const recheck = within(stopped).getByRole('button', { name: 'Recheck' });
    await user.click(recheck);
    await waitFor(() => expect(recheck.getAttribute('aria-busy')).toBe('true'));
    expect(server.sent('POST', '/api/setup-autoposting/recheck-socials')).toHaveLength(1);

    answer({ status: { ...server.status, step: 'finish', stopped: {} } });
    await waitFor(() =>
      expect(within(dialog).queryByRole('region', { name: 'Stopped networks' })).toBeNull(),
    );
    expect(screen.getByRole('dialog', { name: 'Autopilot' })).toBeTruthy();
  });

  it('a Recheck whose check fails shows the failed networks, with Skip for now and Recheck', async () => {
    server.status = { ...server.status, stopped: { reddit: 'Logged out of Reddit.' } };
    const user = renderSettings();
    const dialog = await settings();
    const answer = server.holdNextCall('POST', '/api/setup-autoposting/recheck-socials', 'checkSocials');
    await user.click(await within(dialog).findByRole('button', { name: 'Recheck' }));
    answer({
      status: { ...server.status, step: 'checkSocialsFailed', socialsResponse: { reddit: false, x: true } },
    });
    const wizard = await screen.findByRole('dialog', { name: 'Setup autoposting' });
    expect(
      await within(wizard).findByText('We could not verify your login on these social accounts:'),
    ).toBeTruthy();
    await waitFor(() => expect(within(wizard).getByRole('listitem').textContent).toBe('Reddit'));
    expect(within(wizard).getByRole('button', { name: 'Skip for now' })).toBeTruthy();
    expect(within(wizard).getByRole('button', { name: 'Recheck' })).toBeTruthy();
  });

  it('lets an admin change the pacing, with errors that name the field', async () => {
    const user = renderSettings('org:admin');
    const dialog = await settings();
    const perDay = within(dialog).getByRole('spinbutton', { name: 'Replies a day per network' });
    const gap = within(dialog).getByRole('spinbutton', { name: 'Minutes between replies' });
    expect((perDay as HTMLInputElement).value).toBe('5');
    expect((gap as HTMLInputElement).value).toBe('20');

    await user.clear(perDay);
    expect(errorOf(perDay)).toBe('Replies a day per network is required');
    await user.type(perDay, '80');
    expect(errorOf(perDay)).toBe('Replies a day per network must be a whole number from 1 to 50');
    await user.click(within(dialog).getByRole('button', { name: 'Save pacing' }));
    expect(server.sent('PUT', '/api/setup-autoposting/settings')).toHaveLength(0);

    await user.clear(perDay);
    await user.type(perDay, '3');
    await user.clear(gap);
    await user.type(gap, '45');
    await user.click(within(dialog).getByRole('button', { name: 'Save pacing' }));
    expect(await within(dialog).findByText('Pacing saved.')).toBeTruthy();
    expect(server.sent('PUT', '/api/setup-autoposting/settings').map((r) => r.body)).toEqual([
      { dailyCap: 3, minGapMinutes: 45 },
    ]);
  });

  it('shows a refusal of the server under the field it names', async () => {
    const user = renderSettings('org:admin');
    const dialog = await settings();
    server.failNextCall(
      'PUT',
      '/api/setup-autoposting/settings',
      403,
      'Only an admin of the workspace can change the pacing.',
      'body.minGapMinutes',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Save pacing' }));
    const gap = within(dialog).getByRole('spinbutton', { name: 'Minutes between replies' });
    await waitFor(() => expect(errorOf(gap)).toBe('Only an admin of the workspace can change the pacing.'));
  });

  it('shows a member the pacing without changing it', async () => {
    renderSettings('org:member');
    const dialog = await settings();
    expect(within(dialog).queryByRole('spinbutton')).toBeNull();
    expect(
      within(dialog).getByText(/At most 5 replies a day per network, at least 20 minutes apart/),
    ).toBeTruthy();
  });

  it('has no axe violations', async () => {
    server.status = { ...server.status, stopped: { x: 'A captcha stopped the reply.' } };
    renderSettings('org:admin');
    await settings();
    await screen.findByText(/A captcha stopped the reply/);
    const results = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } });
    expect(results.violations.map((violation) => violation.id)).toEqual([]);
  });
});

describe('pacingProblem', () => {
  it('names the field and the range', () => {
    expect(pacingProblem('minGapMinutes', '2')).toBe(
      'Minutes between replies must be a whole number from 5 to 1440',
    );
    expect(pacingProblem('dailyCap', '2.5')).toBe(
      'Replies a day per network must be a whole number from 1 to 50',
    );
    expect(pacingProblem('dailyCap', '50')).toBeUndefined();
  });
});

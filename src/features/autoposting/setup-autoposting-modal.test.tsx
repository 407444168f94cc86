import 'fake-indexeddb/auto';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeAuth, withApp } from '@tests/support/app-test-utils';
import { closeTestMirrors, openTestMirror } from '@tests/support/test-mirror';
import axe from 'axe-core';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AuthState } from '@/lib/auth';
import { GateProjectsContext, useProjects } from '@/lib/use-projects';
import { SetupServer } from '../../../tests/support/autoposting-setup-server';
import { FINISH_CLOSE_MS, offlineText, SetupAutopostingModal } from './setup-autoposting-modal';
import { AUTOPOSTING_POLL_MS } from './use-autoposting';
import { verifiedLabel } from './user-data-form';

let server: SetupServer;

beforeEach(() => {
  server = new SetupServer();
  vi.stubGlobal('fetch', server.fetch);
});

afterEach(async () => {
  vi.useRealTimers();
  await closeTestMirrors();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** The modal as the app shows it: under the gate's projects (whose refetch a finish asks for). */
function Harness({ initiallyOpen }: { initiallyOpen: boolean }) {
  const [db] = useState(() => openTestMirror('autoposting'));
  const projects = useProjects({ db });
  const [open, setOpen] = useState(initiallyOpen);
  return (
    <GateProjectsContext.Provider value={projects.data}>
      <button type="button" onClick={() => setOpen(true)}>
        Open autopilot
      </button>
      <SetupAutopostingModal open={open} onOpenChange={setOpen} />
    </GateProjectsContext.Provider>
  );
}

function renderModal({
  auth = fakeAuth(),
  fakeTimers = false,
}: {
  auth?: AuthState;
  fakeTimers?: boolean;
} = {}) {
  if (fakeTimers) vi.useFakeTimers({ shouldAdvanceTime: true });
  const { Wrapper } = withApp('/mentions/reddit', auth);
  render(<Harness initiallyOpen />, { wrapper: Wrapper });
  const user = userEvent.setup(fakeTimers ? { advanceTimers: vi.advanceTimersByTime } : {});
  return { user };
}

const dialog = () => screen.findByRole('dialog', { name: 'Setup autoposting' });

/** Moves the fake clock on by `ms`, letting what it sets off (a poll, its answer) run. */
async function advance(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

async function fillUserData(user: ReturnType<typeof userEvent.setup>) {
  await user.selectOptions(await screen.findByRole('combobox', { name: 'Country' }), 'DE');
  await user.click(screen.getByRole('checkbox', { name: verifiedLabel }));
}

describe('SetupAutopostingModal: the steps follow the server', () => {
  it("initial: says a few settings are needed and it takes a few minutes; 'Get Started' starts, then the form", async () => {
    const { user } = renderModal();
    const modal = await dialog();
    expect(within(modal).getByText(/A few settings must be configured/).textContent).toContain(
      'It takes a few minutes.',
    );
    await user.click(within(modal).getByRole('button', { name: 'Get Started' }));
    expect(server.sent('POST', '/api/setup-autoposting/start')).toHaveLength(1);
    expect(await screen.findByRole('textbox', { name: 'Email' })).toBeTruthy();
  });

  it('userData: the email is the account’s; submitting sends the form and shows creatingProfile', async () => {
    server.status = { step: 'userData', socialsResponse: {} };
    const { user } = renderModal();
    const email = (await screen.findByRole('textbox', { name: 'Email' })) as HTMLInputElement;
    expect(email.value).toBe('ada@example.com');
    expect((screen.getByRole('radio', { name: 'Windows' }) as HTMLInputElement).checked).toBe(true);
    await fillUserData(user);
    await user.click(screen.getByRole('radio', { name: 'macOS' }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Creating your profile and setting up automation tools.')).toBeTruthy();
    expect(server.sent('POST', '/api/setup-autoposting/user-data').map((r) => r.body)).toEqual([
      { email: 'ada@example.com', country: 'DE', verified: true, os: 'mac' },
    ]);
  });

  it('setupSocials: names the shared profile, shows how to open it, and Continue checks the socials', async () => {
    server.status = {
      step: 'setupSocials',
      socialsResponse: {},
      profileName: 'Radar',
      login: {
        message: 'Open the profile in the GoLogin app on this computer.',
        url: 'https://app.gologin.com/p/1',
      },
    };
    const { user } = renderModal();
    const modal = await dialog();
    expect(
      within(modal).getByText(/A browser has been shared to your automation profile/).textContent,
    ).toContain('Radar');
    expect(within(modal).getByText(/log into your social accounts/)).toBeTruthy();
    expect(within(modal).getByText('Open the profile in the GoLogin app on this computer.')).toBeTruthy();
    const link = within(modal).getByRole('link', { name: 'Open the automation browser' });
    expect(link.getAttribute('href')).toBe('https://app.gologin.com/p/1');
    expect(link.getAttribute('target')).toBe('_blank');
    await user.click(within(modal).getByRole('button', { name: 'Continue' }));
    expect(await within(modal).findByText('Almost there! Checking your social accounts...')).toBeTruthy();
    expect(server.sent('POST', '/api/setup-autoposting/check-socials')).toHaveLength(1);
  });

  it('setupSocials: without a profile name yet, names the project', async () => {
    server.status = { step: 'setupSocials', socialsResponse: {} };
    renderModal();
    await waitFor(async () =>
      expect((await dialog()).textContent).toContain(
        'A browser has been shared to your automation profile Radar.',
      ),
    );
  });

  it('checkSocialsFailed: lists the socials that failed by name; Recheck checks again', async () => {
    server.status = {
      step: 'checkSocialsFailed',
      socialsResponse: { reddit: false, x: false, linkedin: true },
    };
    const { user } = renderModal();
    const modal = await dialog();
    await waitFor(() =>
      expect(
        within(modal)
          .getAllByRole('listitem')
          .map((item) => item.textContent),
      ).toEqual(['Reddit', 'X (Twitter)']),
    );
    await user.click(within(modal).getByRole('button', { name: 'Recheck' }));
    expect(await within(modal).findByText('Almost there! Checking your social accounts...')).toBeTruthy();
    expect(server.sent('POST', '/api/setup-autoposting/recheck-socials')).toHaveLength(1);
  });

  it("checkSocialsFailed: 'Skip for now' calls finish; the project is refetched and the modal closes after 5 s", async () => {
    server.status = { step: 'checkSocialsFailed', socialsResponse: { reddit: false } };
    const { user } = renderModal({ fakeTimers: true });
    const modal = await dialog();
    await within(modal).findByText('Reddit');
    const projectReads = server.sent('GET', '/api/projects').length;
    await user.click(within(modal).getByRole('button', { name: 'Skip for now' }));
    expect(await within(modal).findByText("You're ready to go!")).toBeTruthy();
    expect(within(modal).getByText('This window closes automatically in 5 seconds.')).toBeTruthy();
    expect(within(modal).getByRole('button', { name: 'Start Publishing' })).toBeTruthy();
    expect(server.sent('POST', '/api/setup-autoposting/finish')).toHaveLength(1);
    await waitFor(() => expect(server.sent('GET', '/api/projects').length).toBe(projectReads + 1));

    await advance(FINISH_CLOSE_MS - 100);
    expect(screen.getByRole('dialog', { name: 'Setup autoposting' })).toBeTruthy();
    await advance(100);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(server.sent('POST', '/api/setup-autoposting/finish')).toHaveLength(1);
  });

  it("finish: 'Start Publishing' closes at once", async () => {
    server.status = { step: 'checkSocialsFailed', socialsResponse: { reddit: false } };
    const { user } = renderModal();
    const modal = await dialog();
    await user.click(await within(modal).findByRole('button', { name: 'Skip for now' }));
    await user.click(await within(modal).findByRole('button', { name: 'Start Publishing' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('a check that passes on the server reaches finish: the project is refetched and the modal closes after 5 s', async () => {
    server.status = { step: 'checkSocials', socialsResponse: {} };
    renderModal({ fakeTimers: true });
    await screen.findByText('Almost there! Checking your social accounts...');
    const projectReads = server.sent('GET', '/api/projects').length;
    // The server marks the project set up itself when a check passes (decision 035).
    server.status = { step: 'finish', socialsResponse: { reddit: true } };
    server.projectSetUp = true;
    await advance(AUTOPOSTING_POLL_MS);
    expect(await screen.findByText("You're ready to go!")).toBeTruthy();
    await waitFor(() => expect(server.sent('GET', '/api/projects').length).toBe(projectReads + 1));
    await advance(FINISH_CLOSE_MS);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // 'Skip for now' is what calls finish.
    expect(server.sent('POST', '/api/setup-autoposting/finish')).toHaveLength(0);
  });
});

describe('SetupAutopostingModal: once finished', () => {
  it('opened on a finished setup, it is Autopilot: its settings, not the wizard', async () => {
    server.status = { step: 'finish', socialsResponse: { reddit: true }, paused: false };
    server.projectSetUp = true;
    renderModal();
    const modal = await screen.findByRole('dialog', { name: 'Autopilot' });
    expect(within(modal).getByRole('switch', { name: 'Pause Autopilot' })).toBeTruthy();
    expect(within(modal).queryByText("You're ready to go!")).toBeNull();
    expect(server.sent('POST', '/api/setup-autoposting/finish')).toHaveLength(0);
  });
});

describe('SetupAutopostingModal: polling', () => {
  it('asks for the status every 30 s while the profile is being created, and stops once it is', async () => {
    server.status = { step: 'creatingProfile', socialsResponse: {} };
    renderModal({ fakeTimers: true });
    await screen.findByText('Creating your profile and setting up automation tools.');
    const reads = server.statusReads();
    await advance(AUTOPOSTING_POLL_MS - 1_000);
    expect(server.statusReads()).toBe(reads);
    await advance(1_000);
    expect(server.statusReads()).toBe(reads + 1);

    server.status = { step: 'setupSocials', socialsResponse: {}, profileName: 'Radar' };
    await advance(AUTOPOSTING_POLL_MS);
    expect(server.statusReads()).toBe(reads + 2);
    expect(await screen.findByRole('button', { name: 'Continue' })).toBeTruthy();
    // setupSocials waits for the person: no more asking.
    await advance(AUTOPOSTING_POLL_MS * 3);
    expect(server.statusReads()).toBe(reads + 2);
  });

  it('asks every 30 s while checking the socials, and shows a failed check with the failed networks', async () => {
    server.status = { step: 'checkSocials', socialsResponse: {} };
    renderModal({ fakeTimers: true });
    await screen.findByText('Almost there! Checking your social accounts...');
    const reads = server.statusReads();
    server.status = { step: 'checkSocialsFailed', socialsResponse: { linkedin: false, reddit: true } };
    await advance(AUTOPOSTING_POLL_MS);
    expect(server.statusReads()).toBe(reads + 1);
    expect(await screen.findByText('LinkedIn')).toBeTruthy();
    expect(screen.queryByText('Reddit')).toBeNull();
    await advance(AUTOPOSTING_POLL_MS * 2);
    expect(server.statusReads()).toBe(reads + 1);
  });

  it('does not poll in the steps where the person acts', async () => {
    server.status = { step: 'initial', socialsResponse: {} };
    renderModal({ fakeTimers: true });
    await screen.findByRole('button', { name: 'Get Started' });
    const reads = server.statusReads();
    await advance(AUTOPOSTING_POLL_MS * 3);
    expect(server.statusReads()).toBe(reads);
  });
});

describe('SetupAutopostingModal: while the server works on a call', () => {
  it('userData: while the profile is made the step is creatingProfile, asked for every 30 s; then setupSocials', async () => {
    server.status = { step: 'userData', socialsResponse: {} };
    const { user } = renderModal({ fakeTimers: true });
    await screen.findByRole('textbox', { name: 'Email' });
    await fillUserData(user);
    const answer = server.holdNextCall('POST', '/api/setup-autoposting/user-data', 'creatingProfile');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    const modal = await dialog();
    expect(
      await within(modal).findByText('Creating your profile and setting up automation tools.'),
    ).toBeTruthy();
    expect(within(modal).queryByRole('textbox', { name: 'Email' })).toBeNull();

    const reads = server.statusReads();
    await advance(AUTOPOSTING_POLL_MS);
    expect(server.statusReads()).toBe(reads + 1);
    expect(within(modal).getByText('Creating your profile and setting up automation tools.')).toBeTruthy();

    answer({ status: { step: 'setupSocials', socialsResponse: {}, profileName: 'Radar' } });
    expect(
      await within(modal).findByText(/A browser has been shared to your automation profile/),
    ).toBeTruthy();
    await advance(AUTOPOSTING_POLL_MS * 2);
    expect(server.statusReads()).toBe(reads + 1);
  });

  it('setupSocials: while the logins are checked the step is checkSocials, asked for every 30 s; then the failed ones', async () => {
    server.status = { step: 'setupSocials', socialsResponse: {}, profileName: 'Radar' };
    const { user } = renderModal({ fakeTimers: true });
    const modal = await dialog();
    const answer = server.holdNextCall('POST', '/api/setup-autoposting/check-socials', 'checkSocials');
    await user.click(await within(modal).findByRole('button', { name: 'Continue' }));
    expect(await within(modal).findByText('Almost there! Checking your social accounts...')).toBeTruthy();
    const reads = server.statusReads();
    await advance(AUTOPOSTING_POLL_MS);
    expect(server.statusReads()).toBe(reads + 1);

    answer({ status: { step: 'checkSocialsFailed', socialsResponse: { reddit: false, x: true } } });
    expect(
      await within(modal).findByText('We could not verify your login on these social accounts:'),
    ).toBeTruthy();
    expect(within(modal).getByRole('listitem').textContent).toBe('Reddit');
  });

  it("'Recheck': checkSocials while the server checks again; a passing check shows finish and closes after 5 s", async () => {
    server.status = { step: 'checkSocialsFailed', socialsResponse: { reddit: false } };
    const { user } = renderModal({ fakeTimers: true });
    const modal = await dialog();
    const answer = server.holdNextCall('POST', '/api/setup-autoposting/recheck-socials', 'checkSocials');
    await user.click(await within(modal).findByRole('button', { name: 'Recheck' }));
    expect(await within(modal).findByText('Almost there! Checking your social accounts...')).toBeTruthy();
    expect(within(modal).queryByRole('button', { name: 'Skip for now' })).toBeNull();

    server.projectSetUp = true;
    answer({ status: { step: 'finish', socialsResponse: { reddit: true } } });
    expect(await within(modal).findByText("You're ready to go!")).toBeTruthy();
    await advance(FINISH_CLOSE_MS);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(server.sent('POST', '/api/setup-autoposting/finish')).toHaveLength(0);
  });

  it('a profile the service could not make: back at the form, its message said once, what was typed kept', async () => {
    server.status = { step: 'userData', socialsResponse: {} };
    const { user } = renderModal();
    await screen.findByRole('textbox', { name: 'Email' });
    await fillUserData(user);
    const answer = server.holdNextCall('POST', '/api/setup-autoposting/user-data', 'creatingProfile');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByText('Creating your profile and setting up automation tools.');

    const message = 'GoLogin did not answer within 90 seconds: try again in a few minutes.';
    const reads = server.statusReads();
    answer({
      status: { step: 'userData', socialsResponse: {}, problem: message },
      failure: { status: 504, message },
    });
    expect(await screen.findByText(message)).toBeTruthy();
    expect((screen.getByRole('combobox', { name: 'Country' }) as HTMLSelectElement).value).toBe('DE');
    // The server is read again (its record holds the same message): it still shows once.
    await waitFor(() => expect(server.statusReads()).toBe(reads + 1));
    await waitFor(() => expect(screen.getAllByText(message)).toHaveLength(1));
  });

  it('a check that finds the profile gone shows the step the server went back to: the details form', async () => {
    server.status = { step: 'setupSocials', socialsResponse: {}, profileName: 'Radar' };
    const { user } = renderModal();
    const modal = await dialog();
    const answer = server.holdNextCall('POST', '/api/setup-autoposting/check-socials', 'checkSocials');
    await user.click(await within(modal).findByRole('button', { name: 'Continue' }));
    await within(modal).findByText('Almost there! Checking your social accounts...');

    const message =
      'The automation profile is gone from GoLogin: submit your details again to make a new one.';
    answer({
      status: { step: 'userData', socialsResponse: {}, problem: message },
      failure: { status: 409, message },
    });
    expect(await within(modal).findByRole('textbox', { name: 'Email' })).toBeTruthy();
    expect(within(modal).getAllByText(message)).toHaveLength(1);
  });
});

describe('SetupAutopostingModal: faults', () => {
  it('shows the problem the server reports where it happened', async () => {
    server.status = {
      step: 'userData',
      socialsResponse: {},
      problem: 'GoLogin refused the token: check GOLOGIN_API_TOKEN.',
    };
    renderModal();
    const modal = await dialog();
    await waitFor(() =>
      expect(
        within(modal)
          .getAllByRole('alert')
          .map((alert) => alert.textContent),
      ).toContain('GoLogin refused the token: check GOLOGIN_API_TOKEN.'),
    );
    expect(within(modal).getByRole('textbox', { name: 'Email' })).toBeTruthy();
  });

  it('a failed send shows its message and keeps what was typed, also across closing', async () => {
    server.status = { step: 'userData', socialsResponse: {} };
    const { user } = renderModal();
    const email = await screen.findByRole('textbox', { name: 'Email' });
    await user.clear(email);
    await user.paste('grace@example.com');
    await fillUserData(user);
    server.failNextCall(
      'POST',
      '/api/setup-autoposting/user-data',
      502,
      'The profile service did not answer.',
    );
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('The profile service did not answer.')).toBeTruthy();
    expect((screen.getByRole('textbox', { name: 'Email' }) as HTMLInputElement).value).toBe(
      'grace@example.com',
    );
    expect((screen.getByRole('combobox', { name: 'Country' }) as HTMLSelectElement).value).toBe('DE');

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await user.click(screen.getByRole('button', { name: 'Open autopilot' }));
    expect(((await screen.findByRole('textbox', { name: 'Email' })) as HTMLInputElement).value).toBe(
      'grace@example.com',
    );
    expect((screen.getByRole('checkbox', { name: verifiedLabel }) as HTMLInputElement).checked).toBe(true);
  });

  it('a failed call says why and the step stays', async () => {
    server.status = { step: 'initial', socialsResponse: {} };
    const { user } = renderModal();
    server.failNextCall('POST', '/api/setup-autoposting/start', 500, 'The database is busy, try again.');
    await user.click(await screen.findByRole('button', { name: 'Get Started' }));
    expect((await screen.findByRole('alert')).textContent).toBe('The database is busy, try again.');
    expect(screen.getByRole('button', { name: 'Get Started' })).toBeTruthy();
  });

  it('offline, says so instead of spinning, and asks again once online', async () => {
    const online = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    server.reachable = false;
    renderModal();
    const modal = await dialog();
    expect(await within(modal).findByText(offlineText)).toBeTruthy();
    expect(within(modal).queryByRole('status')).toBeNull();

    online.mockReturnValue(true);
    server.reachable = true;
    await act(async () => {
      window.dispatchEvent(new Event('online'));
    });
    expect(await within(modal).findByRole('button', { name: 'Get Started' })).toBeTruthy();
  });

  it('offline with the status known: the step shows, its action waits, and it says why', async () => {
    server.status = { step: 'checkSocials', socialsResponse: {} };
    const { user } = renderModal();
    await screen.findByText('Almost there! Checking your social accounts...');
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    await act(async () => {
      window.dispatchEvent(new Event('offline'));
    });
    const modal = await dialog();
    expect(within(modal).getByText(offlineText)).toBeTruthy();
    // No spinner that would spin forever.
    expect(within(modal).queryByText('Loading')).toBeNull();
    expect(modal.querySelector('[data-slot="loader"]')).toBeNull();
    expect(user).toBeTruthy();
  });

  it('a status that cannot be loaded says why, with Try again', async () => {
    server.failNextCall('GET', '/api/setup-autoposting', 500, 'Something broke on our side.');
    const { user } = renderModal();
    expect(await screen.findByText('Something broke on our side.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('button', { name: 'Get Started' })).toBeTruthy();
  });
});

describe('SetupAutopostingModal: accessible', () => {
  it('has no axe violations in the form, its errors shown', async () => {
    server.status = { step: 'userData', socialsResponse: {} };
    const { user } = renderModal();
    await screen.findByRole('textbox', { name: 'Email' });
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findAllByText('Required');
    const rules = { 'color-contrast': { enabled: false } };
    expect((await axe.run(document.body, { rules })).violations.map((violation) => violation.id)).toEqual([]);
  });

  it('has no axe violations in the failed check', async () => {
    server.status = { step: 'checkSocialsFailed', socialsResponse: { reddit: false, x: false } };
    renderModal();
    await screen.findByText('X (Twitter)');
    const rules = { 'color-contrast': { enabled: false } };
    expect((await axe.run(document.body, { rules })).violations.map((violation) => violation.id)).toEqual([]);
  });
});

import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer, testDatabases } from '../../tests/support/server-harness';
import { autopostingSetups, projects, workspaces } from '../db/schema';
import { DomainError } from '../domain/errors';
import { statusOfKind } from '../http/error-handler';
import { createLogger } from '../logger';
import { AutopostingSetup, type SetupProject } from './setup';
import {
  type BrowserProfileService,
  type ProfileCookie,
  type ProfileLogin,
  ProfileServiceError,
  type ProfileSpec,
} from './types';

type Method = 'createProfile' | 'isReady' | 'openForLogin' | 'cookies';

/**
 * A browser-profile service the test scripts: it keeps profiles and cookies in memory, records every
 * call, and fails, never answers, or waits for the test, as each test tells it to.
 */
class ScriptedProfiles implements BrowserProfileService {
  readonly kind = 'local';
  readonly calls: Array<{ method: Method; arg: unknown }> = [];
  readonly specs = new Map<string, ProfileSpec>();
  jar: ProfileCookie[] = [];
  /** How many more times isReady answers false. */
  notReadyFor = 0;
  private readonly scripted = new Map<Method, () => Promise<unknown>>();

  /** The next calls of `method` run `behaviour` instead (until `restore`). */
  script(method: Method, behaviour: () => Promise<unknown>): void {
    this.scripted.set(method, behaviour);
  }
  restore(method: Method): void {
    this.scripted.delete(method);
  }
  count(method: Method): number {
    return this.calls.filter((call) => call.method === method).length;
  }

  private async run<T>(method: Method, arg: unknown, normal: () => T): Promise<T> {
    this.calls.push({ method, arg });
    const scripted = this.scripted.get(method);
    if (scripted) return (await scripted()) as T;
    return normal();
  }

  createProfile(spec: ProfileSpec) {
    return this.run('createProfile', spec, () => {
      this.specs.set(spec.projectId, spec);
      return { profileId: `profile-${spec.projectId}` };
    });
  }
  isReady(profileId: string) {
    return this.run('isReady', profileId, () => {
      if (this.notReadyFor === 0) return true;
      this.notReadyFor -= 1;
      return false;
    });
  }
  openForLogin(profileId: string) {
    return this.run(
      'openForLogin',
      profileId,
      (): ProfileLogin => ({ message: `Log in through ${profileId}`, url: 'http://127.0.0.1:9222' }),
    );
  }
  cookies(profileId: string) {
    return this.run('cookies', profileId, () => [...this.jar]);
  }
  async openBrowser(): Promise<never> {
    throw new Error('the wizard never opens a browser to publish');
  }
}

const unreachable = () =>
  Promise.reject(
    new ProfileServiceError(
      'The browser-profile service cannot be reached: check that it is running.',
      'unreachable',
    ),
  );
const never = () => new Promise<never>(() => {});
const signedIntoReddit: ProfileCookie = {
  name: 'reddit_session',
  domain: '.reddit.com',
  value: 'signed-in',
  expires: -1,
};
const details = { email: 'ada@example.com', country: 'de', verified: true as const, os: 'mac' as const };

describe.each(testDatabases())('the setup-autoposting wizard (%s)', (kind) => {
  let server: TestServer;
  let workspaceId: string;
  let profiles: ScriptedProfiles;
  let setup: AutopostingSetup;
  let projectCount = 0;

  beforeAll(async () => {
    server = await startTestServer(kind);
    workspaceId = (await server.signUpWithWorkspace('wizard@example.com', 'Wizards')).workspace.id;
    profiles = new ScriptedProfiles();
    setup = new AutopostingSetup({
      db: server.db,
      sites: server.env,
      profiles,
      logger: createLogger('silent'),
      timeoutMs: 300,
      readyPollMs: 1,
    });
  });
  afterAll(() => server?.close());

  async function newProject(): Promise<SetupProject> {
    projectCount += 1;
    const row = await server.seedProject(workspaceId, { name: `Tallybird ${projectCount}`, reviewed: true });
    return { id: row.id, name: row.name, workspaceId };
  }
  async function atSetupSocials(): Promise<SetupProject> {
    const project = await newProject();
    await setup.start(project);
    await setup.submitUserData(project, details);
    return project;
  }
  const refusal = (promise: Promise<unknown>) =>
    promise.then(
      () => {
        throw new Error('the call succeeded');
      },
      (error: unknown) => {
        expect(error).toBeInstanceOf(DomainError);
        const { kind, code, message, field } = error as DomainError;
        return { status: statusOfKind[kind], code, message, field };
      },
    );
  const autopostingSetup = async (projectId: string) =>
    (await server.db.select().from(projects).where(eq(projects.id, projectId)))[0]?.autopostingSetup;
  /** What a server that stopped mid-step leaves: the step, untouched for an hour. */
  const leftByACrash = (projectId: string, step: 'creatingProfile' | 'checkSocials') =>
    server.db
      .update(autopostingSetups)
      .set({ step, updatedAt: sql`now() - interval '1 hour'` })
      .where(eq(autopostingSetups.projectId, projectId));

  it('starts at initial, with the workspace pacing and nothing stopped', async () => {
    const project = await newProject();
    expect(await setup.status(project)).toStrictEqual({
      step: 'initial',
      socialsResponse: {},
      profileName: null,
      login: null,
      problem: null,
      stopped: {},
      paused: false,
      dailyCap: 5,
      minGapMinutes: 20,
    });
  });

  it("'Get Started' goes to userData, and pressing it again stays there", async () => {
    const project = await newProject();
    expect((await setup.start(project)).step).toBe('userData');
    expect((await setup.start(project)).step).toBe('userData');
    const rows = await server.db
      .select()
      .from(autopostingSetups)
      .where(eq(autopostingSetups.projectId, project.id));
    expect(rows).toHaveLength(1);
  });

  it('submitting the details creates one profile named after the project, then asks the person to log in', async () => {
    const project = await newProject();
    await setup.start(project);
    profiles.notReadyFor = 2;
    const status = await setup.submitUserData(project, details);
    expect(status).toMatchObject({
      step: 'setupSocials',
      profileName: project.name,
      login: { message: `Log in through profile-${project.id}`, url: 'http://127.0.0.1:9222' },
      problem: null,
    });
    expect(profiles.specs.get(project.id)).toStrictEqual({
      projectId: project.id,
      name: project.name,
      country: 'DE',
      os: 'mac',
      email: 'ada@example.com',
    });
    const [row] = await server.db
      .select()
      .from(autopostingSetups)
      .where(eq(autopostingSetups.projectId, project.id));
    expect(row).toMatchObject({
      provider: 'local',
      profileId: `profile-${project.id}`,
      country: 'DE',
      os: 'mac',
    });

    // Submitted again (a double click, a retry after a lost answer): the same status, no second profile.
    const creations = profiles.count('createProfile');
    expect((await setup.submitUserData(project, details)).step).toBe('setupSocials');
    expect(profiles.count('createProfile')).toBe(creations);
  });

  it('refuses a country the service does not offer, naming country', async () => {
    const project = await newProject();
    expect(await refusal(setup.submitUserData(project, { ...details, country: 'EU' }))).toStrictEqual({
      status: 400,
      code: 'bad_request',
      message: 'Choose a country from the list',
      field: 'country',
    });
  });

  it('a failing service leaves the step at userData with a message the person can act on', async () => {
    const project = await newProject();
    await setup.start(project);
    profiles.script('createProfile', unreachable);
    try {
      expect(await refusal(setup.submitUserData(project, details))).toStrictEqual({
        status: 502,
        code: 'profile_service_failed',
        message: 'The browser-profile service cannot be reached: check that it is running.',
        field: undefined,
      });
    } finally {
      profiles.restore('createProfile');
    }
    expect(await setup.status(project)).toMatchObject({
      step: 'userData',
      problem: 'The browser-profile service cannot be reached: check that it is running.',
      profileName: null,
    });
    // Once the service is back, the same details go through and the problem is gone.
    expect(await setup.submitUserData(project, details)).toMatchObject({
      step: 'setupSocials',
      problem: null,
    });
  });

  it('a service that never answers is given up after the bound, back at userData', async () => {
    const project = await newProject();
    await setup.start(project);
    profiles.script('openForLogin', never);
    try {
      const refused = await refusal(setup.submitUserData(project, details));
      expect(refused).toMatchObject({ status: 504, code: 'profile_service_timeout' });
      expect(refused.message).toBe(
        'Creating your automation profile took longer than 1 second, so it was stopped. The browser-profile service may be busy: wait a minute, then submit your details again.',
      );
      expect(await setup.status(project)).toMatchObject({ step: 'userData', problem: refused.message });
    } finally {
      profiles.restore('openForLogin');
    }
  });

  it('answers creatingProfile to polls and repeated submits while the profile is being made', async () => {
    // The creation is held until the polls are checked, so it must not reach the file's 300 ms bound
    // meanwhile: on a loaded machine those checks took longer, and the held creation timed out.
    const setup = new AutopostingSetup({
      db: server.db,
      sites: server.env,
      profiles,
      logger: createLogger('silent'),
      timeoutMs: 600_000,
      readyPollMs: 1,
    });
    const project = await newProject();
    await setup.start(project);
    let finishCreating: () => void = () => {};
    const creating = new Promise<void>((resolve) => {
      finishCreating = resolve;
    });
    profiles.script('createProfile', async () => {
      await creating;
      return { profileId: `profile-${project.id}` };
    });
    const creationsBefore = profiles.count('createProfile');
    const submitted = setup.submitUserData(project, details);
    try {
      await expect.poll(() => profiles.count('createProfile')).toBeGreaterThan(creationsBefore);
      expect((await setup.status(project)).step).toBe('creatingProfile');
      const creations = profiles.count('createProfile');
      expect((await setup.submitUserData(project, details)).step).toBe('creatingProfile');
      expect(profiles.count('createProfile')).toBe(creations);
    } finally {
      profiles.restore('createProfile');
      finishCreating();
    }
    expect((await submitted).step).toBe('setupSocials');
  });

  it('takes up a creatingProfile a stopped server left, on the next poll', async () => {
    const project = await newProject();
    await setup.start(project);
    profiles.script('createProfile', unreachable);
    await refusal(setup.submitUserData(project, details));
    profiles.restore('createProfile');
    await leftByACrash(project.id, 'creatingProfile');

    expect((await setup.status(project)).step).toBe('creatingProfile');
    await setup.idle();
    expect(await setup.status(project)).toMatchObject({ step: 'setupSocials', profileName: project.name });
    expect(profiles.specs.get(project.id)).toMatchObject({ country: 'DE', email: 'ada@example.com' });
  });

  it("'Continue' with no login gives checkSocialsFailed; 'Recheck' after logging in finishes", async () => {
    const project = await atSetupSocials();
    profiles.jar = [];
    const failed = await setup.checkSocials(project, 'check');
    expect(failed).toMatchObject({
      step: 'checkSocialsFailed',
      socialsResponse: { reddit: false },
      login: { url: 'http://127.0.0.1:9222' },
    });
    expect(await autopostingSetup(project.id)).toBe(false);
    // Pressed twice: the answer stands, nothing is checked again.
    const checks = profiles.count('cookies');
    expect((await setup.checkSocials(project, 'check')).step).toBe('checkSocialsFailed');
    expect(profiles.count('cookies')).toBe(checks);

    profiles.jar = [signedIntoReddit];
    expect(await setup.checkSocials(project, 'recheck')).toMatchObject({
      step: 'finish',
      socialsResponse: { reddit: true },
      login: null,
    });
    expect(await autopostingSetup(project.id)).toBe(true);
    expect((await setup.checkSocials(project, 'recheck')).step).toBe('finish');
  });

  it("'Skip for now' finishes with a failed check; finishing again changes nothing", async () => {
    const project = await atSetupSocials();
    profiles.jar = [];
    await setup.checkSocials(project, 'check');
    expect(await setup.finish(project)).toMatchObject({ step: 'finish', socialsResponse: { reddit: false } });
    expect(await autopostingSetup(project.id)).toBe(true);
    expect((await setup.finish(project)).step).toBe('finish');
  });

  it('a passing recheck after publishing stopped clears that network, and keeps the others stopped', async () => {
    const project = await atSetupSocials();
    profiles.jar = [signedIntoReddit];
    await setup.checkSocials(project, 'check');
    await server.db
      .update(autopostingSetups)
      .set({ stopped: { reddit: 'Logged out of Reddit', x: 'A captcha on X' } })
      .where(eq(autopostingSetups.projectId, project.id));
    expect((await setup.status(project)).stopped).toStrictEqual({
      reddit: 'Logged out of Reddit',
      x: 'A captcha on X',
    });
    expect(await setup.checkSocials(project, 'recheck')).toMatchObject({
      step: 'finish',
      stopped: { x: 'A captcha on X' },
    });
  });

  it('a check the service fails goes back to setupSocials with the reason', async () => {
    const project = await atSetupSocials();
    profiles.script('cookies', unreachable);
    try {
      expect(await refusal(setup.checkSocials(project, 'check'))).toMatchObject({
        status: 502,
        message: 'The browser-profile service cannot be reached: check that it is running.',
      });
    } finally {
      profiles.restore('cookies');
    }
    expect(await setup.status(project)).toMatchObject({
      step: 'setupSocials',
      problem: 'The browser-profile service cannot be reached: check that it is running.',
    });
  });

  it("a recheck the service never answers is given up after the bound, back at checkSocialsFailed with 'Recheck'", async () => {
    const project = await atSetupSocials();
    profiles.jar = [];
    await setup.checkSocials(project, 'check');
    profiles.script('cookies', never);
    try {
      const refused = await refusal(setup.checkSocials(project, 'recheck'));
      expect(refused).toMatchObject({ status: 504, code: 'profile_service_timeout' });
      expect(refused.message).toBe(
        'Checking your social accounts took longer than 1 second, so it was stopped. The browser-profile service may be busy: wait a minute, then press Recheck to check again.',
      );
      expect(await setup.status(project)).toMatchObject({
        step: 'checkSocialsFailed',
        socialsResponse: { reddit: false },
        problem: refused.message,
      });
    } finally {
      profiles.restore('cookies');
    }
    // Recheck again once the service answers: the step moves on and the problem is gone.
    profiles.jar = [signedIntoReddit];
    expect(await setup.checkSocials(project, 'recheck')).toMatchObject({ step: 'finish', problem: null });
  });

  it('a profile the service no longer has sends the person back to their details to make a new one', async () => {
    const project = await atSetupSocials();
    profiles.script('cookies', () =>
      Promise.reject(new ProfileServiceError('That profile was deleted in GoLogin.', 'not_found')),
    );
    try {
      expect(await refusal(setup.checkSocials(project, 'check'))).toMatchObject({
        status: 409,
        code: 'profile_not_found',
        message: 'That profile was deleted in GoLogin.',
      });
    } finally {
      profiles.restore('cookies');
    }
    expect(await setup.status(project)).toMatchObject({
      step: 'userData',
      profileName: null,
      problem: 'That profile was deleted in GoLogin.',
    });
    expect(await setup.submitUserData(project, details)).toMatchObject({
      step: 'setupSocials',
      problem: null,
    });

    // The server moved from GoLogin to local profiles since: the wizard says so and starts again.
    await server.db
      .update(autopostingSetups)
      .set({ provider: 'gologin' })
      .where(eq(autopostingSetups.projectId, project.id));
    // (A server started since: it keeps nothing of the last one in memory.)
    const restarted = new AutopostingSetup({
      db: server.db,
      sites: server.env,
      profiles,
      logger: createLogger('silent'),
    });
    expect(await restarted.status(project)).toMatchObject({
      step: 'userData',
      problem:
        "This project's automation profile was made with GoLogin, but the server now uses local browser profiles: submit your details again to make a new one.",
    });
  });

  it('takes up a checkSocials a stopped server left', async () => {
    const project = await atSetupSocials();
    await leftByACrash(project.id, 'checkSocials');
    profiles.jar = [signedIntoReddit];
    expect((await setup.status(project)).step).toBe('checkSocials');
    await setup.idle();
    expect((await setup.status(project)).step).toBe('finish');
    expect(await autopostingSetup(project.id)).toBe(true);
  });

  it('refuses steps out of order, saying what comes first', async () => {
    const project = await newProject();
    expect(await refusal(setup.checkSocials(project, 'check'))).toMatchObject({
      status: 409,
      message: 'Create your automation profile first: submit your details',
    });
    const waiting = await atSetupSocials();
    expect(await refusal(setup.finish(waiting))).toMatchObject({
      status: 409,
      message: 'Log into your social accounts and press Continue first',
    });
    expect((await setup.checkSocials(waiting, 'recheck')).step).toBe('setupSocials');
  });

  it('pauses the project for anyone; only an admin changes the pacing', async () => {
    const project = await newProject();
    const paused = await setup.updateSettings(project, { role: 'org:member' }, { paused: true, dailyCap: 5 });
    expect(paused).toMatchObject({ step: 'initial', paused: true, dailyCap: 5, minGapMinutes: 20 });
    expect(
      await refusal(setup.updateSettings(project, { role: 'org:member' }, { dailyCap: 8 })),
    ).toStrictEqual({
      status: 403,
      code: 'forbidden',
      message: "Only an admin of this workspace can change Autopilot's pacing",
      field: 'dailyCap',
    });
    const paced = await setup.updateSettings(
      project,
      { role: 'org:admin' },
      { dailyCap: 8, minGapMinutes: 45 },
    );
    expect(paced).toMatchObject({ paused: true, dailyCap: 8, minGapMinutes: 45 });
    const [workspace] = await server.db.select().from(workspaces).where(eq(workspaces.id, workspaceId));
    expect(workspace).toMatchObject({ autopostDailyCap: 8, autopostMinGapMinutes: 45 });
    await setup.updateSettings(project, { role: 'org:admin' }, { dailyCap: 5, minGapMinutes: 20 });
  });
});

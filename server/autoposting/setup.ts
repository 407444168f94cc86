import { setTimeout as sleep } from 'node:timers/promises';
import type { AutopostingStatus, AutopostingStep } from '@contract/entities';
import type { AutopilotSettings, AutopostUserData } from '@contract/forms';
import { eq } from 'drizzle-orm';
import type { Principal } from '../auth/principal';
import type { Database } from '../db/client';
import { socials } from '../db/schema';
import { DomainError } from '../domain/errors';
import type { NetworkSites } from '../domain/network-sites';
import type { Logger } from '../logger';
import { isoCountryCodes } from './countries';
import { checkLogins, isPublishingNetwork } from './logins';
import { type ProfileWork, profileError, profileProblem, within } from './profile-calls';
import { type SetupRow, SetupStore } from './setup-store';
import { type BrowserProfileService, type ProfileLogin, ProfileServiceError } from './types';

/** The project the caller's `project-id` names, as far as the wizard needs it. */
export interface SetupProject {
  id: string;
  name: string;
  workspaceId: string;
}

export interface AutopostingSetupOptions {
  db: Database;
  /** Where the networks' sites are, to tell a signed-in session from the cookies. */
  sites: NetworkSites;
  profiles: BrowserProfileService;
  logger: Logger;
  /** The longest one piece of work with the profile service may take (default 90 s). */
  timeoutMs?: number;
  /** How often a profile the service is still preparing is asked about (default 2 s). */
  readyPollMs?: number;
}

/** How long the service's words on opening a profile are shown again without asking it (a port may change). */
const loginKeptMs = 60_000;

/**
 * The setup-autoposting wizard (spec sections 2, 4 and 7): each project's step, kept in the database.
 * A step moves only from the steps it may come from, so a repeated or concurrent call answers the
 * current status and never makes a second profile. Work with the profile service is bounded; when it
 * fails, the step goes back where it was with the reason in `problem`. A step a stopped server left
 * half done (creatingProfile, checkSocials) is taken up again by the next call.
 */
export class AutopostingSetup {
  private readonly timeoutMs: number;
  private readonly readyPollMs: number;
  private readonly store: SetupStore;
  private readonly logins = new Map<string, { login: ProfileLogin; until: number }>();
  private readonly running = new Set<Promise<unknown>>();
  private offered: { codes: readonly string[]; until: number } | null = null;

  constructor(private readonly options: AutopostingSetupOptions) {
    this.timeoutMs = options.timeoutMs ?? 90_000;
    this.readyPollMs = options.readyPollMs ?? 2_000;
    this.store = new SetupStore(options.db, Math.ceil(this.timeoutMs / 1000) + 30);
  }

  /** GET: where the wizard stands (a project that never started it: `initial`). */
  async status(project: SetupProject, again = true): Promise<AutopostingStatus> {
    const row = await this.store.find(project.id);
    if (row?.stale && (row.step === 'creatingProfile' || row.step === 'checkSocials'))
      this.resume(project, row);
    const pacing = await this.store.pacing(project.workspaceId);
    const step = row?.step ?? 'initial';
    let problem = row?.problem ?? null;
    let login: ProfileLogin | null = null;
    if (row?.profileId && (step === 'setupSocials' || step === 'checkSocialsFailed')) {
      const opened = await this.openForLogin(project.id, row);
      if (opened.gone && again) {
        // The profile is not in the service any more: the person makes a new one from their details.
        await this.store.move(project.id, step, 'userData', { problem: opened.problem, ...noProfile });
        return this.status(project, false);
      }
      login = opened.login;
      problem = opened.problem ?? problem;
    }
    return {
      step,
      socialsResponse: row?.socialsResponse ?? {},
      profileName: row?.profileId ? project.name : null,
      login,
      problem,
      stopped: row?.stopped ?? {},
      paused: row?.paused ?? false,
      dailyCap: pacing.dailyCap,
      minGapMinutes: pacing.minGapMinutes,
    };
  }

  /** initial → userData ('Get Started'). */
  async start(project: SetupProject): Promise<AutopostingStatus> {
    await this.store.ensure(project.id);
    await this.store.claim(project.id, ['initial'], 'userData');
    return this.status(project);
  }

  /** userData → creatingProfile → setupSocials: stores the details and makes the profile; answers when done. */
  async submitUserData(project: SetupProject, data: AutopostUserData): Promise<AutopostingStatus> {
    const country = data.country.toUpperCase();
    const offered = await this.countries().catch(() => isoCountryCodes());
    if (!offered.includes(country))
      throw new DomainError('invalid', 'bad_request', 'Choose a country from the list', { field: 'country' });
    await this.store.ensure(project.id);
    const claimed = await this.store.claim(project.id, ['initial', 'userData'], 'creatingProfile', {
      email: data.email,
      country,
      os: data.os,
      problem: null,
    });
    if (claimed) await this.createProfile(project, claimed);
    return this.status(project);
  }

  /**
   * setupSocials → checkSocials → finish or checkSocialsFailed ('Continue'); a recheck starts from
   * checkSocialsFailed ('Recheck'), or from finish when a network has stopped or failed its check.
   */
  async checkSocials(project: SetupProject, mode: 'check' | 'recheck'): Promise<AutopostingStatus> {
    const row = await this.store.find(project.id);
    const step = row?.step ?? 'initial';
    if (step === 'initial' || step === 'userData' || step === 'creatingProfile')
      throw new DomainError(
        'conflict',
        'conflict',
        'Create your automation profile first: submit your details',
      );
    const from: AutopostingStep[] = mode === 'check' ? ['setupSocials'] : ['checkSocialsFailed'];
    if (mode === 'recheck' && row && needsRecheck(row)) from.push('finish');
    const claimed = await this.store.claim(project.id, from, 'checkSocials', { problem: null });
    if (claimed) await this.check(project, claimed, from.includes(step) ? step : fallbackOf(claimed));
    return this.status(project);
  }

  /** checkSocials, checkSocialsFailed ('Skip for now') or finish → finish: the project's setup is done. */
  async finish(project: SetupProject): Promise<AutopostingStatus> {
    const done = await this.store.finish(project.id, ['checkSocials', 'checkSocialsFailed', 'finish']);
    if (!done)
      throw new DomainError('conflict', 'conflict', 'Log into your social accounts and press Continue first');
    return this.status(project);
  }

  /** PUT settings: the project's pause switch (any member), the workspace's pacing (admins only). */
  async updateSettings(
    project: SetupProject,
    principal: Pick<Principal, 'role'>,
    settings: AutopilotSettings,
  ): Promise<AutopostingStatus> {
    const current = await this.store.pacing(project.workspaceId);
    const changed = (['dailyCap', 'minGapMinutes'] as const).filter(
      (field) => settings[field] !== undefined && settings[field] !== current[field],
    );
    const [firstChanged] = changed;
    if (firstChanged) {
      if (principal.role !== 'org:admin')
        throw new DomainError(
          'forbidden',
          'forbidden',
          "Only an admin of this workspace can change Autopilot's pacing",
          { field: firstChanged },
        );
      await this.store.setPacing(project.workspaceId, {
        ...(changed.includes('dailyCap') ? { dailyCap: settings.dailyCap } : {}),
        ...(changed.includes('minGapMinutes') ? { minGapMinutes: settings.minGapMinutes } : {}),
      });
    }
    if (settings.paused !== undefined) await this.store.setPaused(project.id, settings.paused);
    return this.status(project);
  }

  /** The countries a profile can be in: the service's list, or every ISO 3166-1 country. */
  async countries(): Promise<readonly string[]> {
    const { profiles } = this.options;
    if (!profiles.countries) return isoCountryCodes();
    if (this.offered && this.offered.until > Date.now()) return this.offered.codes;
    const signal = AbortSignal.timeout(this.timeoutMs);
    try {
      const listed = await within(signal, async () => (await profiles.countries?.(signal)) ?? []);
      const codes = listed.map((code) => code.toUpperCase()).sort();
      this.offered = { codes, until: Date.now() + 60 * 60_000 };
      return codes;
    } catch (error) {
      throw this.failure(error, 'countries', signal);
    }
  }

  /** Resolves once the work started in the background (a resumed step) is over. */
  async idle(): Promise<void> {
    while (this.running.size > 0) await Promise.allSettled([...this.running]);
  }

  private async createProfile(project: SetupProject, row: SetupRow): Promise<void> {
    const { profiles } = this.options;
    const signal = AbortSignal.timeout(this.timeoutMs);
    try {
      const login = await within(signal, async () => {
        const spec = {
          projectId: project.id,
          name: project.name,
          country: row.country ?? '',
          os: row.os ?? 'win',
          email: row.email ?? '',
        };
        const { profileId } = await profiles.createProfile(spec, signal);
        await this.store.setWhile(project.id, 'creatingProfile', { profileId, provider: profiles.kind });
        while (!(await profiles.isReady(profileId, signal)))
          await sleep(this.readyPollMs, undefined, { signal });
        return profiles.openForLogin(profileId, signal);
      });
      this.logins.set(project.id, { login, until: Date.now() + loginKeptMs });
      await this.store.move(project.id, 'creatingProfile', 'setupSocials', { problem: null });
    } catch (error) {
      const refusal = this.failure(error, 'create', signal);
      await this.store.move(project.id, 'creatingProfile', 'userData', { problem: refusal.message });
      throw refusal;
    }
  }

  /** Reads the profile's cookies and tells which enabled networks hold a login; `fallback` on failure. */
  private async check(project: SetupProject, row: SetupRow, fallback: AutopostingStep): Promise<void> {
    const { db, sites, profiles } = this.options;
    const signal = AbortSignal.timeout(this.timeoutMs);
    try {
      const profileId = this.profileOf(row);
      const enabled = await db.select({ slug: socials.slug }).from(socials).where(eq(socials.enabled, true));
      const networks = enabled.map(({ slug }) => slug).filter(isPublishingNetwork);
      const cookies = await within(signal, () => profiles.cookies(profileId, signal));
      const response = checkLogins(cookies, networks, sites);
      const passing = Object.keys(response).filter((network) => response[network]);
      const passed = passing.length === Object.keys(response).length;
      if (!passed) {
        // The person logs into the networks that failed: show them the way in as it is now.
        this.logins.delete(project.id);
        await this.openForLogin(project.id, row, signal);
      }
      await this.store.recordCheck(project.id, response, passing, passed ? 'finish' : 'checkSocialsFailed');
      if (passed) {
        // Every login is in: the login browser has done its part (publishing opens its own).
        this.logins.delete(project.id);
        await profiles.release?.(profileId).catch((error: unknown) => {
          this.options.logger.warn({ err: error, projectId: project.id }, 'closing the login browser failed');
        });
      }
    } catch (error) {
      // The words name the button the person finds where the step goes back to.
      const refusal = this.failure(error, fallback === 'setupSocials' ? 'check' : 'recheck', signal);
      const gone = isGone(error);
      await this.store.move(project.id, 'checkSocials', gone ? 'userData' : fallback, {
        problem: refusal.message,
        ...(gone ? noProfile : {}),
      });
      throw refusal;
    }
  }

  /** How the person opens the profile: as the service said a moment ago, or asked again. */
  private async openForLogin(projectId: string, row: SetupRow, outer?: AbortSignal) {
    const known = this.logins.get(projectId);
    if (known && known.until > Date.now()) return { login: known.login, problem: null, gone: false };
    const signal = outer ?? AbortSignal.timeout(this.timeoutMs);
    try {
      const profileId = this.profileOf(row);
      const login = await within(signal, () => this.options.profiles.openForLogin(profileId, signal));
      this.logins.set(projectId, { login, until: Date.now() + loginKeptMs });
      return { login, problem: null, gone: false };
    } catch (error) {
      return { login: null, problem: this.failure(error, 'login', signal).message, gone: isGone(error) };
    }
  }

  /** The row's profile in the service the server uses; `not_found` when it is not there (another service made it). */
  private profileOf(row: SetupRow): string {
    const { kind } = this.options.profiles;
    if (row.profileId && (!row.provider || row.provider === kind)) return row.profileId;
    const made = row.provider === 'gologin' ? 'GoLogin' : 'local browser profiles';
    const now = kind === 'gologin' ? 'GoLogin' : 'local browser profiles';
    throw new ProfileServiceError(
      row.profileId
        ? `This project's automation profile was made with ${made}, but the server now uses ${now}: submit your details again to make a new one.`
        : 'This project has no automation profile yet: submit your details to make one.',
      'not_found',
    );
  }

  /** Takes up a step a stopped server left half done, in the background (GET answers at once). */
  private resume(project: SetupProject, row: SetupRow): void {
    const work = (async () => {
      const claimed = await this.store.claim(project.id, [], row.step);
      if (!claimed) return;
      this.options.logger.info({ projectId: project.id, step: row.step }, 'resuming an autoposting setup');
      if (claimed.step === 'creatingProfile') await this.createProfile(project, claimed);
      else await this.check(project, claimed, fallbackOf(claimed));
    })().catch((error: unknown) => {
      if (!(error instanceof DomainError))
        this.options.logger.error({ err: error }, 'resuming a setup failed');
    });
    this.running.add(work);
    void work.finally(() => this.running.delete(work));
  }

  private failure(error: unknown, work: ProfileWork, signal: AbortSignal): DomainError {
    if (error instanceof DomainError) return error;
    const problem = profileProblem(error, work, signal, this.timeoutMs);
    this.options.logger.warn({ err: error, work, kind: problem.kind }, 'the browser-profile service failed');
    return profileError(problem);
  }
}

/** What a setup whose profile is gone from the service is left with. */
const noProfile = { profileId: null, provider: null };

/** The service does not know the profile (deleted, or made by another service). */
function isGone(error: unknown): boolean {
  return error instanceof ProfileServiceError && error.kind === 'not_found';
}

/** A login check failed, or publishing stopped on a network: 'Recheck' is offered even after finish. */
function needsRecheck(row: SetupRow): boolean {
  return Object.keys(row.stopped).length > 0 || Object.values(row.socialsResponse).some((ok) => !ok);
}

/** Where a check resumed after a stop goes back to if it fails again (the step it came from is not kept). */
function fallbackOf(row: SetupRow): AutopostingStep {
  const results = Object.values(row.socialsResponse);
  if (results.length === 0) return 'setupSocials';
  return results.every(Boolean) ? 'finish' : 'checkSocialsFailed';
}

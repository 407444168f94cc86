import { existsSync } from 'node:fs';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { type BrowserContext, chromium } from 'playwright-core';
import type { Logger } from '../logger';
import { isoCountryCodes } from './countries';
import {
  type BrowserProfileService,
  type ProfileBrowser,
  type ProfileCookie,
  type ProfileLogin,
  ProfileServiceError,
  type ProfileSpec,
} from './types';

export interface LocalProfileOptions {
  /** The server's DATA_DIR: profiles live under `<dataDir>/profiles/<projectId>`. */
  dataDir: string;
  chromiumPath: string;
  /** The login browser opens with a window (a display exists); otherwise headless, reached by remote debugging. */
  headed: boolean;
  /** How long a login browser stays open with nothing happening in it (default 30 minutes). */
  idleMs?: number;
  logger?: Logger;
}

/** The flags this closed network needs (tests/support/chromium.ts), and cookies kept without a keyring. */
const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--password-store=basic',
];

const profileIdPattern = /^[A-Za-z0-9_-]{1,100}$/;

interface ProfileRecord {
  name: string;
  country: string;
  os: ProfileSpec['os'];
  email: string;
  createdAt: string;
}

/** A Chromium running on a profile. A user-data dir cannot be opened twice, so there is one per profile. */
interface Running {
  context: BrowserContext;
  headed: boolean;
  /** `http://127.0.0.1:<port>` of a headless browser's remote debugging; null with a window. */
  debugUrl: string | null;
  /** Browsers handed out by `openBrowser`, and reads under way; it is not closed while any is held. */
  holds: number;
  /** Opened for the person to log in: stays until `release` or the idle time, not when the holds end. */
  forLogin: boolean;
  idle: NodeJS.Timeout | null;
}

/**
 * The embedded browser-profile service (ARCHITECTURE.md, "autoposting"): a profile per project is a
 * Chromium user-data dir under `DATA_DIR/profiles/<projectId>`, with `<projectId>.json` beside it naming
 * it. The person logs into their networks in it (a window where there is a display, otherwise through
 * the headless browser's remote-debugging address); its cookies then hold their sessions.
 */
export class LocalProfileService implements BrowserProfileService {
  readonly kind = 'local';
  private readonly root: string;
  private readonly idleMs: number;
  private readonly running = new Map<string, Promise<Running>>();

  constructor(private readonly options: LocalProfileOptions) {
    this.root = path.resolve(options.dataDir, 'profiles');
    this.idleMs = options.idleMs ?? 30 * 60_000;
  }

  /** Whether the login browser opens with a window (otherwise headless, reached by remote debugging). */
  get headed(): boolean {
    return this.options.headed;
  }

  async createProfile(spec: ProfileSpec, signal?: AbortSignal): Promise<{ profileId: string }> {
    signal?.throwIfAborted();
    const profileId = checkedId(spec.projectId);
    const previous = await this.record(profileId).catch(() => null);
    await mkdir(this.userDataDir(profileId), { recursive: true });
    const record: ProfileRecord = {
      name: spec.name,
      country: spec.country,
      os: spec.os,
      email: spec.email,
      createdAt: previous?.createdAt ?? new Date().toISOString(),
    };
    await writeFile(this.recordFile(profileId), `${JSON.stringify(record, null, 2)}\n`);
    return { profileId };
  }

  async isReady(profileId: string): Promise<boolean> {
    const id = checkedId(profileId);
    return existsSync(this.userDataDir(id)) && existsSync(this.recordFile(id));
  }

  async openForLogin(profileId: string, signal?: AbortSignal): Promise<ProfileLogin> {
    const id = checkedId(profileId);
    const { name } = await this.record(id);
    const browser = await this.acquire(id, 'login', signal);
    browser.forLogin = true;
    this.touch(id, browser);
    if (browser.headed)
      return {
        message: `A Chromium window with the profile '${name}' has opened on the computer ReplyRadar runs on. Log into your social accounts in it, then press Continue.`,
        url: null,
      };
    const address = browser.debugUrl?.replace(/^http:\/\//, '') ?? '';
    return {
      message: `The computer ReplyRadar runs on has no display, so the profile '${name}' runs in a browser without a window. On that computer, open chrome://inspect/#devices in Chrome or Chromium, add ${address} under 'Configure…', click 'inspect' under the profile's tab and log into your social accounts there; then press Continue.`,
      url: browser.debugUrl,
    };
  }

  async cookies(profileId: string, signal?: AbortSignal): Promise<ProfileCookie[]> {
    const id = checkedId(profileId);
    await this.record(id);
    const browser = await this.acquire(id, 'work', signal);
    browser.holds += 1;
    try {
      const cookies = await browser.context.cookies();
      return cookies.map(({ name, domain, value, expires }) => ({ name, domain, value, expires }));
    } finally {
      await this.unhold(id, browser);
    }
  }

  async openBrowser(profileId: string, signal?: AbortSignal): Promise<ProfileBrowser> {
    const id = checkedId(profileId);
    await this.record(id);
    const browser = await this.acquire(id, 'work', signal);
    browser.holds += 1;
    let closed = false;
    return {
      context: browser.context,
      close: async () => {
        if (closed) return;
        closed = true;
        await this.unhold(id, browser);
      },
    };
  }

  async release(profileId: string): Promise<void> {
    await this.stop(checkedId(profileId));
  }

  async countries(): Promise<readonly string[]> {
    return isoCountryCodes();
  }

  async close(): Promise<void> {
    await Promise.all([...this.running.keys()].map((id) => this.stop(id)));
  }

  private userDataDir(id: string): string {
    return path.join(this.root, id);
  }

  private recordFile(id: string): string {
    return path.join(this.root, `${id}.json`);
  }

  private async record(id: string): Promise<ProfileRecord> {
    let text: string;
    try {
      text = await readFile(this.recordFile(id), 'utf8');
    } catch {
      throw new ProfileServiceError(
        'This project has no browser profile on the server any more: submit your details again to create it.',
        'not_found',
      );
    }
    return JSON.parse(text) as ProfileRecord;
  }

  /**
   * The browser running on the profile, launched when none is. A login in a window replaces a headless
   * browser nothing holds; without a display every browser is headless and reachable for login.
   */
  private async acquire(id: string, use: 'login' | 'work', signal?: AbortSignal): Promise<Running> {
    signal?.throwIfAborted();
    const current = this.running.get(id);
    if (current) {
      const browser = await current.catch(() => null);
      if (browser && this.running.get(id) === current) {
        if (use === 'work' || !this.options.headed || browser.headed) return browser;
        if (browser.holds > 0)
          throw new ProfileServiceError(
            "The profile's browser is busy publishing a reply: try again in a minute.",
            'refused',
          );
        await this.stop(id);
      } else if (this.running.get(id) === current) {
        this.running.delete(id);
      }
      return this.acquire(id, use, signal);
    }
    const launching = this.launch(id, use === 'login' && this.options.headed);
    this.running.set(id, launching);
    launching.catch(() => {
      if (this.running.get(id) === launching) this.running.delete(id);
    });
    return launching;
  }

  private async launch(id: string, headed: boolean): Promise<Running> {
    const dir = this.userDataDir(id);
    // Without a display, every browser listens for remote debugging (on loopback only), so the one running
    // can serve a login too; a port file left by an earlier run must not be mistaken for this one's.
    const debug = !this.options.headed;
    const portFile = path.join(dir, 'DevToolsActivePort');
    if (debug) await rm(portFile, { force: true });
    let context: BrowserContext;
    try {
      context = await chromium.launchPersistentContext(dir, {
        executablePath: this.options.chromiumPath,
        headless: !headed,
        args: [
          ...chromiumArgs,
          ...(debug ? ['--remote-debugging-address=127.0.0.1', '--remote-debugging-port=0'] : []),
        ],
        viewport: headed ? null : { width: 1280, height: 900 },
      });
    } catch (error) {
      throw launchError(error, this.options.chromiumPath);
    }
    const browser: Running = {
      context,
      headed,
      debugUrl: debug ? await debugUrl(portFile) : null,
      holds: 0,
      forLogin: false,
      idle: null,
    };
    // Anything the person does in the login browser (a page they open) counts as use.
    context.on('request', (request) => {
      if (request.isNavigationRequest() && browser.forLogin) this.touch(id, browser);
    });
    context.on('close', () => {
      if (browser.idle) clearTimeout(browser.idle);
      void this.running.get(id)?.then(
        (current) => current === browser && this.running.delete(id),
        () => undefined,
      );
    });
    this.options.logger?.info(
      { profileId: id, headed, debugUrl: browser.debugUrl },
      'profile browser started',
    );
    return browser;
  }

  /** Restarts the login browser's idle time. */
  private touch(id: string, browser: Running): void {
    if (browser.idle) clearTimeout(browser.idle);
    browser.idle = setTimeout(() => {
      browser.idle = null;
      if (browser.holds > 0) return this.touch(id, browser);
      this.options.logger?.info({ profileId: id }, 'closing an idle login browser');
      void this.stop(id);
    }, this.idleMs);
    browser.idle.unref();
  }

  private async unhold(id: string, browser: Running): Promise<void> {
    browser.holds -= 1;
    if (browser.holds > 0) return;
    if (browser.forLogin) return this.touch(id, browser);
    if ((await this.running.get(id)?.catch(() => null)) === browser) await this.stop(id);
  }

  private async stop(id: string): Promise<void> {
    const current = this.running.get(id);
    if (!current) return;
    this.running.delete(id);
    const browser = await current.catch(() => null);
    if (!browser) return;
    if (browser.idle) clearTimeout(browser.idle);
    await browser.context.close().catch((error: unknown) => {
      this.options.logger?.warn({ err: error, profileId: id }, 'closing a profile browser failed');
    });
  }
}

function checkedId(profileId: string): string {
  if (!profileIdPattern.test(profileId))
    throw new ProfileServiceError(`'${profileId.slice(0, 40)}' is not a local profile's id`, 'invalid');
  return profileId;
}

/** Chromium writes the port it chose to `DevToolsActivePort` once it listens. */
async function debugUrl(portFile: string): Promise<string> {
  for (let tries = 0; tries < 100; tries += 1) {
    const text = await readFile(portFile, 'utf8').catch(() => '');
    const port = text.split('\n')[0]?.trim();
    if (port && /^\d+$/.test(port)) return `http://127.0.0.1:${port}`;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new ProfileServiceError(
    'Chromium started but did not open its remote-debugging port: try again.',
    'unreachable',
  );
}

function launchError(error: unknown, chromiumPath: string): ProfileServiceError {
  const detail = error instanceof Error ? (error.message.split('\n')[0] ?? '') : String(error);
  if (/ProcessSingleton|SingletonLock|profile.*in use/i.test(detail))
    return new ProfileServiceError(
      "The project's browser profile is open in another Chromium on this computer: close that window and try again.",
      'refused',
      { cause: error },
    );
  return new ProfileServiceError(
    `Chromium could not start from ${chromiumPath} (${detail}): install Chromium or set CHROMIUM_PATH to one on this computer.`,
    'unreachable',
    { cause: error },
  );
}

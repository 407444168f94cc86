import { createHash } from 'node:crypto';
import type { Database } from '../db/client';
import type { Logger } from '../logger';
import { isPublishingNetwork, type PublishingNetwork } from './logins';
import {
  capNote,
  checkingNote,
  emptyNote,
  gapNote,
  profileNote,
  stopNote,
  stopReason,
} from './publish-notes';
import {
  type AttemptRow,
  claimPost,
  markAbandoned,
  markPublished,
  type PublishingProject,
  pacingOf,
  publishingProject,
  setNotes,
  stopNetwork,
  type WaitingPost,
  waitingPosts,
} from './publish-store';
import {
  type BrowserProfileService,
  type ProfileBrowser,
  ProfileServiceError,
  type Publisher,
  PublishFailure,
} from './types';

export { duePublishingProjects } from './publish-store';

export interface PublishingDeps {
  db: Database;
  profiles: BrowserProfileService;
  publishers: Partial<Record<PublishingNetwork, Publisher>>;
  logger: Logger;
  now?: () => Date;
  /**
   * The random part of the gap after an attempt, from 0 to 1 (of half the minimum gap). Given the
   * attempt's id, so one gap keeps its length however often the queue looks; a hash of the id by default.
   */
  gapJitter?: (attemptId: string) => number;
  /** A `started` attempt older than this belongs to a run that died (default 10 minutes; a live one is bounded well below). */
  staleAfterMs?: number;
}

/** What one run did, per network. */
export interface PublishOutcome {
  /** Why the whole project was passed over, or null. */
  skipped: string | null;
  /** Posts published (or found already published in their thread). */
  published: string[];
  /** Networks waiting for their pacing: over the day's cap, or within the gap. */
  waiting: Partial<Record<PublishingNetwork, 'cap' | 'gap'>>;
  /** Networks stopped, with the reason the wizard shows. */
  stopped: Partial<Record<PublishingNetwork, string>>;
}

const defaultJitter = (attemptId: string) =>
  createHash('sha256').update(attemptId).digest().readUInt32BE(0) / 0x1_0000_0000;

/** The start of the UTC day `at` is in: the daily cap counts from there. */
const dayStartOf = (at: Date) => new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));

/** The run ends here (a browser that cannot open): what is left waits for the next one. */
class EndOfRun extends Error {}

/** The project's browser, opened when a run first needs it and closed at its end. */
class ProfileSession {
  private browser: Promise<ProfileBrowser> | null = null;

  constructor(
    private readonly profiles: BrowserProfileService,
    private readonly profileId: string,
    private readonly signal: AbortSignal | undefined,
  ) {}

  open(): Promise<ProfileBrowser> {
    this.browser ??= this.profiles.openBrowser(this.profileId, this.signal);
    return this.browser;
  }

  async close(): Promise<void> {
    const browser = await this.browser?.catch(() => null);
    await browser?.close().catch(() => undefined);
  }
}

/**
 * Publishes what is due for one project, network after network, through its browser profile:
 * - only approved, unpublished posts of a project whose setup is finished, whose workspace has the
 *   Autopilot add-on and which is not paused; never Hacker News; never a network in `stopped`;
 * - paced per account and network: at most the workspace's daily number of attempts started per UTC
 *   day, each at least its minimum gap (plus a random part of up to half of it) after the last;
 * - never twice: the attempt is recorded (with the answer as it is now) before the browser is touched,
 *   and an attempt a dead run left is settled by looking for the reply in the thread first;
 * - a failure stops that network (the reason in `stopped` and on the card, the approval kept); a reply
 *   whose outcome is unknown ends the run, its attempt left for the next run to settle.
 */
export async function publishProject(
  deps: PublishingDeps,
  projectId: string,
  signal?: AbortSignal,
): Promise<PublishOutcome> {
  const outcome: PublishOutcome = { skipped: null, published: [], waiting: {}, stopped: {} };
  const project = await publishingProject(deps.db, projectId);
  const skip = whySkip(project, deps.profiles);
  if (skip || !project?.profileId) {
    outcome.skipped = skip ?? 'no profile';
    return outcome;
  }
  const networks = new Map<PublishingNetwork, WaitingPost[]>();
  for (const post of await waitingPosts(deps.db, projectId)) {
    if (!isPublishingNetwork(post.network)) continue;
    networks.set(post.network, [...(networks.get(post.network) ?? []), post]);
  }
  const session = new ProfileSession(deps.profiles, project.profileId, signal);
  const run = new NetworkRun(deps, project, session, outcome);
  try {
    for (const [network, posts] of networks) {
      signal?.throwIfAborted();
      await run.network(network, posts);
    }
  } catch (error) {
    if (!(error instanceof EndOfRun)) throw error;
  } finally {
    await session.close();
  }
  return outcome;
}

function whySkip(project: PublishingProject | null, profiles: BrowserProfileService): string | null {
  if (!project) return 'the project has no Autopilot setup';
  if (!project.setupFinished) return 'the setup is not finished';
  if (!project.autopilot) return 'the workspace has no Autopilot add-on';
  if (project.paused) return 'Autopilot is paused';
  if (!project.profileId) return 'the project has no browser profile';
  // A profile made in another service (the configuration changed since) cannot be opened here.
  if (project.provider && project.provider !== profiles.kind)
    return `the profile lives in ${project.provider}, not ${profiles.kind}`;
  return null;
}

/** One run's work on each network of the project. */
class NetworkRun {
  private readonly now: () => Date;
  private readonly jitter: (attemptId: string) => number;
  private readonly staleAfterMs: number;

  constructor(
    private readonly deps: PublishingDeps,
    private readonly project: PublishingProject,
    private readonly session: ProfileSession,
    private readonly outcome: PublishOutcome,
  ) {
    this.now = deps.now ?? (() => new Date());
    this.jitter = deps.gapJitter ?? defaultJitter;
    this.staleAfterMs = deps.staleAfterMs ?? 10 * 60_000;
  }

  async network(network: PublishingNetwork, posts: WaitingPost[]): Promise<void> {
    const { db } = this.deps;
    const name = posts[0]?.networkName ?? network;
    const stopped = this.project.stopped[network];
    const publisher = this.deps.publishers[network];
    if (stopped || !publisher) {
      if (stopped) {
        this.outcome.stopped[network] = stopped;
        await setNotes(db, ids(posts), stopped);
      }
      return;
    }

    const queue: WaitingPost[] = [];
    for (const post of posts) {
      const attempt = post.attempt;
      if (!attempt) queue.push(post);
      else if (attempt.startedAt.getTime() < this.now().getTime() - this.staleAfterMs) {
        const settled = await this.settle(network, name, publisher, post, attempt, posts);
        if (settled === 'stopped') return;
        if (settled === 'abandoned') queue.push(post);
      }
      // A fresh attempt belongs to a run still at work.
    }

    for (const [index, post] of queue.entries()) {
      if (post.answer.trim() === '') {
        await setNotes(db, [post.id], emptyNote);
        continue;
      }
      const waitFor = await this.pacing(db, network, this.now());
      if (waitFor) {
        this.outcome.waiting[network] = waitFor.kind;
        const rest = ids(queue.slice(index));
        await setNotes(
          db,
          rest,
          waitFor.kind === 'cap'
            ? capNote(this.project.dailyCap, name)
            : gapNote(this.project.minGapMinutes, name, waitFor.until),
        );
        return;
      }
      const browser = await this.browser(queue.slice(index));
      // Checked again on what is stored now, in the claim's transaction: another run may have gone first.
      const claim = { held: false };
      const attempt = await claimPost(db, post, this.project.projectId, this.now(), async (tx, setup) => {
        claim.held = Boolean(
          setup.paused || setup.stopped[network] || (await this.pacing(tx, network, this.now())),
        );
        return !claim.held;
      });
      if (claim.held) return;
      // Taken by another run, unapproved or published meanwhile.
      if (!attempt) continue;
      if (!(await this.send(network, name, publisher, browser, post, attempt, posts))) return;
    }
  }

  /** Why the network waits now (the day's cap, or the gap after the last reply until `until`), or null. */
  private async pacing(
    db: Parameters<typeof pacingOf>[0],
    network: string,
    at: Date,
  ): Promise<{ kind: 'cap' } | { kind: 'gap'; until: Date } | null> {
    const { today, last } = await pacingOf(db, this.project.projectId, network, dayStartOf(at));
    if (today >= this.project.dailyCap) return { kind: 'cap' };
    if (!last) return null;
    const share = Math.min(1, Math.max(0, this.jitter(last.id)));
    const until = new Date(last.startedAt.getTime() + this.project.minGapMinutes * 60_000 * (1 + share / 2));
    return at < until ? { kind: 'gap', until } : null;
  }

  /** The profile's browser; when it cannot open, the waiting cards say why and the run ends. */
  private async browser(waiting: WaitingPost[]): Promise<ProfileBrowser> {
    try {
      return await this.session.open();
    } catch (error) {
      if (!(error instanceof ProfileServiceError)) throw error;
      this.deps.logger.warn(
        { err: error, projectId: this.project.projectId },
        'the profile browser would not open',
      );
      await setNotes(this.deps.db, ids(waiting), profileNote(error.message));
      throw new EndOfRun();
    }
  }

  /** Sends one claimed reply; false when the network stopped. An unknown outcome ends the run. */
  private async send(
    network: PublishingNetwork,
    name: string,
    publisher: Publisher,
    browser: ProfileBrowser,
    post: WaitingPost,
    attempt: AttemptRow,
    held: WaitingPost[],
  ): Promise<boolean> {
    const page = await browser.context.newPage();
    try {
      const { replyUrl } = await publisher.publish(page, { url: post.url, answer: attempt.answer });
      await markPublished(this.deps.db, attempt, replyUrl, this.now());
      this.outcome.published.push(post.id);
      this.deps.logger.info(
        { projectId: this.project.projectId, postId: post.id, network, replyUrl },
        'reply published',
      );
      return true;
    } catch (error) {
      if (error instanceof PublishFailure) {
        await this.stop(network, name, post, error, attempt, held);
        return false;
      }
      // Sent or not, nobody knows: the attempt stays started, and a later run looks for the reply.
      await setNotes(this.deps.db, [post.id], checkingNote(name)).catch(() => undefined);
      this.deps.logger.error(
        { err: error, projectId: this.project.projectId, postId: post.id, network },
        'publishing ended without knowing whether the reply went out; it is looked for before any new try',
      );
      throw error;
    } finally {
      await page.close().catch(() => undefined);
    }
  }

  /**
   * An attempt a dead run left: the reply found in the thread publishes the post; not found, the attempt
   * is abandoned and the post goes back in the queue. When the thread cannot be read, the network stops
   * and the attempt stays started (unless the thread is gone: then nothing more can come of it).
   */
  private async settle(
    network: PublishingNetwork,
    name: string,
    publisher: Publisher,
    post: WaitingPost,
    attempt: AttemptRow,
    held: WaitingPost[],
  ): Promise<'published' | 'abandoned' | 'stopped'> {
    const browser = await this.browser([post]);
    const page = await browser.context.newPage();
    try {
      const found = await publisher.findReply(page, { url: post.url, answer: attempt.answer });
      if (found) {
        await markPublished(this.deps.db, attempt, found, this.now());
        this.outcome.published.push(post.id);
        this.deps.logger.info({ postId: post.id, network }, 'an earlier attempt had published the reply');
        return 'published';
      }
      await markAbandoned(this.deps.db, attempt, this.now());
      return 'abandoned';
    } catch (error) {
      if (!(error instanceof PublishFailure)) throw error;
      await this.stop(network, name, post, error, error.kind === 'thread_gone' ? attempt : null, held);
      return 'stopped';
    } finally {
      await page.close().catch(() => undefined);
    }
  }

  private async stop(
    network: PublishingNetwork,
    name: string,
    post: WaitingPost,
    failure: PublishFailure,
    attempt: AttemptRow | null,
    held: WaitingPost[],
  ): Promise<void> {
    const reason = stopReason(failure.kind, name);
    // The network's other replies wait too, and their cards say why.
    const others = held.filter((other) => other.id !== post.id && !this.outcome.published.includes(other.id));
    await setNotes(this.deps.db, ids(others), reason);
    await stopNetwork(
      this.deps.db,
      {
        projectId: this.project.projectId,
        network,
        reason,
        postId: post.id,
        note: stopNote(failure.kind, name),
        ...(attempt ? { attempt: { row: attempt, kind: failure.kind, message: failure.message } } : {}),
      },
      this.now(),
    );
    this.outcome.stopped[network] = reason;
    this.deps.logger.warn(
      {
        projectId: this.project.projectId,
        postId: post.id,
        network,
        kind: failure.kind,
        detail: failure.message,
      },
      'publishing stopped on a network',
    );
  }
}

const ids = (posts: WaitingPost[]) => posts.map((post) => post.id);

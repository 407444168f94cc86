import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  accountOn,
  localProfiles,
  type NetworkPages,
  signInProfile,
  signInsOnEveryNetwork,
  startAllNetworkPages,
  startNetworkPages,
  type ThreadMode,
} from '../../../tests/support/network-pages-server';
import { loadEnv } from '../../env';
import type { LocalProfileService } from '../local-profile-service';
import { publishingNetworks } from '../logins';
import type { ProfileBrowser, PublishFailureKind } from '../types';
import { PublishFailure } from '../types';
import { createPublishers, type Publishers } from '.';
import { redditSteps } from './reddit';

const dataDir = mkdtempSync(path.join(tmpdir(), 'replyradar-publishers-'));

const answer = 'We send a polite reminder on day 3, then a firmer one on day 10.\n\nIt works for us.';

describe('publishers in Chromium, against each network’s pages', () => {
  let sites: Awaited<ReturnType<typeof startAllNetworkPages>>;
  let profiles: LocalProfileService;
  let publishers: Publishers;
  let signedIn: ProfileBrowser;
  let visitor: ProfileBrowser;
  const pages: Page[] = [];

  beforeAll(async () => {
    sites = await startAllNetworkPages();
    profiles = await localProfiles(dataDir, 'signed-in', 'visitor');
    await signInProfile(profiles, 'signed-in', ...signInsOnEveryNetwork(sites.pages));
    publishers = createPublishers(loadEnv({ ...sites.env, MASTODON_TOKEN: 'unused' }), {
      timeouts: { element: 5_000, reply: 10_000 },
    });
    signedIn = await profiles.openBrowser('signed-in');
    visitor = await profiles.openBrowser('visitor');
  });
  afterAll(async () => {
    await signedIn?.close();
    await visitor?.close();
    await profiles?.close();
    rmSync(dataDir, { recursive: true, force: true });
    await sites?.close();
  });

  const newPage = async (browser: ProfileBrowser) => {
    const page = await browser.context.newPage();
    pages.push(page);
    return page;
  };
  // A test's pages end with it, as a person's tabs do: left open, the 37 tests' pages all stayed in the
  // two browsers to the end.
  afterEach(async () => {
    await Promise.all(pages.splice(0).map((page) => page.close()));
  });
  const failureOf = async (attempt: Promise<unknown>) => {
    const error = await attempt.then(
      () => null,
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(PublishFailure);
    return (error as PublishFailure).kind;
  };

  describe.each(publishingNetworks)('%s', (network) => {
    let site: NetworkPages;
    beforeAll(() => {
      site = sites.pages[network];
    });

    it('writes the answer as a reply, reads back its link, and finds it again instead of sending it twice', async () => {
      const thread = site.addThread();
      const publisher = publishers[network];
      const page = await newPage(signedIn);
      expect(await publisher.findReply(page, { url: thread.url, answer })).toBeNull();

      const { replyUrl } = await publisher.publish(page, { url: thread.url, answer });
      const sent = site.posted.filter((comment) => comment.threadId === thread.id);
      expect(sent).toHaveLength(1);
      expect(sent[0]?.author).toBe(accountOn(network));
      expect(sent[0]?.text.replace(/\s+/g, ' ')).toContain('We send a polite reminder on day 3');
      expect(replyUrl).toBe(sent[0]?.url);

      expect(await publisher.findReply(await newPage(signedIn), { url: thread.url, answer })).toBe(replyUrl);
      // Publishing the same answer again finds the reply already there.
      expect(await publisher.publish(await newPage(signedIn), { url: thread.url, answer })).toEqual({
        replyUrl,
      });
      expect(site.posted.filter((comment) => comment.threadId === thread.id)).toHaveLength(1);
    });

    it('finds only the signed-in account’s reply, not someone else’s with the same words', async () => {
      const thread = site.addThread();
      site.addComment(thread.id, { author: 'someone_else', text: answer });
      expect(
        await publishers[network].findReply(await newPage(signedIn), { url: thread.url, answer }),
      ).toBeNull();
    });

    it('stops at the login wall of a profile that is not signed in', async () => {
      const thread = site.addThread();
      expect(
        await failureOf(publishers[network].publish(await newPage(visitor), { url: thread.url, answer })),
      ).toBe('logged_out');
      expect(
        await failureOf(publishers[network].findReply(await newPage(visitor), { url: thread.url, answer })),
      ).toBe('logged_out');
    });

    const walls: Array<[ThreadMode, PublishFailureKind]> = [
      ['captcha', 'captcha'],
      ['removed', 'thread_gone'],
      ['rate_limited', 'rate_limited'],
    ];
    // Mastodon has no closed threads.
    if (network !== 'mastodon') walls.push(['locked', 'thread_locked']);
    it.each(walls)('a %s thread fails as %s and nothing is sent', async (mode, kind) => {
      const thread = site.addThread({ mode });
      expect(
        await failureOf(publishers[network].publish(await newPage(signedIn), { url: thread.url, answer })),
      ).toBe(kind);
      expect(site.posted.filter((comment) => comment.threadId === thread.id)).toEqual([]);
    });
  });

  it('a session the network ended is logged out, though the profile still holds its cookie', async () => {
    const reddit = await startNetworkPages('reddit');
    const own = await localProfiles(dataDir, 'ended');
    try {
      await signInProfile(own, 'ended', [reddit, 'tallybird']);
      reddit.endSessions();
      const browser = await own.openBrowser('ended');
      const thread = reddit.addThread();
      const publisher = createPublishers(loadEnv(reddit.env)).reddit;
      expect(
        await failureOf(publisher.publish(await browser.context.newPage(), { url: thread.url, answer })),
      ).toBe('logged_out');
      expect(reddit.posted).toEqual([]);
    } finally {
      await own.close();
      await reddit.close();
    }
  });

  it('opens a post of another Mastodon server through the account’s own server', async () => {
    const remoteUrl = 'https://fosstodon.org/@opensourcer/114432100000000001';
    sites.pages.mastodon.addThread({ remoteUrl, author: 'opensourcer' });
    const { replyUrl } = await publishers.mastodon.publish(await newPage(signedIn), {
      url: remoteUrl,
      answer,
    });
    expect(replyUrl).toMatch(new RegExp(`^${sites.pages.mastodon.origin}/@tallybird/\\d+$`));
    const [sent] = sites.pages.mastodon.posted.slice(-1);
    // The reply keeps the mention Mastodon writes, so the author is told.
    expect(sent?.text).toBe(`@opensourcer ${answer}`);
  });

  it('opens a www.reddit.com thread on old.reddit.com, and keeps the reply’s link on www', () => {
    const steps = redditSteps(loadEnv({}));
    expect(steps.threadUrl('https://www.reddit.com/r/freelance/comments/1abc/late_invoices/?sort=new')).toBe(
      'https://old.reddit.com/r/freelance/comments/1abc/late_invoices/?sort=new',
    );
    expect(steps.publicLink?.('https://old.reddit.com/r/freelance/comments/1abc/late_invoices/k1/')).toBe(
      'https://www.reddit.com/r/freelance/comments/1abc/late_invoices/k1/',
    );
    const local = redditSteps(loadEnv({ REDDIT_WEB_URL: 'http://127.0.0.1:4100' }));
    expect(local.threadUrl('http://127.0.0.1:4100/r/freelance/comments/1abc/x/')).toBe(
      'http://127.0.0.1:4100/r/freelance/comments/1abc/x/',
    );
  });
});

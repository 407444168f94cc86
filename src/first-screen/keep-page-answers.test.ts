// @vitest-environment node
import 'fake-indexeddb/auto';
import { projectFixture, sessionFixture } from '@tests/support/api-fixtures';
import { serverPost } from '@tests/support/fake-api-server';
import { closeTestMirrors, openTestMirror } from '@tests/support/test-mirror';
import { afterEach, describe, expect, it } from 'vitest';
import { keptCopies } from '@/db/kept-copies';
import { editAnswer } from '@/sync/answer-outbox';
import type { PageAnswer } from './first-answers';
import { keepPageAnswers } from './keep-page-answers';

afterEach(() => closeTestMirrors());

const session = sessionFixture({ activeWorkspaceId: 'ws-1' });
const project = projectFixture({ id: 'p1' });
const answer = (name: PageAnswer['name'], data: unknown, more: Partial<PageAnswer> = {}): PageAnswer => ({
  name,
  params: undefined,
  query: undefined,
  projectId: null,
  data,
  ...more,
});
const ofProject = { projectId: 'p1' };
const day = { found_date: '2025-03-05' };

describe('keeping the answers the page came with on the device', () => {
  it('keeps each of the first screen’s answers where the app would have kept it, so the next start opens offline', async () => {
    const db = openTestMirror('page-answers');
    await keepPageAnswers(
      [
        answer('getSubscription', { active: true, addons: { autopost: true } }),
        answer('listProjects', [project]),
        answer('listSocials', [{ id: 's1', slug: 'reddit', name: 'Reddit' }]),
        answer('listFoundDates', { foundDates: ['2025-03-05', '2025-03-04'], running: false }, ofProject),
        answer('listKeywordsForDate', { keywords: [{ name: 'crm' }] }, { ...ofProject, query: day }),
        answer('listPosts', [serverPost({ id: 'a', answer: 'From the server.' })], {
          ...ofProject,
          params: { social: 'reddit' },
          query: day,
        }),
      ],
      session,
      db,
    );
    expect(await keptCopies.subscription(db, 'ws-1').read()).toEqual({
      active: true,
      addons: { autopost: true },
    });
    expect(await keptCopies.projects(db, 'ws-1').read()).toEqual([project]);
    expect(await keptCopies.socials(db).read()).toEqual([{ id: 's1', slug: 'reddit', name: 'Reddit' }]);
    expect((await db.foundDates.toArray()).map((row) => row.date).sort()).toEqual([
      '2025-03-04',
      '2025-03-05',
    ]);
    expect((await db.keywordsByDate.get(['p1', '2025-03-05']))?.keywords).toEqual(['crm']);
    expect(await db.posts.get('a')).toMatchObject({
      projectId: 'p1',
      social: 'reddit',
      foundDate: '2025-03-05',
      answer: 'From the server.',
      syncState: 'synced',
    });
  });

  it('keeps an answer this device changed and has not sent yet over the page’s older one', async () => {
    const db = openTestMirror('page-answers');
    const posts = (text: string) =>
      answer('listPosts', [serverPost({ id: 'a', answer: text })], {
        ...ofProject,
        params: { social: 'reddit' },
        query: day,
      });
    await keepPageAnswers([posts('From the server.')], session, db);
    await editAnswer(db, 'a', 'Typed offline.');
    await keepPageAnswers([posts('From the server.')], session, db);
    expect(await db.posts.get('a')).toMatchObject({ answer: 'Typed offline.', syncState: 'pending' });
  });
});

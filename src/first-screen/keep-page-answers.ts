import type { RouteData, RouteName } from '@contract/api';
import type { AuthSession } from '@contract/auth';
import { getMirrorDb, type MirrorDb } from '@/db/mirror';
import {
  foundDatesWrite,
  keywordsWrite,
  type MirrorWrite,
  postsWrite,
  projectsWrite,
  socialsWrite,
  subscriptionWrite,
  writeTogether,
} from '@/db/mirror-writes';
import { nextTask } from '@/first-screen/next-task';
import type { PageAnswer } from './first-answers';

function as<N extends RouteName>(answer: PageAnswer, name: N): RouteData<N> | null {
  return answer.name === name ? (answer.data as RouteData<N>) : null;
}

/** The write that keeps one answer on the device, or null for an answer the mirror does not keep. */
function writeOf(answer: PageAnswer, session: AuthSession, db: MirrorDb): MirrorWrite | null {
  const workspaceId = session.activeWorkspaceId;
  const { projectId, params, query } = answer;
  const socials = as(answer, 'listSocials');
  if (socials) return socialsWrite(db, socials);
  const projects = as(answer, 'listProjects');
  if (projects && workspaceId) return projectsWrite(db, workspaceId, projects);
  const subscription = as(answer, 'getSubscription');
  if (subscription && workspaceId) return subscriptionWrite(db, workspaceId, subscription);
  const dates = as(answer, 'listFoundDates');
  if (dates && projectId) return foundDatesWrite(db, projectId, dates.foundDates);
  const keywords = as(answer, 'listKeywordsForDate');
  const date = query?.found_date;
  if (keywords && projectId && date) return keywordsWrite(db, projectId, date, keywords.keywords);
  const posts = as(answer, 'listPosts');
  const social = params?.social;
  if (posts && projectId && social && date)
    return postsWrite(db, { projectId, social, foundDate: date, keyword: query?.keyword }, posts);
  return null;
}

/**
 * Keeps the answers the page came with on the device, so that the next start opens offline with them, as
 * if the app had asked for each (decision 017). Called once the first screen has painted; the screens do
 * not write these again. Each answer is written in a transaction and a task of its own: the page is
 * showing meanwhile, and one transaction for all of them is a long task on a phone.
 */
export async function keepPageAnswers(
  answers: readonly PageAnswer[],
  session: AuthSession,
  db: MirrorDb = getMirrorDb(),
): Promise<void> {
  const writes = answers.map((answer) => writeOf(answer, session, db)).filter((write) => write !== null);
  if (writes.length === 0) return;
  try {
    for (const write of writes) {
      await writeTogether(db, [write]);
      await nextTask();
    }
  } catch (error) {
    console.error('Could not keep the page’s answers on this device', error);
  }
}

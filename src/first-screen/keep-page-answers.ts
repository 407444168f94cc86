import type { AuthSession } from '@contract/auth';
import { keptCopies } from '@/db/kept-copies';
import { getMirrorDb, type MirrorDb } from '@/db/mirror';
import { nextTask } from '@/first-screen/next-task';
import type { KeptCopy } from '@/lib/read-through';
import type { PageAnswer } from './first-answers';

/**
 * Where one answer is kept, as `useApi` would have kept it had it asked (`keptCopies`), or null for an
 * answer the mirror does not keep.
 */
function copyOf(
  answer: PageAnswer,
  session: AuthSession,
  db: MirrorDb,
): Pick<KeptCopy<never>, 'keep'> | null {
  const workspaceId = session.activeWorkspaceId;
  const { projectId, params, query } = answer;
  const date = query?.found_date;
  const social = params?.social;
  switch (answer.name) {
    case 'listSocials':
      return keptCopies.socials(db);
    case 'listProjects':
      return workspaceId ? keptCopies.projects(db, workspaceId) : null;
    case 'getSubscription':
      return workspaceId ? keptCopies.subscription(db, workspaceId) : null;
    case 'listFoundDates':
      return projectId ? keptCopies.foundDates(db, projectId) : null;
    case 'listKeywordsForDate':
      return projectId && date ? keptCopies.keywords(db, projectId, date) : null;
    case 'listPosts':
      return projectId && social && date
        ? keptCopies.posts(db, { projectId, social, foundDate: date, keyword: query?.keyword })
        : null;
    default:
      return null;
  }
}

/**
 * Keeps the answers the page came with on the device, so that the next start opens offline with them, as
 * if the app had asked for each (decision 017). Called once the first screen has painted; the screens do
 * not ask for these again while they are fresh, so nothing keeps them twice. Each answer is written in a
 * transaction and a task of its own: the page is showing meanwhile, and one transaction for all of them
 * is a long task on a phone.
 */
export async function keepPageAnswers(
  answers: readonly PageAnswer[],
  session: AuthSession,
  db: MirrorDb = getMirrorDb(),
): Promise<void> {
  try {
    for (const answer of answers) {
      const copy = copyOf(answer, session, db);
      if (!copy) continue;
      // The answer was parsed with its call's schema (`readPageAnswers`): it is that call's data.
      await copy.keep(answer.data as never);
      await nextTask();
    }
  } catch (error) {
    console.error('Could not keep the page’s answers on this device', error);
  }
}

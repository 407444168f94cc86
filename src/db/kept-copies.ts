import type { RouteData } from '@contract/api';
import type { Project, Social, Subscription } from '@contract/entities';
import type { MirrorDb } from '@/db/mirror';
import { writeProjects, writeSocials, writeSubscription } from '@/db/mirror-writes';

/**
 * The answers the gates and the shell need to open offline, kept in the mirror. Each read answers
 * undefined rather than an empty list: an empty copy would send the person to onboarding while offline.
 */
export const keptCopies = {
  projects: (db: MirrorDb, workspaceId: string) => ({
    keep: (projects: Project[]) => writeProjects(db, workspaceId, projects),
    read: async (): Promise<Project[] | undefined> => {
      const rows = await db.projects.filter((project) => project.workspaceId === workspaceId).toArray();
      if (rows.length === 0) return undefined;
      return rows
        .sort((a, b) => a.position - b.position)
        .map(({ workspaceId: _workspace, position: _position, ...project }) => project);
    },
  }),

  subscription: (db: MirrorDb, workspaceId: string) => ({
    keep: (subscription: Subscription) => writeSubscription(db, workspaceId, subscription),
    read: async (): Promise<Subscription | undefined> => {
      const row = await db.subscription.get(workspaceId);
      if (!row) return undefined;
      const { workspaceId: _workspace, ...subscription } = row;
      return subscription;
    },
  }),

  socials: (db: MirrorDb) => ({
    keep: (socials: Social[]) => writeSocials(db, socials),
    read: async (): Promise<Social[] | undefined> => {
      const rows = await db.socials.orderBy('position').toArray();
      return rows.length === 0 ? undefined : rows.map(({ position: _position, ...social }) => social);
    },
  }),

  localBilling: (db: MirrorDb, workspaceId: string) => ({
    keep: async (billing: RouteData<'getLocalBilling'>) => {
      await db.localBilling.put({ ...billing, workspaceId });
    },
    read: async (): Promise<RouteData<'getLocalBilling'> | undefined> => {
      const row = await db.localBilling.get(workspaceId);
      if (!row) return undefined;
      const { workspaceId: _workspace, ...billing } = row;
      return billing;
    },
  }),
};

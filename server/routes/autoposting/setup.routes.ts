import { api } from '@contract/api';
import { eq } from 'drizzle-orm';
import type { Context } from 'hono';
import { AutopostingSetup, type SetupProject } from '../../autoposting/setup';
import { findSubscription, toSubscription } from '../../billing/subscriptions';
import { projects } from '../../db/schema';
import { DomainError } from '../../domain/errors';
import type { AppEnv, Bind } from '../../http/bind-route';
import type { AppDeps } from '../../http/deps';

/**
 * The setup-autoposting calls of section 7 and the settings addition. Each needs the workspace's
 * Autopilot (the `autopost` add-on) and a `project-id`: the wizard is per project.
 */
export function registerAutopostingRoutes(
  bind: Bind,
  deps: Pick<AppDeps, 'db' | 'sites' | 'logger' | 'profiles'>,
): AutopostingSetup {
  const { db } = deps;
  const setup = new AutopostingSetup({ db, sites: deps.sites, profiles: deps.profiles, logger: deps.logger });

  async function autopilotProject(c: Context<AppEnv>): Promise<SetupProject> {
    const principal = c.get('principal');
    const subscription = toSubscription(await findSubscription(db, principal));
    if (!subscription.addons.autopost)
      throw new DomainError(
        'forbidden',
        'forbidden',
        "Autoposting is part of the Autopilot plan: this workspace's plan does not include it",
      );
    if (!principal.projectId)
      throw new DomainError(
        'invalid',
        'bad_request',
        'Send the project-id header: autoposting is set up per project',
        { field: 'project-id' },
      );
    const [project] = await db
      .select({ id: projects.id, name: projects.name, workspaceId: projects.workspaceId })
      .from(projects)
      .where(eq(projects.id, principal.projectId));
    if (!project)
      throw new DomainError('not-found', 'not_found', 'There is no such project in your active workspace', {
        field: 'project-id',
      });
    return project;
  }

  bind(api.getAutoposting, async (c) => setup.status(await autopilotProject(c)));
  bind(api.startAutoposting, async (c) => setup.start(await autopilotProject(c)));
  bind(api.listAutopostingCountries, async (c) => {
    await autopilotProject(c);
    return { countries: [...(await setup.countries())] };
  });
  bind(api.submitAutopostingUserData, async (c, { body }) =>
    setup.submitUserData(await autopilotProject(c), body),
  );
  bind(api.checkAutopostingSocials, async (c) => setup.checkSocials(await autopilotProject(c), 'check'));
  bind(api.recheckAutopostingSocials, async (c) => setup.checkSocials(await autopilotProject(c), 'recheck'));
  bind(api.finishAutoposting, async (c) => setup.finish(await autopilotProject(c)));
  bind(api.updateAutopilotSettings, async (c, { body }) =>
    setup.updateSettings(await autopilotProject(c), c.get('principal'), body),
  );
  return setup;
}

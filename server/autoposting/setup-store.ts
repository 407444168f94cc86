import type { AutopostingStep } from '@contract/entities';
import { and, eq, getTableColumns, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { autopostingSetups, projects, workspaces } from '../db/schema';

export type SetupRow = typeof autopostingSetups.$inferSelect;
type SetupFields = Partial<typeof autopostingSetups.$inferInsert>;

const columns = getTableColumns(autopostingSetups);

/**
 * The wizard's rows (`autoposting_setups`), one per project. A step changes only by a conditional
 * update from the steps it may come from, so of two calls racing for a change one wins and the other
 * sees that it did; times are the database's, so every server process agrees on them.
 */
export class SetupStore {
  constructor(
    private readonly db: Database,
    /** Work on a step untouched for longer than this was left by a server that stopped. */
    private readonly staleAfterSeconds: number,
  ) {}

  /** The project's row and whether its step is stale; null before the wizard's first call. */
  async find(projectId: string): Promise<(SetupRow & { stale: boolean }) | null> {
    const [row] = await this.db
      .select({ ...columns, stale: this.stale() })
      .from(autopostingSetups)
      .where(eq(autopostingSetups.projectId, projectId));
    return row ?? null;
  }

  async ensure(projectId: string): Promise<void> {
    await this.db.insert(autopostingSetups).values({ projectId }).onConflictDoNothing();
  }

  /**
   * Moves to `to` when the step is one of `from`, or is `to` itself left stale (the caller then takes
   * its work up again); the row as it now is, or null when the step was elsewhere (another call has it).
   */
  async claim(
    projectId: string,
    from: readonly AutopostingStep[],
    to: AutopostingStep,
    set: SetupFields = {},
  ): Promise<SetupRow | null> {
    const [row] = await this.db
      .update(autopostingSetups)
      .set({ ...set, step: to, updatedAt: sql`now()` })
      .where(
        and(
          eq(autopostingSetups.projectId, projectId),
          or(
            from.length > 0 ? inArray(autopostingSetups.step, [...from]) : sql`false`,
            and(eq(autopostingSetups.step, to), this.stale()),
          ),
        ),
      )
      .returning();
    return row ?? null;
  }

  /** Ends a step's work: `from` → `to`, unless another call has moved the step meanwhile. */
  async move(
    projectId: string,
    from: AutopostingStep,
    to: AutopostingStep,
    set: SetupFields = {},
  ): Promise<void> {
    await this.db
      .update(autopostingSetups)
      .set({ ...set, step: to, updatedAt: sql`now()` })
      .where(this.at(projectId, from));
  }

  /** Sets fields while the step is still `step`. */
  async setWhile(projectId: string, step: AutopostingStep, set: SetupFields): Promise<void> {
    await this.db.update(autopostingSetups).set(set).where(this.at(projectId, step));
  }

  /**
   * Stores a login check: the response, the passing networks' stops cleared, and `next` as the step
   * unless a 'Skip for now' made while the check ran has moved it already; finishing sets the project up.
   */
  async recordCheck(
    projectId: string,
    response: Record<string, boolean>,
    passing: readonly string[],
    next: 'finish' | 'checkSocialsFailed',
  ): Promise<void> {
    // The stops are cleared in the update itself, not read first: the publish job writes them too.
    const stopped: SQL =
      passing.length > 0
        ? sql`${autopostingSetups.stopped} - array[${sql.join(
            passing.map((network) => sql`${network}`),
            sql`, `,
          )}]::text[]`
        : sql`${autopostingSetups.stopped}`;
    await this.db.transaction(async (tx) => {
      await tx
        .update(autopostingSetups)
        .set({
          socialsResponse: response,
          stopped,
          problem: null,
          step: sql`case when ${autopostingSetups.step} = 'checkSocials' then ${next}::text else ${autopostingSetups.step} end`,
          updatedAt: sql`now()`,
        })
        .where(eq(autopostingSetups.projectId, projectId));
      if (next === 'finish')
        await tx.update(projects).set({ autopostingSetup: true }).where(eq(projects.id, projectId));
    });
  }

  /** `from` → finish, and the project is set up; false when the step was elsewhere. */
  async finish(projectId: string, from: readonly AutopostingStep[]): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .update(autopostingSetups)
        .set({ step: 'finish', problem: null, updatedAt: sql`now()` })
        .where(and(eq(autopostingSetups.projectId, projectId), inArray(autopostingSetups.step, [...from])))
        .returning({ projectId: autopostingSetups.projectId });
      if (row) await tx.update(projects).set({ autopostingSetup: true }).where(eq(projects.id, projectId));
      return Boolean(row);
    });
  }

  async setPaused(projectId: string, paused: boolean): Promise<void> {
    await this.ensure(projectId);
    await this.db
      .update(autopostingSetups)
      .set({ paused, updatedAt: sql`now()` })
      .where(eq(autopostingSetups.projectId, projectId));
  }

  /** The workspace's pacing per account and network (defaults until a workspace row says otherwise). */
  async pacing(workspaceId: string): Promise<{ dailyCap: number; minGapMinutes: number }> {
    const [row] = await this.db
      .select({ dailyCap: workspaces.autopostDailyCap, minGapMinutes: workspaces.autopostMinGapMinutes })
      .from(workspaces)
      .where(eq(workspaces.id, workspaceId));
    return row ?? { dailyCap: 5, minGapMinutes: 20 };
  }

  async setPacing(workspaceId: string, pacing: { dailyCap?: number; minGapMinutes?: number }): Promise<void> {
    await this.db
      .update(workspaces)
      .set({
        ...(pacing.dailyCap === undefined ? {} : { autopostDailyCap: pacing.dailyCap }),
        ...(pacing.minGapMinutes === undefined ? {} : { autopostMinGapMinutes: pacing.minGapMinutes }),
      })
      .where(eq(workspaces.id, workspaceId));
  }

  private at(projectId: string, step: AutopostingStep) {
    return and(eq(autopostingSetups.projectId, projectId), eq(autopostingSetups.step, step));
  }

  private stale() {
    return sql<boolean>`(${autopostingSetups.updatedAt} < now() - make_interval(secs => ${this.staleAfterSeconds}))`.mapWith(
      Boolean,
    );
  }
}

import { api } from '@contract/api';
import { asc, eq, notInArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { socials } from '../../db/schema';
import { isSocialSlug, socialNetworks } from '../../discovery/sources/networks';
import type { Source } from '../../discovery/types';
import type { Bind } from '../../http/bind-route';
import type { AppDeps } from '../../http/deps';

/** Makes the socials table match the usable sources (`createSources`) and their order. */
export async function syncSocials(
  db: Database,
  sources: readonly Pick<Source, 'slug' | 'name'>[],
): Promise<void> {
  await db.transaction(async (tx) => {
    for (const [position, { slug, name }] of sources.entries()) {
      await tx
        .insert(socials)
        .values({ slug, name, position, enabled: true })
        .onConflictDoUpdate({ target: socials.slug, set: { name, position, enabled: true } });
    }
    const enabled = sources.map((source) => source.slug);
    await tx
      .update(socials)
      .set({ enabled: false })
      .where(enabled.length > 0 ? notInArray(socials.slug, enabled) : undefined);
  });
}

/** `GET /api/socials`: the usable networks, in order, each with the kind of network it is. */
export function registerSocialRoutes(bind: Bind, { db }: Pick<AppDeps, 'db'>): void {
  bind(api.listSocials, async () => {
    const rows = await db
      .select({ id: socials.id, slug: socials.slug, name: socials.name })
      .from(socials)
      .where(eq(socials.enabled, true))
      .orderBy(asc(socials.position));
    return rows.flatMap((row) =>
      isSocialSlug(row.slug) ? [{ ...row, kind: socialNetworks[row.slug].kind }] : [],
    );
  });
}

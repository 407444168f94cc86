import { api } from '@contract/api';
import { asc, eq, notInArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { socials } from '../../db/schema';
import { knownSocials, type SocialSlug } from '../../env';
import type { Bind } from '../../http/bind-route';
import type { AppDeps } from '../../http/deps';

/** Makes the socials table match the configured networks and their order. */
export async function syncSocials(db: Database, enabled: SocialSlug[]): Promise<void> {
  await db.transaction(async (tx) => {
    for (const [position, slug] of enabled.entries()) {
      await tx
        .insert(socials)
        .values({ slug, name: knownSocials[slug], position, enabled: true })
        .onConflictDoUpdate({
          target: socials.slug,
          set: { name: knownSocials[slug], position, enabled: true },
        });
    }
    await tx.update(socials).set({ enabled: false }).where(notInArray(socials.slug, enabled));
  });
}

export function registerSocialRoutes(bind: Bind, { db }: AppDeps): void {
  bind(api.listSocials, async () =>
    db
      .select({ id: socials.id, slug: socials.slug, name: socials.name })
      .from(socials)
      .where(eq(socials.enabled, true))
      .orderBy(asc(socials.position)),
  );
}

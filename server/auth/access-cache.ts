import type { AccessChanges } from '../db/access-changes';

/**
 * What a request's principal resolves to (the person, their role, the `project-id` project), kept
 * until who may see what changes: every change heard forgets everything, so a membership removed or a
 * project deleted is seen on the next request. Such changes are rare beside the reads every API call
 * makes. Nothing is kept or served while changes are not heard.
 */
export class AccessCache<V> {
  private readonly entries = new Map<string, V>();
  /** Raised by every change: a value loaded across one is not kept, it may predate the change. */
  private generation = 0;

  constructor(
    private readonly changes: AccessChanges,
    private readonly capacity = 10_000,
  ) {
    changes.subscribe(() => {
      this.generation += 1;
      this.entries.clear();
    });
  }

  /** The value kept for `key`, or what `load` reads (kept when it is not null and nothing changed meanwhile). */
  async get(key: string, load: () => Promise<V | null>): Promise<V | null> {
    const live = this.changes.live;
    if (live) {
      const kept = this.entries.get(key);
      if (kept !== undefined) return kept;
    }
    const generation = this.generation;
    const value = await load();
    if (value !== null && live && this.changes.live && generation === this.generation) {
      if (this.entries.size >= this.capacity) this.entries.clear();
      this.entries.set(key, value);
    }
    return value;
  }
}

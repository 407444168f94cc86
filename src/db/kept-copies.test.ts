// @vitest-environment node
import 'fake-indexeddb/auto';
import { projectFixture } from '@tests/support/api-fixtures';
import { closeTestMirrors, openTestMirror } from '@tests/support/test-mirror';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { keptCopies } from '@/db/kept-copies';
import { ApiError } from '@/lib/api-client';
import { readThrough } from '@/lib/read-through';

afterEach(closeTestMirrors);

const unreachable = () => new ApiError(0, { message: 'Failed to fetch', code: 'network_error' });

describe('answers kept on this device for offline starts', () => {
  it('keeps what the server answered and gives it back when the server cannot be reached', async () => {
    const db = openTestMirror();
    const projects = [projectFixture({ id: 'p2', name: 'Second' }), projectFixture({ id: 'p1' })];
    await expect(readThrough(async () => projects, keptCopies.projects(db, 'w1'))).resolves.toEqual(projects);
    await vi.waitFor(async () => expect(await db.projects.count()).toBe(2));

    // Offline: the same list, in the API's order (the first is the current project).
    await expect(
      readThrough(() => Promise.reject(unreachable()), keptCopies.projects(db, 'w1')),
    ).resolves.toEqual(projects);
    // Another workspace's copy is not shown.
    await expect(
      readThrough(() => Promise.reject(unreachable()), keptCopies.projects(db, 'w2')),
    ).rejects.toThrow('Failed to fetch');
  });

  it("passes on the server's own refusals instead of the kept copy", async () => {
    const db = openTestMirror();
    await keptCopies.subscription(db, 'w1').keep({ active: true, addons: {} });
    const refused = new ApiError(403, { message: 'Not a member of this workspace', code: 'forbidden' });
    await expect(readThrough(() => Promise.reject(refused), keptCopies.subscription(db, 'w1'))).rejects.toBe(
      refused,
    );
    await expect(
      readThrough(() => Promise.reject(unreachable()), keptCopies.subscription(db, 'w1')),
    ).resolves.toEqual({ active: true, addons: {} });
  });

  it('has nothing to give offline before a first answer was kept (no empty list that would mean onboarding)', async () => {
    const db = openTestMirror();
    await keptCopies.socials(db).keep([]);
    await expect(readThrough(() => Promise.reject(unreachable()), keptCopies.socials(db))).rejects.toThrow(
      'Failed to fetch',
    );
  });
});

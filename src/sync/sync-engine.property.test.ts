// @vitest-environment node
import 'fake-indexeddb/auto';
import { FakeApiServer, type Fault, serverPost } from '@tests/support/fake-api-server';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MirrorDb } from '@/db/mirror';
import { writePosts } from '@/db/mirror-writes';
import { editAnswer, setApproval } from '@/sync/answer-outbox';
import { createSyncEngine, type SyncEngine } from '@/sync/sync-engine';

const postIds = ['p0', 'p1'] as const;
type PostId = (typeof postIds)[number];

type Command =
  | { kind: 'edit'; post: PostId; text: string }
  | { kind: 'approve'; post: PostId; approved: boolean }
  /** An edit made while the engine waits to retry (between a failed send and its resend). */
  | { kind: 'editDuringRetry'; post: PostId; text: string }
  | { kind: 'offline' }
  | { kind: 'online' }
  | { kind: 'faults'; faults: Fault[] }
  | { kind: 'flush' }
  | { kind: 'reload' };

const post = fc.constantFrom(...postIds);
const text = fc.string({ minLength: 1, maxLength: 6 });
const command: fc.Arbitrary<Command> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('edit' as const), post, text }) },
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant('approve' as const), post, approved: fc.boolean() }),
  },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('editDuringRetry' as const), post, text }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'offline' as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'online' as const }) },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('faults' as const),
      faults: fc.array(fc.constantFrom<Fault>('drop', '5xx', 'drop', 'offline', 'duplicate', '401', 'ok'), {
        minLength: 1,
        maxLength: 3,
      }),
    }),
  },
  { weight: 3, arbitrary: fc.constant({ kind: 'flush' as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'reload' as const }) },
);

async function run(commands: readonly Command[]): Promise<void> {
  const name = `property-${crypto.randomUUID()}`;
  const initial = postIds.map((id) => serverPost({ id, answer: `original ${id}`, approved: false }));
  const server = new FakeApiServer(initial);
  const expected = new Map(initial.map((p) => [p.id, { answer: p.answer, approved: p.approved }]));
  const network = { online: true };
  const duringRetry: (() => Promise<void>)[] = [];

  let db = new MirrorDb(name);
  await writePosts(db, { projectId: 'p', social: 'reddit', foundDate: '2026-03-05' }, initial);
  const engineFor = (mirror: MirrorDb): SyncEngine =>
    createSyncEngine({
      db: mirror,
      api: server,
      isOnline: () => network.online,
      now: () => 0,
      random: () => 0.5,
      sleep: async () => {
        for (const edit of duringRetry.splice(0)) await edit();
      },
      waitForAuth: async () => {},
      registerBackgroundSync: () => {},
      withLock: (drain) => drain(),
      events: {},
    });
  let engine = engineFor(db);

  const edit = async (id: PostId, answer: string) => {
    await editAnswer(db, id, answer);
    expected.set(id, { answer, approved: expected.get(id)?.approved ?? false });
  };

  for (const step of commands) {
    if (step.kind === 'edit') await edit(step.post, step.text);
    else if (step.kind === 'approve') {
      await setApproval(db, step.post, step.approved);
      expected.set(step.post, { answer: expected.get(step.post)?.answer ?? '', approved: step.approved });
    } else if (step.kind === 'editDuringRetry') duringRetry.push(() => edit(step.post, step.text));
    else if (step.kind === 'offline') {
      network.online = false;
      server.reachable = false;
    } else if (step.kind === 'online') {
      network.online = true;
      server.reachable = true;
    } else if (step.kind === 'faults') server.faults.push(...step.faults);
    else if (step.kind === 'flush') await engine.flush();
    else {
      engine.stop();
      db.close();
      db = new MirrorDb(name);
      engine = engineFor(db);
    }
  }

  // Back online for good, with whatever edits were still waiting for a retry made now.
  network.online = true;
  server.reachable = true;
  for (const pendingEdit of duringRetry.splice(0)) await pendingEdit();
  await engine.flush();

  expect(await db.outbox.count()).toBe(0);
  expect(server.conflicts).toEqual([]);
  for (const count of server.applications.values()) expect(count).toBe(1);
  for (const id of postIds) {
    const stored = server.posts.get(id);
    expect({ answer: stored?.answer, approved: stored?.approved }).toEqual(expected.get(id));
    expect(await db.posts.get(id)).toMatchObject({ ...expected.get(id), syncState: 'synced' });
  }
  engine.stop();
  await db.delete();
}

describe('the sync engine against an unreliable network', () => {
  it('ends with the last local value of every answer and approval on the server, each change applied once', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(command, { maxLength: 20 }), (commands) => run(commands)),
      { numRuns: 100 },
    );
  });
});

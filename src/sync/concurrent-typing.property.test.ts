// @vitest-environment node
import 'fake-indexeddb/auto';
import type { Post } from '@contract/entities';
import { FakeApiServer, type Fault, serverPost } from '@tests/support/fake-api-server';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MirrorDb } from '@/db/mirror';
import { writePosts } from '@/db/mirror-writes';
import { editAnswer } from '@/sync/answer-outbox';
import { createSyncEngine, type SyncApi, type SyncEngine } from '@/sync/sync-engine';

/**
 * Two devices of one person typing on the same answers with reconnects in between (issue 15: "a
 * teammate's edit is silently overwritten"). Whatever the order, no device's words are lost unseen:
 * an edit the server applies over another device's text was started on a version that held that text,
 * and at the end every device's last text is on the server, or shown on that device as a conflict, or
 * was seen by the device whose later edit replaced it.
 */
const devices = ['A', 'B'] as const;
type Device = (typeof devices)[number];
const postId = 'p0';
const slice = { projectId: 'p', social: 'reddit', foundDate: '2026-03-05' };

type Command =
  /** Typing: the first keystroke of an edit notes the version the device shows. */
  | { kind: 'type'; device: Device; text: string }
  /** The 500 ms pause: the typed text goes to the outbox. */
  | { kind: 'pause'; device: Device }
  /** A reconnect or a tab switch: the device's list is fetched again. */
  | { kind: 'revalidate'; device: Device }
  | { kind: 'flush'; device: Device }
  | { kind: 'faults'; faults: Fault[] };

const device = fc.constantFrom(...devices);
const command: fc.Arbitrary<Command> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('type' as const),
      device,
      text: fc.string({ minLength: 1, maxLength: 5 }),
    }),
  },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('pause' as const), device }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('revalidate' as const), device }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('flush' as const), device }) },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('faults' as const),
      faults: fc.array(fc.constantFrom<Fault>('drop', '5xx', 'offline', 'duplicate', 'ok'), { maxLength: 2 }),
    }),
  },
);

interface Typing {
  text: string;
  startedFrom: number;
}

async function run(commands: readonly Command[]): Promise<void> {
  const initial = serverPost({ id: postId, answer: 'original', answerVersion: 1 });
  const server = new FakeApiServer([initial]);
  /** Who wrote each server version of the answer (null: it was there before). */
  const authors = new Map<number, Device | null>([[1, null]]);
  const silentOverwrites: string[] = [];
  /** Every text the server has held. */
  const history = new Set<string>([initial.answer]);

  const state = Object.fromEntries(
    await Promise.all(
      devices.map(async (name) => {
        const db = new MirrorDb(`concurrent-${name}-${crypto.randomUUID()}`);
        await writePosts(db, slice, [initial]);
        return [
          name,
          { db, typing: null as Typing | null, saved: [] as Typing[], last: null as string | null },
        ];
      }),
    ),
  ) as Record<Device, { db: MirrorDb; typing: Typing | null; saved: Typing[]; last: string | null }>;

  /** The server's batch call as one device sends it, watching what each answer edit applies. */
  const apiOf = (name: Device): SyncApi => ({
    applyMutations: async (projectId, mutations) => {
      const before = new Map(
        mutations.map((mutation) => [mutation.postId, server.posts.get(mutation.postId) as Post]),
      );
      try {
        return await server.applyMutations(projectId, mutations);
      } finally {
        for (const mutation of mutations) {
          if (mutation.kind !== 'answer') continue;
          const previous = before.get(mutation.postId) as Post;
          const after = server.posts.get(mutation.postId) as Post;
          if (after.answerVersion !== previous.answerVersion + 1) continue;
          authors.set(after.answerVersion, name);
          history.add(after.answer);
          const previousAuthor = authors.get(previous.answerVersion);
          // The device's edits this request carries: those saved up to the text it sends.
          const sentUpTo = state[name].saved.findIndex((edit) => edit.text === mutation.answer);
          const carried = state[name].saved.splice(0, sentUpTo + 1);
          const startedFrom = Math.min(...carried.map((edit) => edit.startedFrom));
          if (previousAuthor && previousAuthor !== name && startedFrom < previous.answerVersion)
            silentOverwrites.push(
              `${name} replaced ${previousAuthor}'s version ${previous.answerVersion} from version ${startedFrom}`,
            );
        }
      }
    },
  });
  const engines = Object.fromEntries(
    devices.map((name) => [
      name,
      createSyncEngine({
        db: state[name].db,
        api: apiOf(name),
        isOnline: () => true,
        now: () => 0,
        random: () => 0.5,
        sleep: async () => {},
        waitForAuth: async () => {},
        registerBackgroundSync: () => {},
        withLock: (drain) => drain(),
        events: {},
      }),
    ]),
  ) as Record<Device, SyncEngine>;

  const pause = async (name: Device) => {
    const { typing, db } = state[name];
    if (!typing) return;
    state[name].typing = null;
    state[name].saved.push(typing);
    await editAnswer(db, postId, typing.text, { startedFrom: typing.startedFrom });
  };

  for (const step of commands) {
    if (step.kind === 'type') {
      const current = state[step.device];
      const shown = await current.db.posts.get(postId);
      const startedFrom = current.typing?.startedFrom ?? shown?.answerVersion ?? 1;
      const text = `${current.typing?.text ?? shown?.answer ?? ''}${step.text}`;
      current.typing = { text, startedFrom };
      current.last = text;
    } else if (step.kind === 'pause') await pause(step.device);
    else if (step.kind === 'revalidate')
      await writePosts(state[step.device].db, slice, [server.posts.get(postId) as Post]);
    else if (step.kind === 'flush') await engines[step.device].flush();
    else server.faults.push(...step.faults);
  }
  // Both stop typing, and their outboxes are sent.
  server.faults = [];
  for (const name of devices) await pause(name);
  for (const name of devices) await engines[name].flush();

  // A text the server replaced was replaced by its own device or by one that had it on screen...
  expect(silentOverwrites).toEqual([]);
  // ...and each device's last text reached the server, or the device shows it in a conflict to settle.
  for (const name of devices) {
    const { last, db } = state[name];
    if (last === null || history.has(last)) continue;
    const shown = await db.posts.get(postId);
    expect(
      shown?.syncState === 'conflict' && shown.answer === last,
      `${name}'s "${last}" neither reached the server nor shows as a conflict`,
    ).toBe(true);
  }
  for (const name of devices) {
    engines[name].stop();
    await state[name].db.delete();
  }
}

describe('two devices typing on the same answer, with reconnects', () => {
  it("a teammate's edit is never silently overwritten (the issue's sequence)", async () => {
    await run([
      { kind: 'type', device: 'B', text: 'b' },
      { kind: 'type', device: 'A', text: 'a' },
      { kind: 'pause', device: 'A' },
      { kind: 'flush', device: 'A' },
      { kind: 'revalidate', device: 'B' },
      { kind: 'type', device: 'B', text: 'c' },
      { kind: 'pause', device: 'B' },
      { kind: 'flush', device: 'B' },
    ]);
  });
  it('a teammate’s edit is never silently overwritten, and no last text is lost, whatever the order', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(command, { minLength: 8, maxLength: 30 }), (commands) => run(commands)),
      { numRuns: 300 },
    );
  });
});

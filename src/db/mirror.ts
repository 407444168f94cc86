import type { RouteData } from '@contract/api';
import type { Post, Project, Social, Subscription } from '@contract/entities';
import type { PostMutationKind } from '@contract/post-mutations';
import Dexie, { type EntityTable, type Table } from 'dexie';

/** Where a post's visible answer and approval stand against the server. */
export type SyncState = 'synced' | 'pending' | 'parked' | 'conflict';

/** The server's side of an answer edit it refused with 409, kept until the person chooses a text. */
export interface AnswerConflict {
  serverAnswer: string;
  serverVersion: number;
}

/**
 * A post as this device shows it. `answer` and `approved` hold what the person sees: the server's values,
 * or their own while changes to them wait in the outbox. `answerVersion` is the server version the local
 * answer is based on. `social` and `foundDate` come from the request the post was listed by ('' for a post
 * only known from the published list).
 */
export interface MirrorPost extends Post {
  projectId: string;
  social: string;
  foundDate: string;
  syncState: SyncState;
  parkedReason: string | null;
  conflict: AnswerConflict | null;
  /** Marked 'Not relevant' on this device: the card is gone (the server leaves the post out of its lists). */
  hidden?: boolean;
  /**
   * The newest answer version this device took from the server that it did not write itself (another
   * device's or a teammate's edit). An edit the person started on an older version is sent based on the
   * version they started from, so the server refuses it as a conflict instead of overwriting that edit.
   */
  foreignVersion?: number;
}

/** A project of the workspace it was listed for; `position` keeps the API's order (the first is current). */
export interface MirrorProject extends Project {
  workspaceId: string;
  position: number;
}

export interface MirrorSocial extends Social {
  /** Place in the API's list: the first one is the default social. */
  position: number;
}

export interface FoundDateRow {
  projectId: string;
  date: string;
}

export interface KeywordsByDateRow {
  projectId: string;
  date: string;
  keywords: string[];
}

export interface SubscriptionRow extends Subscription {
  workspaceId: string;
}

/** An answer edit, an approval, a relevance mark ('Not relevant', or null to take it back), a copied answer. */
/** An outbox row holds one change of the batch call's kinds. */
export type OutboxKind = PostMutationKind;

export type OutboxValue = string | boolean | null;

/** The request a batch was sent as; resent unchanged until it succeeds, since it may have been applied. */
export interface InflightRequest {
  mutationId: string;
  value: OutboxValue;
  baseVersion: number | null;
  /** The last row of the batch: rows up to this seq (same post and kind) are what the request carries. */
  lastSeq: number;
}

/** One change the person made that the server has not confirmed yet. */
export interface OutboxRow {
  seq: number;
  mutationId: string;
  kind: OutboxKind;
  postId: string;
  projectId: string;
  /** The new answer text, the approval or relevance to set (never a toggle), or true for a copy. */
  value: OutboxValue;
  /** Answers only: the server version the edit was based on. */
  baseVersion: number | null;
  createdAt: number;
  attempts: number;
  nextAttemptAt: number | null;
  state: 'queued' | 'parked';
  reason: string | null;
  /** Set on the first row of a batch once it has been sent. */
  inflight: InflightRequest | null;
}

/** The local billing page's answer (plan, period, prices), kept per workspace so it opens offline. */
export type LocalBillingRow = RouteData<'getLocalBilling'> & { workspaceId: string };

export const MIRROR_DB_NAME = 'replyradar';

/** The device's copy of what the API returned, plus the outbox of changes not yet sent. */
export class MirrorDb extends Dexie {
  declare projects: EntityTable<MirrorProject, 'id'>;
  declare socials: EntityTable<MirrorSocial, 'id'>;
  declare posts: EntityTable<MirrorPost, 'id'>;
  declare foundDates: Table<FoundDateRow, [string, string]>;
  declare keywordsByDate: Table<KeywordsByDateRow, [string, string]>;
  declare subscription: EntityTable<SubscriptionRow, 'workspaceId'>;
  declare outbox: EntityTable<OutboxRow, 'seq'>;
  declare localBilling: EntityTable<LocalBillingRow, 'workspaceId'>;

  constructor(name: string = MIRROR_DB_NAME) {
    super(name, { cache: 'disabled' });
    // Never edit a released version. To change the schema add `this.version(2).stores({ ...changed tables })`
    // (Dexie keeps the tables not named) and, when existing rows need new fields, `.upgrade(tx => ...)`.
    // The outbox must survive every upgrade: it holds changes the server has not seen.
    this.version(1).stores({
      projects: 'id',
      socials: 'id, slug, position',
      posts: 'id, [projectId+social+foundDate], [projectId+foundDate], foundDate, syncState',
      foundDates: '[projectId+date]',
      keywordsByDate: '[projectId+date]',
      subscription: 'workspaceId',
      outbox: '++seq, postId, state',
    });
    this.version(2).stores({ localBilling: 'workspaceId' });
  }
}

let shared: MirrorDb | null = null;

/** The app's one mirror database, opened on first use. */
export function getMirrorDb(): MirrorDb {
  shared ??= new MirrorDb();
  return shared;
}

/** Empties everything the API can give back (log out, switching workspace); the outbox stays. */
export async function clearMirror(db: MirrorDb): Promise<void> {
  const tables = [
    db.projects,
    db.socials,
    db.posts,
    db.foundDates,
    db.keywordsByDate,
    db.subscription,
    db.localBilling,
  ];
  await db.transaction('rw', tables, () => Promise.all(tables.map((table) => table.clear())));
}

/** Empties the mirror and the outbox: only after the outbox was sent or the person agreed to drop it. */
export async function clearAll(db: MirrorDb): Promise<void> {
  await db.transaction('rw', db.tables, () => Promise.all(db.tables.map((table) => table.clear())));
}

import type { PGlite } from '@electric-sql/pglite';
import type { Client, ClientBase } from 'pg';

/** The channel migration 0008's triggers notify on: who may see what changed. */
export const accessChannel = 'access_changed';

/**
 * Changes to who may see what (memberships, projects, subscriptions, signed-out sessions, deleted
 * accounts), as this process hears of them: what a cache of principals must forget. A change this process
 * commits is heard before the writing query returns; one another process commits, as soon as PostgreSQL
 * delivers its notification.
 */
export interface AccessChanges {
  /** Whether changes are heard now: while not (starting, or the listening connection was lost), nothing cached may be trusted. */
  readonly live: boolean;
  /**
   * Calls `listener` on every change with the table that changed, and with null whenever hearing them
   * stops or starts again; returns the unsubscribe.
   */
  subscribe(listener: (table: string | null) => void): () => void;
}

/** The listeners, and whether they are heard; the database adapters below feed it. */
class AccessChangeFeed implements AccessChanges {
  live = false;
  private readonly listeners = new Set<(table: string | null) => void>();
  /** Listening starts with the first subscriber: a process with no cache (a worker) does not listen. */
  private started = false;

  constructor(private readonly start: (feed: AccessChangeFeed) => void) {}

  subscribe(listener: (table: string | null) => void): () => void {
    if (!this.started) {
      this.started = true;
      this.start(this);
    }
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  changed(table: string | null): void {
    for (const listener of this.listeners) listener(table);
  }

  setLive(live: boolean): void {
    this.live = live;
    this.changed(null);
  }
}

/** PGlite is one process: its notifications arrive during the query that committed the change. */
export function pgliteAccessChanges(client: PGlite): AccessChanges & { close(): Promise<void> } {
  let unlisten: (() => Promise<void>) | null = null;
  const feed = new AccessChangeFeed((self) => {
    client
      .listen(accessChannel, (table) => self.changed(table))
      .then((stop) => {
        unlisten = stop;
        self.setLive(true);
      })
      .catch(() => self.setLive(false));
  });
  return Object.assign(feed, { close: async () => void (await unlisten?.()) });
}

const reconnectMs = 1_000;

/**
 * PostgreSQL: every connection of the pool listens, so a change committed on one of them is heard before
 * its query returns (PostgreSQL sends a session its own notifications before it is ready for the next
 * query); one long-lived connection listens too, so changes from other processes are heard even when the
 * pool has no connection open. While that connection is down the feed is not live.
 */
export function postgresAccessChanges(newClient: () => Client): AccessChanges & {
  /** The pool's `onConnect`: the new connection listens before it runs its first query. */
  listenOn(client: ClientBase): Promise<void>;
  close(): Promise<void>;
} {
  let closed = false;
  let listener: Client | null = null;
  const heard = (message: { channel: string; payload?: string | undefined }) => {
    if (message.channel === accessChannel) feed.changed(message.payload ?? null);
  };
  const feed: AccessChangeFeed = new AccessChangeFeed((self) => {
    const connect = () => {
      if (closed) return;
      const client = newClient();
      listener = client;
      let lost = false;
      const reconnect = () => {
        if (lost) return;
        lost = true;
        self.setLive(false);
        if (!closed) setTimeout(connect, reconnectMs).unref();
      };
      client.on('notification', heard);
      client.on('error', reconnect);
      client.on('end', reconnect);
      client
        .connect()
        .then(() => client.query(`LISTEN ${accessChannel}`))
        .then(() => self.setLive(true), reconnect);
    };
    connect();
  });
  return Object.assign(feed, {
    listenOn: async (client: ClientBase) => {
      client.on('notification', heard);
      await client.query(`LISTEN ${accessChannel}`);
    },
    close: async () => {
      closed = true;
      await listener?.end().catch(() => undefined);
    },
  });
}

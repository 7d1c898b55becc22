import pg from 'pg';

/**
 * int8 (`bigint`: every timestamp in milliseconds, every id, every `count(*)`) as a JS number, for
 * this pool's connections only (never `pg.types.setTypeParser`, which would change every pool of the
 * process). A millisecond timestamp or a row id stays far below 2^53.
 */
const TYPES: pg.CustomTypesConfig = {
  getTypeParser: (id, format) =>
    id === pg.types.builtins.INT8 ? Number : (pg.types.getTypeParser(id, format) as unknown),
};

/** What runs a statement: the pool (a statement of its own) or a transaction's client. */
export type Sql = <R extends pg.QueryResultRow = pg.QueryResultRow>(
  text: string,
  values?: readonly unknown[],
) => Promise<pg.QueryResult<R>>;

/**
 * Keys of the transaction-scoped advisory locks (`pg_advisory_xact_lock(NAMESPACE, key)`): a
 * check-then-write that SQLite's one write lock made safe across processes takes one of these here,
 * so of two processes, on one machine or two, the second waits until the first commits, then reads
 * what it wrote. Advisory locks are per database: stores in other databases never wait on each other.
 */
export const LOCKS = {
  /** Bringing the schema to its latest version (./migrations.ts). */
  migrate: 1,
  /** `subscribe` and `subscribeMany`: an endpoint looked up, the subscriptions counted, one inserted. */
  subscriptions: 2,
  /** `addWebhook`: the webhooks counted, one inserted. */
  webhooks: 3,
  /** `requestEmail`: the address looked up, the addresses counted, one inserted or updated. */
  emails: 4,
  /** `recordPublication`: the ledger read, decided on and written. */
  publication: 5,
  /**
   * The senders' claims (./claims.ts): `claimBatch` and `finishClaim`, each a read of the claims and
   * of what is owed, then a write.
   */
  claims: 6,
  /** `recordLead`: a lead looked up by key or post id, then inserted or its sources updated. */
  leads: 7,
} as const;

/** The first key of every advisory lock of the store: `alrt`, so another user of the database has others. */
const NAMESPACE = 0x616c7274;

/** The statement that takes one of the store's advisory locks until its transaction ends. */
export function lockStatement(lock: keyof typeof LOCKS): string {
  return `SELECT pg_advisory_xact_lock(${NAMESPACE}, ${LOCKS[lock]})`;
}

/**
 * The alerts' store's connections to one PostgreSQL database: a bounded pool per process (`max`),
 * shared by every machine's workers. A connection the server closes (a restart, a failover) is
 * dropped from the pool and the next statement opens a new one; the statement that was running on it
 * rejects.
 */
/** Connections per process when the caller names no other number (config `ALERTS_DATABASE_POOL`). */
export const DEFAULT_POOL = 4;

export class PostgresConnection {
  readonly pool: pg.Pool;
  readonly clock: () => number;
  /** A statement of its own, on any connection of the pool. */
  readonly sql: Sql;

  constructor(url: string, clock: () => number, max: number) {
    this.pool = new pg.Pool({
      connectionString: url,
      max,
      types: TYPES,
      application_name: 'reset-tracker alerts',
      // A server that does not answer at all rejects the statement rather than holding it forever.
      connectionTimeoutMillis: 10_000,
      // A process frozen inside a transaction (its locks held) is cut off by the server: no
      // transaction here waits on anything but the database.
      idle_in_transaction_session_timeout: 60_000,
    });
    // An idle connection the server ended (a restart): the pool has already dropped it, and the
    // next statement connects again. Without a listener the pool's `error` would end the process.
    this.pool.on('error', () => undefined);
    // A connection the server ends can report it more than once (the server's notice, then the
    // broken socket), and a second report may come when no query or pool listener is left on it: it
    // would end the process. Every statement still learns of the failure through its own callback.
    this.pool.on('connect', (client) => client.on('error', () => undefined));
    this.clock = clock;
    this.sql = (text, values) => this.pool.query(text, values as unknown[] | undefined);
  }

  /**
   * Runs `work` in one transaction on one client of the pool (BEGIN … COMMIT, ROLLBACK when it
   * throws), and always gives the client back: destroyed when its connection broke, so the pool never
   * hands it out again. `work` runs its statements in turn on the `sql` it is given, never on the pool.
   */
  async transaction<T>(work: (sql: Sql) => Promise<T>): Promise<T> {
    const client = await this.pool.connect();
    // The pool listens for an idle client's errors only: while it is out, this does (a connection
    // that breaks between two statements would otherwise end the process).
    let broken: Error | undefined;
    const onError = (error: Error) => {
      broken = error;
    };
    client.on('error', onError);
    const sql: Sql = (text, values) => client.query(text, values as unknown[] | undefined);
    try {
      await client.query('BEGIN');
      const result = await work(sql);
      await client.query('COMMIT');
      return result;
    } catch (error) {
      await client.query('ROLLBACK').catch((rollback: Error) => {
        broken ??= rollback;
      });
      throw error;
    } finally {
      client.removeListener('error', onError);
      client.release(broken ?? false);
    }
  }

  async close(): Promise<void> {
    await this.pool.end();
  }
}

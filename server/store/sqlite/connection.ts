import { mkdirSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';

/**
 * Every connection this process opened, kept until it exits, closed or not. better-sqlite3 12 wraps
 * its databases and statements in Node's `ObjectWrap`, whose destructor on Node 24.19 and later
 * aborts the process (`Assertion failed: (env) != nullptr` in `RemoveEnvironmentCleanupHook`) when a
 * garbage collection with no context entered (an idle-time one, or one at exit) collects it.
 * better-sqlite3 13 (Node-API) fixes it but needs Node 22; until Node 20 support ends, no database
 * or statement object may become garbage: each connection prepares each statement once (`sql`) and
 * is kept here, and Node's own cleanup at exit frees them. The parts of the store (subscriptions,
 * ledger, deliveries, lease, migrations) take their statements from the one connection they share,
 * never from `db.prepare` or `db.pragma`.
 */
const retained = new Set<SqliteConnection>();

/**
 * A part of the store as better-sqlite3 runs it: each method returns its result at once rather than
 * a promise. The parts call each other inside one transaction (a count before an insert, the ledger
 * read inside `recordPublication`); `promisedPart` (./index.ts) turns each into the interface's promise.
 */
export type Synchronous<T> = {
  [K in keyof T]: T[K] extends (...args: infer A) => Promise<infer R> ? (...args: A) => R : T[K];
};

/**
 * One SQLite file (better-sqlite3), opened by every worker of a machine: WAL lets them read while
 * one writes, `busy_timeout` makes a writer wait for another's transaction, and a committed row
 * survives a reload, a restart or a kill -9.
 */
export class SqliteConnection {
  readonly db: Database.Database;
  readonly clock: () => number;
  readonly #statements = new Map<string, Database.Statement>();

  constructor(file: string, clock: () => number) {
    if (file !== ':memory:') mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
    this.db = new Database(file);
    this.clock = clock;
    // `exec`, not `pragma()`: it makes no statement object (see `retained` above).
    // WAL with NORMAL syncs at checkpoints: a committed transaction survives the process's death.
    this.db.exec(
      'PRAGMA journal_mode = WAL; PRAGMA busy_timeout = 5000; PRAGMA foreign_keys = ON; PRAGMA synchronous = NORMAL;',
    );
    retained.add(this);
  }

  /** A statement prepared once per connection and reused: preparing costs more than running a small one. */
  sql(source: string): Database.Statement {
    let statement = this.#statements.get(source);
    if (!statement) this.#statements.set(source, (statement = this.db.prepare(source)));
    return statement;
  }

  /** Runs `work` in a write transaction taken at once (BEGIN IMMEDIATE), so workers take turns. */
  immediate<T>(work: () => T): T {
    return this.db.transaction(work).immediate();
  }

  close(): void {
    this.db.close();
  }
}

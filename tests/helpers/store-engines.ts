import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import test from 'ava';
import type { Store } from '../../server/store/index.js';
import { openStore } from '../../server/store/index.js';
import { SCHEMA_VERSION as POSTGRES_VERSION } from '../../server/store/postgres/migrations.js';
import { SCHEMA_VERSION as SQLITE_VERSION } from '../../server/store/sqlite/index.js';
import type { PostgresServer } from './postgres.js';
import { startPostgres } from './postgres.js';

/** One engine of the alerts' store, as a test file runs each of its tests once per engine. */
export interface StoreEngine {
  /** `sqlite` or `postgres`: put in each test's title. */
  readonly name: 'sqlite' | 'postgres';
  /** The engine's number of migration steps: the version of a store it opens. */
  readonly version: number;
  /** A new, empty place for a store: a file in a folder of its own, or a new database. */
  place(): Promise<string>;
  /** Opens a store in a new place (`place()`), with the clock given. */
  open(clock?: () => number): Promise<Store>;
}

/**
 * Both engines for the calling test file: SQLite in files under a temporary folder, PostgreSQL in
 * new databases of one server (tests/helpers/postgres.ts) started before the file's tests and
 * stopped after them. Call it once, at the top level of the file; each test closes what it opened.
 */
export function useStoreEngines(): readonly StoreEngine[] {
  let server: PostgresServer | undefined;
  let dir: string | undefined;
  let places = 0;
  test.before(async () => {
    [server, dir] = await Promise.all([
      startPostgres(),
      mkdtemp(path.join(os.tmpdir(), 'reset-tracker-stores-')),
    ]);
  });
  test.after.always(async () => {
    await server?.stop();
    if (dir) await rm(dir, { recursive: true, force: true });
  });
  const engine = (name: StoreEngine['name'], version: number, place: () => Promise<string>): StoreEngine => ({
    name,
    version,
    place,
    open: async (clock = Date.now) => await openStore(await place(), clock),
  });
  return [
    engine('sqlite', SQLITE_VERSION, () =>
      Promise.resolve(path.join(dir!, `alerts-${(places += 1)}.sqlite`)),
    ),
    engine('postgres', POSTGRES_VERSION, () => server!.database(`store_${(places += 1)}`)),
  ];
}

import { execFile } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { chown, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { freePort } from './free-port.js';

const run = promisify(execFile);

export interface PostgresServer {
  /** `postgres://postgres@127.0.0.1:port/<database>` of the database made for the caller. */
  readonly url: string;
  readonly port: number;
  /** Makes another empty database and returns its URL (one per test that needs its own). */
  database(name: string): Promise<string>;
  /** Stops the server and keeps its data (`start` brings it back on the same port). */
  halt(): Promise<void>;
  start(): Promise<void>;
  /** Stops it and deletes its data. */
  stop(): Promise<void>;
}

/** The folder of Debian's PostgreSQL programs (`/usr/lib/postgresql/<version>/bin`), newest first. */
function binDir(): string {
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter((name) => /^\d+$/.test(name) && existsSync(path.join(root, name, 'bin', 'initdb')))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (versions.length === 0)
    throw new Error(
      'PostgreSQL is not installed: run `bash .ci/setup-test-env.sh` (apt-get install postgresql)',
    );
  return path.join(root, versions[0]!, 'bin');
}

/**
 * Runs a PostgreSQL program as the `postgres` user when this process is root (PostgreSQL refuses to
 * run as root), as this user otherwise.
 */
function asOwner(program: string, args: string[]): [string, string[]] {
  const file = path.join(binDir(), program);
  return process.getuid?.() === 0 ? ['runuser', ['-u', 'postgres', '--', file, ...args]] : [file, args];
}

async function postgresProgram(program: string, args: string[], timeout = 180_000): Promise<string> {
  const [file, all] = asOwner(program, args);
  try {
    const { stdout } = await run(file, all, { timeout });
    return stdout;
  } catch (error) {
    const failed = error as { stderr?: string; stdout?: string; message: string };
    throw new Error(`${program} failed: ${failed.stderr || failed.stdout || failed.message}`, {
      cause: error,
    });
  }
}

/**
 * Starts Debian's PostgreSQL (installed by .ci/setup-test-env.sh) in a data folder of its own under
 * the system's temporary folder, on a free port of 127.0.0.1 (its socket in that folder too), with
 * trust authentication for local connections and no durability settings a test does not need
 * (`fsync=off`: a test's data is thrown away) unless `durable` (a benchmark: every commit flushed,
 * as a production server runs). Resolves once it accepts connections, with one empty database made.
 */
export async function startPostgres(
  database = 'tracker',
  { durable = false }: { readonly durable?: boolean } = {},
): Promise<PostgresServer> {
  const port = await freePort();
  const dir = await mkdtemp(path.join(os.tmpdir(), 'reset-tracker-postgres-'));
  const data = path.join(dir, 'data');
  if (process.getuid?.() === 0) {
    const { stdout } = await run('id', ['-u', 'postgres']);
    const uid = Number(stdout.trim());
    const gid = Number((await run('id', ['-g', 'postgres'])).stdout.trim());
    await chown(dir, uid, gid);
  }
  await postgresProgram('initdb', [
    '-D',
    data,
    '-U',
    'postgres',
    '-A',
    'trust',
    '-E',
    'UTF8',
    '--locale=C.UTF-8',
    '--no-sync',
  ]);
  const options = [
    `-p ${port}`,
    `-k ${dir}`,
    "-c listen_addresses='127.0.0.1'",
    ...(durable ? [] : ['-c fsync=off', '-c synchronous_commit=off', '-c full_page_writes=off']),
    '-c max_connections=200',
  ].join(' ');
  const start = async () => {
    await postgresProgram('pg_ctl', [
      '-D',
      data,
      '-o',
      options,
      '-l',
      path.join(dir, 'log'),
      '-w',
      '-t',
      '180',
      'start',
    ]);
  };
  const halt = async () => {
    await postgresProgram('pg_ctl', ['-D', data, '-m', 'fast', '-w', '-t', '180', 'stop']);
  };
  const base = `postgres://postgres@127.0.0.1:${port}`;
  let running = false;
  await start();
  running = true;
  const made = async (name: string) => {
    if (!/^[a-z][a-z0-9_]*$/.test(name)) throw new Error(`not a plain database name: ${name}`);
    await statement(port, `CREATE DATABASE ${name}`);
    return `${base}/${name}`;
  };
  const url = await made(database);
  return {
    url,
    port,
    database: made,
    async halt() {
      await halt();
      running = false;
    },
    async start() {
      await start();
      running = true;
    },
    async stop() {
      if (running) await halt().catch(() => undefined);
      running = false;
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** Runs one statement in the `postgres` database, as the `postgres` role. */
async function statement(port: number, sql: string): Promise<void> {
  const client = new pg.Client({ host: '127.0.0.1', port, user: 'postgres', database: 'postgres' });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Middleware } from 'koa';
import type { PublishedEvent } from '../../domain/content/events.js';
import type { ContentExtras } from './events.js';
import { exactEvent } from './events.js';
import type { Ran } from './packed-client.js';
import { installGlobally, packedClient, runInstalled } from './packed-client.js';
import { eventually } from './wait.js';
import type { RunningServer } from './with-server.js';
import { startServer } from './with-server.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** "31 December 2026": how a curator writes an end in an effective note (content/README.md). */
function noteDay(ms: number): string {
  const date = new Date(ms);
  const month = date.toLocaleString('en', { month: 'long', timeZone: 'UTC' });
  return `${date.getUTCDate()} ${month} ${date.getUTCFullYear()}`;
}

/**
 * Events around `now` for the status line: a reset 40 minutes ago (recent), an older one, a weekly
 * boost announced two days ago that ends in ten days (its `ends_at`; the note says so in words too,
 * which the command no longer reads), and an incident of yesterday.
 */
function statusLineEvents(now: number): {
  events: PublishedEvent[];
  boostEnd: number;
  extras: ContentExtras;
} {
  const boostEnd = now + 10 * DAY;
  const at = (ms: number) => new Date(ms).toISOString();
  return {
    boostEnd,
    extras: {
      ends: { 'weekly-boost': at(boostEnd) },
      collection: { material_until: at(now - DAY).slice(0, 10) },
    },
    events: [
      exactEvent('older-reset', at(now - 10 * DAY), { title: 'Weekly limits reset for everyone' }),
      exactEvent('recent-reset', at(now - 40 * 60_000), { title: 'Five-hour limits reset for everyone' }),
      exactEvent('weekly-boost', at(now - 2 * DAY), {
        kind: 'limit_increase',
        title: 'Weekly limits up 50 %',
        effective_note: `In effect until ${noteDay(boostEnd)}.`,
      }),
      exactEvent('limit-incident', at(now - DAY), { kind: 'incident', title: 'Limits reached too early' }),
    ],
  };
}

/** A server of those events that counts the requests it gets, by path, and whether each was conditional. */
export interface CountingServer {
  readonly server: RunningServer;
  readonly requests: { path: string; conditional: boolean }[];
}

export async function startCountingServer(now: number): Promise<CountingServer> {
  const requests: CountingServer['requests'] = [];
  const count: Middleware = async (ctx, next) => {
    requests.push({ path: ctx.path, conditional: ctx.get('if-none-match') !== '' });
    await next();
  };
  const { events, extras } = statusLineEvents(now);
  const server = await startServer({ events, extras, before: count });
  return { server, requests };
}

/** The installed command and a cache folder per test. */
export interface Installed {
  readonly bin: string;
  readonly prefix: string;
  readonly home: string;
}

export async function installCommand(): Promise<Installed> {
  const { bin, prefix } = await installGlobally(await packedClient());
  const home = await mkdtemp(path.join(os.tmpdir(), 'reset-tracker-home-'));
  return { bin, prefix, home };
}

export async function removeInstalled(installed: Installed | undefined): Promise<void> {
  if (!installed) return;
  await rm(installed.prefix, { recursive: true, force: true });
  await rm(installed.home, { recursive: true, force: true });
}

/** A cache folder of its own (XDG_CACHE_HOME) and the environment that names it. */
export async function cacheHome(
  installed: Installed,
): Promise<{ env: Record<string, string>; file: string; lock: string }> {
  const xdg = await mkdtemp(path.join(installed.home, 'xdg-'));
  return {
    env: { HOME: installed.home, XDG_CACHE_HOME: xdg },
    file: path.join(xdg, 'reset-tracker', 'status-line.json'),
    lock: path.join(xdg, 'reset-tracker', 'refresh.lock'),
  };
}

export type CacheJson = Record<string, unknown> & { checkedAt: number; failures: number };

export async function readCacheJson(file: string): Promise<CacheJson | null> {
  try {
    return JSON.parse(await readFile(file, 'utf8')) as CacheJson;
  } catch {
    return null;
  }
}

/** Rewrites some fields of the cache file (to make it stale, old, or another service's). */
export async function editCache(file: string, fields: Record<string, unknown>): Promise<void> {
  const cache = await readCacheJson(file);
  if (!cache) throw new Error(`no cache at ${file}`);
  await writeFile(file, JSON.stringify({ ...cache, ...fields }));
}

/** Waits until a refresh has ended after `after` (the cache's `checkedAt` moved past it). */
export async function refreshedSince(file: string, after: number, timeout = 10_000): Promise<CacheJson> {
  let cache: CacheJson | null = null;
  const ended = await eventually(
    async () => {
      cache = await readCacheJson(file);
      return cache !== null && cache.checkedAt > after;
    },
    { timeout },
  );
  if (!ended || !cache) throw new Error(`no refresh of ${file} in ${timeout} ms`);
  return cache;
}

/** `reset-tracker status-line` and its arguments, with that environment. */
export function statusLine(
  installed: Installed,
  args: readonly string[],
  env: Record<string, string>,
  input?: string,
): Promise<Ran> {
  return runInstalled(installed.bin, ['status-line', ...args], {
    env,
    ...(input === undefined ? {} : { input }),
  });
}

// eslint-disable-next-line no-control-regex
const ESCAPES = /\u001b\[[\d;]*m|\u001b\]8;;[^\u001b]*\u001b\\/g;

/** The line as it shows: escape sequences gone, the newline dropped. */
export const visible = (output: string) => output.replace(ESCAPES, '').replace(/\n$/, '');

/**
 * A lead watcher on a store of its own, a stand-in for the sources (./source-stand-in.ts), a ledger
 * holding one post, and a clock the test moves: what the watcher's tests start from.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import type { Store } from '../../server/store/index.js';
import { openStore } from '../../server/store/index.js';
import type { Answered } from '../../server/leads/answered.js';
import { readAnswered } from '../../server/leads/answered.js';
import { PoliteClient } from '../../server/leads/polite-client.js';
import type { SourceEntry } from '../../server/leads/sources-file.js';
import { Watcher } from '../../server/leads/watcher.js';
import { fixtureDir } from './fixtures.js';
import type { SourceStandIn } from './source-stand-in.js';
import { startSourceStandIn } from './source-stand-in.js';

export const SECRET = `whsec_${Buffer.from('lead-watcher-test-secret-0123456789').toString('base64')}`;
export const fixture = (name: string) => readFile(path.join(fixtureDir('leads'), name), 'utf8');
export const NEW_POST = 'https://x.com/claudeai/status/2105721630051692804';
export const LEDGER_POST = 'https://x.com/ClaudeDevs/status/2104641323198472430';

export interface Setup {
  readonly store: Store;
  readonly site: SourceStandIn;
  readonly logs: { level: number; msg: string; source?: string; reason?: string }[];
  readonly dir: string;
  now: number;
  watcher(
    sources: SourceEntry[],
    options?: {
      answered?: () => Promise<Answered>;
      x?: boolean;
      webhook?: string;
      /** How long the client waits for a stand-in's answer (STAND_IN_TIMEOUT_MS unless set). */
      timeoutMs?: number;
    },
  ): Watcher;
}

/** A store, a stand-in for the sources, a ledger holding one post, and a watcher made on them. */
export async function setUp(t: { teardown(fn: () => Promise<void>): void }): Promise<Setup> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'reset-tracker-leads-'));
  const ledger = path.join(dir, 'ledger.json');
  await writeFile(
    ledger,
    JSON.stringify({
      reviewed_on: '2026-11-28',
      material_until: '2026-10-10',
      entries: [{ url: LEDGER_POST, date: '2026-09-28', who: '@ClaudeDevs', left_out: 'a test entry' }],
    }),
  );
  const setup = {
    // Now: the curator's webhook is signed with it, and its receiver refuses a time 5 minutes off.
    now: Date.now(),
    logs: [] as Setup['logs'],
    dir,
  } as Setup;
  const store = await openStore(path.join(dir, 'alerts.sqlite'), () => setup.now);
  const site = await startSourceStandIn();
  site.set('/oembed', { body: await fixture('oembed.json') });
  t.teardown(async () => {
    await store.close();
    await site.stop();
    await rm(dir, { recursive: true, force: true });
  });
  const log = pino(
    { level: 'info' },
    { write: (line: string) => setup.logs.push(JSON.parse(line) as Setup['logs'][number]) },
  );
  Object.assign(setup, {
    store,
    site,
    watcher: (sources: SourceEntry[], options: Parameters<Setup['watcher']>[1] = {}) =>
      new Watcher({
        store,
        sources,
        context: {
          client: standInClient(setup, options.timeoutMs),
          handles: ['ClaudeDevs', 'claudeai'],
          x: options.x ? { token: 'a-token', origin: site.origin } : null,
          backfill: false,
        },
        clock: () => setup.now,
        answered: options.answered ?? (() => readAnswered(ledger, fixtureDir('content-valid'))),
        channels: options.webhook
          ? {
              webhook: {
                url: options.webhook,
                secret: SECRET,
                post: { allowedOrigins: [new URL(options.webhook).origin] },
              },
            }
          : {},
        oembedOrigin: site.origin,
        log,
        holder: 'test-watcher',
      }),
  });
  return setup;
}

/**
 * How long a watcher's client waits for the local stand-in: long enough for a loaded machine (a CI
 * run's workers beside each other), where 500 ms once made a poll fail before it was asked.
 */
const STAND_IN_TIMEOUT_MS = 5_000;

/** The watcher's polite client for the stand-in, on the setup's clock. */
function standInClient(setup: { now: number }, timeoutMs = STAND_IN_TIMEOUT_MS): PoliteClient {
  return new PoliteClient({ userAgent: 'test', timeoutMs, maxBytes: 256 * 1024, clock: () => setup.now });
}

export const noneAnswered = (): Promise<Answered> =>
  Promise.resolve({ has: () => false, eventCiting: () => null });

/** The options `setup.watcher` would give, with another store. */
export function watcherOptions(setup: Setup, store: Store) {
  return {
    store,
    sources: [{ name: 'peer-shixi', kind: 'peer_data' as const, url: `${setup.site.origin}/shixi.json` }],
    context: {
      client: standInClient(setup),
      handles: ['ClaudeDevs', 'claudeai'],
      x: null,
      backfill: false,
    },
    clock: () => setup.now,
    answered: noneAnswered,
    channels: {},
    oembedOrigin: setup.site.origin,
    log: pino({ level: 'silent' }),
    holder: 'test-watcher',
  };
}

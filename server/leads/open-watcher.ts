/**
 * The watcher as the settings make it: the store opened, the sources file read, the watched accounts
 * taken from the content's sources directory, the curator's channels set up. Used by the PM2 app
 * (./main.ts) and by `npm run leads -- watch` (tools/leads.ts).
 */
import { hostname } from 'node:os';
import { randomBytes } from 'node:crypto';
import type { Logger } from 'pino';
import { createMailer } from '../outbound/smtp.js';
import type { Store } from '../store/index.js';
import { openStore } from '../store/index.js';
import { loadContent } from '../content/read-content.js';
import { readAnswered } from './answered.js';
import { PoliteClient } from './polite-client.js';
import type { LeadSettings } from './settings.js';
import { readSourcesFile } from './sources-file.js';
import type { CuratorChannels } from './tell-curator.js';
import { Watcher } from './watcher.js';

/** The handles of the active X accounts of the sources directory, without `@`. */
async function watchedHandles(contentDir: string): Promise<string[]> {
  const content = await loadContent(contentDir);
  if (!content.ok) throw new Error(`${contentDir}: the content does not load (npm run content:check)`);
  return content.content.sources.flatMap((account) => {
    const handle = /^https:\/\/(?:x|twitter)\.com\/([A-Za-z0-9_]{1,15})$/.exec(account.profile_url)?.[1];
    return account.active && handle ? [handle] : [];
  });
}

/** How long a stopping watcher may take at most: well within PM2's kill_timeout of 20 s. */
export const STOP_WITHIN_MS = 15_000;

export interface OpenedWatcher {
  readonly watcher: Watcher;
  readonly store: Store;
  close(): Promise<void>;
}

export async function openWatcher(
  settings: LeadSettings,
  log: Logger,
  options: { backfill?: boolean; clock?: () => number } = {},
): Promise<OpenedWatcher> {
  const clock = options.clock ?? Date.now;
  if (settings.userAgent === null)
    throw new Error(
      'set LEADS_CONTACT (an email or https address) or a public PUBLIC_BASE_URL: the sites read are told who asks',
    );
  const userAgent = settings.userAgent;
  const sources = await readSourcesFile(settings.sourcesFile);
  const handles = await watchedHandles(settings.contentDir);
  const store = await openStore(settings.store.location, clock, settings.store.pool);
  const mailer = settings.email
    ? createMailer({ smtpUrl: settings.email.smtpUrl, from: settings.email.from })
    : null;
  const channels: CuratorChannels = {
    ...(settings.webhook && {
      webhook: {
        url: settings.webhook.url,
        secret: settings.webhook.secret,
        post: { allowedOrigins: settings.webhook.allowedOrigins },
      },
    }),
    ...(settings.email && mailer && { email: { to: settings.email.to, mailer } }),
  };
  const client = new PoliteClient({
    userAgent,
    timeoutMs: settings.timeoutMs,
    maxBytes: settings.maxBytes,
    clock,
  });
  const watcher = new Watcher({
    store,
    sources,
    context: { client, handles, x: settings.x, backfill: options.backfill ?? false },
    clock,
    answered: () => readAnswered(settings.ledgerFile, settings.contentDir),
    channels,
    ...(settings.oembedOrigin !== undefined && { oembedOrigin: settings.oembedOrigin }),
    log,
    holder: `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`,
  });
  return {
    watcher,
    store,
    close: async () => {
      await watcher.stop();
      mailer?.close();
      await store.close();
    },
  };
}

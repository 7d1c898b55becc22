/**
 * `npm run alerts:preview [-- --dir <folder>]`: what publishing the content folder would alert, and
 * to how many subscriptions, read from the alerts store the server uses (ALERTS_DATABASE_URL, else
 * ALERTS_DB) without changing it: a store not made yet is not made.
 * Who would be alerted is the store's and the ledger's answer: it needs no VAPID key in this shell
 * (the server's environment holds them).
 */
import path from 'node:path';
import { buildCatalog } from '../domain/catalog.js';
import { decidePublication } from '../domain/alerts.js';
import { formatProblem } from '../domain/content/problems.js';
import { loadContent } from '../server/content/read-content.js';
import { storeExists, describeLocation, isDatabaseUrl, openStore } from '../server/store/index.js';
import { readCommandLine } from './command-line.js';
import { contentDirOf } from './content-files.js';
import { readServiceConfig } from './service-settings.js';

const { values: flags } = readCommandLine({
  usage: 'npm run alerts:preview -- [--dir <folder>]',
  description:
    'Prints the alerts publishing the content folder would send, and how many subscriptions (browsers, webhooks, email addresses, the Telegram channel) get each.',
  options: {
    dir: {
      type: 'string',
      value: '<folder>',
      description: 'the content folder (default: CONTENT_DIR of the settings, else content/)',
    },
  },
});
const config = readServiceConfig();
const { location, pool } = config.alertsStore;
// The Telegram channel is one more recipient, of the alerts its TELEGRAM_POSTS takes.
const telegram = config.alerts?.telegram ?? null;
/** The store cannot be read (a database down, a file not readable): said in one line, exit 1. */
const unreachable = (error: unknown): never => {
  console.error(
    `the alerts store at ${describeLocation(location)} cannot be read: ${(error as Error).message}`,
  );
  return process.exit(1);
};
const db = isDatabaseUrl(location) ? location : path.resolve(location);
const dir = contentDirOf(flags.dir);
const result = await loadContent(dir);
if (!result.ok) {
  console.error(`${dir} is invalid (${result.problems.length} problems): it cannot be published`);
  for (const problem of result.problems) console.error(`  ${formatProblem(problem)}`);
  process.exit(1);
}
const where = describeLocation(db);
if (!(await storeExists(db).catch(unreachable))) {
  console.log(`no alerts store at ${where}: publishing sends no alert`);
  process.exit(0);
}
console.log(`read from the alerts store ${where}`);
const catalog = buildCatalog(result.content, { origin: 'https://preview.invalid' });
const store = await openStore(db, Date.now, pool).catch(unreachable);
const decision = decidePublication(
  [...catalog.byId.values()],
  await store.ledger.ledger(),
  await store.ledger.marks(),
  store.ledger.startedAt,
);
const byFilters = await store.subscriptions.subscriptionsByFilters();
await store.close();
if (decision.alerts.length === 0) {
  console.log('publishing this folder sends no alert');
} else {
  console.log(`publishing this folder sends ${decision.alerts.length} alert(s):`);
  for (const alert of decision.alerts) {
    const count = alert.matching.reduce((sum, key) => sum + (byFilters.get(key) ?? 0), 0);
    const posted = telegram !== null && (telegram.posts === 'every' || alert.reason === 'confirmed');
    console.log(
      `  ${alert.reason}: ${alert.event.id} "${alert.event.title}" → ${count} subscription(s)` +
        (posted ? ` and the Telegram channel ${telegram.chat}` : ''),
    );
  }
}

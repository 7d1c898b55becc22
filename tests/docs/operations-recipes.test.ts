import { appendFile, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import test from 'ava';
import pino from 'pino';
import { copyContent, ROOT, VALID_FIXTURE } from '../helpers/fixtures.js';
import { outputOf, runToEnd } from '../helpers/run.js';
import { startPostgres } from '../helpers/postgres.js';
import { useStoreEngines } from '../helpers/store-engines.js';
import { usingServer } from '../helpers/with-server.js';
import { openStore } from '../../server/store/index.js';

const OPERATIONS = path.join(ROOT, 'docs/operations.md');
const LOG = '~/.pm2/logs/reset-tracker-out.log';

const engines = useStoreEngines();

/** The shell lines of a `## ` section's ```sh blocks (indented ones too, in a list item). */
async function shellLines(heading: string): Promise<string[]> {
  const text = await readFile(OPERATIONS, 'utf8');
  const start = text.indexOf(`## ${heading}`);
  const end = text.indexOf('\n## ', start + 1);
  const blocks = [...text.slice(start, end).matchAll(/```sh\n([\s\S]*?)```/g)].map((match) => match[1]!);
  return blocks
    .flatMap((block) => block.split('\n'))
    .map((line) => line.trim())
    .filter((line) => line !== '');
}

/** Runs one line in bash; its code, output and errors. */
async function shell(line: string, env: NodeJS.ProcessEnv = {}) {
  return runToEnd('bash', ['-o', 'pipefail', '-c', line], { env: { ...process.env, ...env } });
}

test('§8: each jq line reads a log the server wrote, without an error, and finds what it says', async (t) => {
  t.timeout(60_000);
  const recipes = (await shellLines('8. Reading logs')).filter((line) => /\bjq\b/.test(line));
  t.is(recipes.length, 3, recipes.join('\n'));
  const dir = await mkdtemp(path.join(os.tmpdir(), 'log-recipes-'));
  const log = path.join(dir, 'reset-tracker-out.log');
  const content = await copyContent(VALID_FIXTURE);
  try {
    // The server's own lines: a start, requests, then a republish of a broken folder (refused).
    const logger = pino({ level: 'info' }, pino.destination({ dest: log, sync: true }));
    await usingServer({ content: content.dir, logger }, async (server) => {
      for (const route of ['/api/v1/status', '/api/v1/resets?limit=oops', '/nowhere'])
        await (await fetch(`${server.url}${route}`)).arrayBuffer();
      await writeFile(path.join(content.dir, 'collection.json'), '{ not json');
      t.false(await server.reload());
    });
    // A line another part of the service writes in the same file: a delivery with no HTTP status.
    await appendFile(
      log,
      `${JSON.stringify({ level: 40, time: 1, pid: 1, status: null, msg: 'alerts: a delivery failed' })}\n`,
    );
    const outputs = [];
    for (const recipe of recipes) {
      // `tail -F` follows for ever: the same filter over the file as it is.
      const line = recipe
        .replace(/\s+#.*$/, '')
        .replace('tail -F', 'cat')
        .replaceAll(LOG, JSON.stringify(log));
      const done = await runToEnd('bash', ['-o', 'pipefail', '-c', line]);
      t.is(done.code, 0, `${line}\n${done.stderr}`);
      t.is(done.stderr, '', line);
      outputs.push(done.stdout.trim().split('\n').filter(Boolean));
    }
    const [warnings, failed, refused] = outputs as [string[], string[], string[]];
    t.deepEqual(
      warnings.map((line) => (JSON.parse(line) as { msg: string }).msg),
      ['content refused: invalid set, keeping the last good content', 'alerts: a delivery failed'],
    );
    t.deepEqual(failed, [], 'no request failed (400 and 404 are not failures; a null status is none)');
    t.true(
      refused.length > 0 && refused.every((problem) => problem.startsWith('collection.json')),
      refused.join('\n'),
    );
  } finally {
    await content.dispose();
    await rm(dir, { recursive: true, force: true });
  }
});

test('§12: the PostgreSQL lines make a role and a database the store opens with the URL shown', async (t) => {
  t.timeout(120_000);
  const lines = await shellLines('12. Browser alerts');
  const setup = lines.filter((line) => line.startsWith('sudo -u postgres '));
  t.is(setup.length, 2, setup.join('\n'));
  const url = lines
    .find((line) => line.startsWith('ALERTS_DATABASE_URL='))
    ?.slice('ALERTS_DATABASE_URL='.length);
  t.truthy(url);
  const server = await startPostgres('unused');
  try {
    // As the docs run them, but for the superuser's way in: the test server's port, over TCP.
    const env = { PGHOST: '127.0.0.1', PGPORT: String(server.port), PGUSER: 'postgres' };
    for (const line of setup) {
      const done = await shell(line.replace(/^sudo -u postgres /, ''), env);
      t.is(done.code, 0, `${line}\n${outputOf(done)}`);
    }
    const store = await openStore(url!.replace(':5432/', `:${server.port}/`));
    try {
      t.true(store.version > 0, 'the role made the tables in its own database');
      t.is(await store.subscriptions.subscriptionCount(), 0);
    } finally {
      await store.close();
    }
  } finally {
    await server.stop();
  }
});

for (const engine of engines)
  test(`§12: deleting someone's data, on ${engine.name}, leaves nothing of them`, async (t) => {
    t.timeout(60_000);
    const lines = (await shellLines('12. Browser alerts')).filter((line) =>
      engine.name === 'sqlite'
        ? line.startsWith('sqlite3 data/alerts.sqlite "')
        : line.startsWith('psql "$ALERTS_DATABASE_URL"'),
    );
    t.is(lines.length, 3, lines.join('\n'));
    const place = await engine.place();
    const store = await openStore(place);
    const endpoint = 'https://fcm.googleapis.com/fcm/send/gone';
    const keys = { p256dh: `B${'A'.repeat(86)}`, auth: 'A'.repeat(22) };
    try {
      await store.subscriptions.subscribeMany([
        { endpoint, ...keys, audience: 'all', window: 'any', expiresAt: null },
      ]);
      await store.webhooks.addWebhook({
        publicId: 'wh_gone',
        url: 'https://hooks.example/gone',
        kind: 'generic',
        secret: 's',
        tokenHash: 'h',
        audience: 'all',
        window: 'any',
      });
      const asked = await store.emails.requestEmail({
        email: 'gone@example.org',
        locale: 'en',
        audience: 'all',
        window: 'any',
        confirmHash: 'c',
      });
      if (asked.kind !== 'confirm') throw new Error(asked.kind);
      await store.emails.confirmEmail('c');
      await store.emails.keepUnsubscribeHash(asked.subscription.id, 'hash-of-a-mail');
    } finally {
      await store.close();
    }
    const values = [
      "endpoint = '" + endpoint + "'",
      "url = 'https://hooks.example/gone'",
      "email = 'gone@example.org'",
    ];
    for (const [n, line] of lines.entries()) {
      const command = line
        .replace(/[a-z]+ = '…'/, values[n]!)
        .replace('sqlite3 data/alerts.sqlite', `sqlite3 ${JSON.stringify(place)}`);
      const done = await shell(command, { ALERTS_DATABASE_URL: place });
      t.is(done.code, 0, `${command}\n${outputOf(done)}`);
      if (engine.name === 'postgres') t.is(done.stdout.trim(), 'DELETE 1', command);
    }
    const after = await openStore(place);
    try {
      t.is(await after.subscriptions.subscriptionCount(), 0);
      t.is(await after.webhooks.webhook('wh_gone'), null);
      t.is(await after.emails.emailCount(), 0);
      t.false(await after.emails.unsubscribeEmail('hash-of-a-mail'), 'its unsubscribe hashes went with it');
    } finally {
      await after.close();
    }
    // No row of theirs is left anywhere, the unsubscribe hashes included.
    const count = 'SELECT count(*) FROM email_unsubscribes';
    const left =
      engine.name === 'sqlite'
        ? await shell(`sqlite3 ${JSON.stringify(place)} "${count}"`)
        : await shell(`psql "$ALERTS_DATABASE_URL" -At -c "${count}"`, { ALERTS_DATABASE_URL: place });
    t.is(left.stdout.trim(), '0');
  });

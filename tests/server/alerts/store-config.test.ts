import test from 'ava';
import { parseConfig } from '../../../server/config.js';

const KEYS = {
  VAPID_PUBLIC_KEY: `B${'A'.repeat(86)}`,
  VAPID_PRIVATE_KEY: 'A'.repeat(43),
  VAPID_SUBJECT: 'mailto:alerts@example.org',
};

test('ALERTS_DATABASE_URL, when set, is the store instead of the ALERTS_DB file, for the server and the commands', (t) => {
  const url = 'postgres://tracker:secret@db.internal:5432/alerts';
  const config = parseConfig({ ...KEYS, ALERTS_DB: '/srv/alerts.sqlite', ALERTS_DATABASE_URL: url });
  t.deepEqual(config.alertsStore, { location: url, pool: 4 });
  t.deepEqual(config.alerts?.store, { location: url, pool: 4 });
  const postgresql = 'postgresql://db.internal/alerts';
  t.is(
    parseConfig({ ALERTS_DATABASE_URL: postgresql, ALERTS_DATABASE_POOL: '50' }).alertsStore.location,
    postgresql,
  );
  t.is(parseConfig({ ALERTS_DATABASE_URL: postgresql, ALERTS_DATABASE_POOL: '50' }).alertsStore.pool, 50);
});

test('unset or empty, ALERTS_DATABASE_URL leaves the SQLite file', (t) => {
  t.deepEqual(parseConfig({ ALERTS_DB: '/srv/alerts.sqlite', ALERTS_DATABASE_URL: '' }).alertsStore, {
    location: '/srv/alerts.sqlite',
    pool: 4,
  });
  t.is(parseConfig({ DATA_DIR: 'state' }).alertsStore.location, 'state/alerts.sqlite');
});

test('a bad ALERTS_DATABASE_URL or ALERTS_DATABASE_POOL is refused, naming the variable', (t) => {
  for (const url of ['mysql://db.internal/alerts', 'db.internal:5432', 'https://db.internal/'])
    t.throws(() => parseConfig({ ALERTS_DATABASE_URL: url }), { message: /^\s+ALERTS_DATABASE_URL: /m }, url);
  for (const pool of ['0', '51', '2.5', 'many', '-1'])
    t.throws(
      () => parseConfig({ ALERTS_DATABASE_POOL: pool }),
      { message: /^\s+ALERTS_DATABASE_POOL: /m },
      pool,
    );
});

import test from 'ava';
import { configWarnings, describeFeatures, parseConfig, SERVER_SETTINGS } from '../../server/config.js';
import { WATCHER_SETTINGS } from '../../server/leads/settings.js';
import { SETTING_NAMES, settingsEnv } from '../../server/settings.cjs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

// The ecosystem file names every setting on each reload (server/settings.cjs): one it did not name
// would keep, under PM2, whatever value an earlier command gave it.
test('the settings PM2 is given are every variable the server and the watcher read', (t) => {
  const read = new Set([...SERVER_SETTINGS, ...WATCHER_SETTINGS]);
  const ecosystemOnly = SETTING_NAMES.filter((name) => !read.has(name));
  t.deepEqual(
    [...read].filter((name) => !SETTING_NAMES.includes(name)),
    [],
    'each one read is named',
  );
  t.deepEqual(ecosystemOnly, ['INSTANCES', 'MAX_MEMORY_RESTART', 'LOG_DIR', 'LEADS_WATCH']);
});

test('the file gives a setting, the shell wins, and one set nowhere is empty: the default', async (t) => {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'settings-'));
  try {
    await writeFile(
      path.join(dir, 'reset-tracker.env'),
      '# the operator\'s\nPORT=4000\nRATE_LIMIT_POINTS="9"\n',
    );
    const env = settingsEnv({ RATE_LIMIT_POINTS: '12', LOG_LEVEL: '' }, dir);
    t.is(env.PORT, '4000');
    t.is(env.RATE_LIMIT_POINTS, '12', 'the shell wins');
    t.is(env.LOG_LEVEL, '', 'empty in the shell: not set there, nor in the file');
    t.is(env.TRUST_PROXY_HOPS, '');
    t.deepEqual(Object.keys(env).sort(), [...SETTING_NAMES].sort());
    const config = parseConfig(env);
    t.is(config.port, 4000);
    t.is(config.rateLimit.points, 12);
    t.is(config.logLevel, 'info', 'an empty variable is one not set, whatever its type');
    t.is(config.trustProxyHops, 0);
    t.is(parseConfig({ PORT: '' }).port, 3000, 'PORT= is the default port, not port 0');
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

test('the start line names what a worker runs, never a secret', (t) => {
  const config = parseConfig({
    PUBLIC_BASE_URL: 'https://tracker.example',
    RATE_LIMIT_REDIS_URL: 'redis://:redis-secret@127.0.0.1:6379',
    ALERTS_DATABASE_URL: 'postgres://tracker:db-secret@127.0.0.1:5432/tracker',
    TELEGRAM_BOT_TOKEN: '123456:ABCDEFGHIJKLMNOPQRSTUVWXYZ',
    TELEGRAM_CHANNEL: '@resets',
    TRUST_PROXY_HOPS: '1',
    HOST: '127.0.0.1',
  });
  const features = describeFeatures(config);
  t.deepEqual(features, {
    origin: 'https://tracker.example',
    rateLimit: '300 per 60 s, counted in Redis redis://:***@127.0.0.1:6379',
    trustProxyHops: 1,
    alertsStore: 'postgres://tracker:***@127.0.0.1:5432/tracker',
    alertChannels: ['telegram'],
    alertSender: true,
  });
  t.false(/secret|ABCDEFGHIJ/.test(JSON.stringify(features)));
  t.deepEqual(configWarnings(config), [], 'trusted hops on the loopback address: fine');
  t.deepEqual(describeFeatures(parseConfig({ RATE_LIMIT_POINTS: '0' })), {
    origin: "each request's own (PUBLIC_BASE_URL unset)",
    rateLimit: 'off',
    trustProxyHops: 0,
    alertsStore: 'none (no channel on)',
    alertChannels: [],
    alertSender: false,
  });
});

test('trusted hops on a port anyone can reach are warned, in one line', (t) => {
  const warnings = configWarnings(parseConfig({ TRUST_PROXY_HOPS: '1' }));
  t.is(warnings.length, 1);
  t.regex(warnings[0]!, /^TRUST_PROXY_HOPS=1 with HOST=0\.0\.0\.0: a client that reaches the port directly/);
  t.deepEqual(configWarnings(parseConfig({ TRUST_PROXY_HOPS: '0' })), []);
});

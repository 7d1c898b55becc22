import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import test from 'ava';
import { generateVapidKeys } from '../../tools/vapid-keys.js';
import { storeExists, openStore } from '../../server/store/index.js';
import { writeReset } from '../helpers/alerts.js';
import { copyContent, DEMO_FIXTURE, ROOT } from '../helpers/fixtures.js';
import { startPostgres } from '../helpers/postgres.js';
import { commandLine, outputOf, runToEnd } from '../helpers/run.js';

const vapid = generateVapidKeys();

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

test('content:new --no-alert and content:revise --alert mark the store; alerts:preview says who would get what', async (t) => {
  const content = await copyContent(DEMO_FIXTURE);
  const data = await mkdtemp(path.join(os.tmpdir(), 'reset-tracker-alert-commands-'));
  const db = path.join(data, 'alerts.sqlite');
  const env = {
    ...process.env,
    VAPID_PUBLIC_KEY: vapid.publicKey,
    VAPID_PRIVATE_KEY: vapid.privateKey,
    VAPID_SUBJECT: 'mailto:alerts@example.org',
    ALERTS_DB: db,
  };
  const run = async (file: string, ...args: string[]) => {
    const done = await runToEnd(process.execPath, [...commandLine(file), ...args, '--dir', content.dir], {
      cwd: ROOT,
      env,
    });
    t.is(done.code, 0, outputOf(done));
    return done.stdout;
  };
  try {
    const store = await openStore(db);
    const endpoint = (n: number) => `https://fcm.googleapis.com/fcm/send/${n}`;
    const keys = { p256dh: `B${'A'.repeat(86)}`, auth: 'A'.repeat(22) };
    await store.subscriptions.subscribeMany([
      { endpoint: endpoint(1), ...keys, audience: 'all', window: 'any', expiresAt: null },
      { endpoint: endpoint(2), ...keys, audience: 'pro', window: 'weekly', expiresAt: null },
      { endpoint: endpoint(3), ...keys, audience: 'team', window: 'five_hour', expiresAt: null },
    ]);

    t.regex(await run('tools/alerts-preview.ts'), /^publishing this folder sends no alert$/m);
    const id = await writeReset(content.dir, {
      day: '2026-11-20',
      slug: 'weekly',
      plans: ['pro'],
      windows: ['weekly'],
    });
    t.regex(
      await run('tools/alerts-preview.ts'),
      new RegExp(
        `sends 1 alert\\(s\\):\\n  confirmed: ${id} "Limits reset \\(weekly\\)" → 2 subscription\\(s\\)`,
      ),
    );
    // A Telegram channel in the settings file is one more recipient of a confirmed reset.
    const settings = path.join(data, 'settings.env');
    await writeFile(
      settings,
      'TELEGRAM_BOT_TOKEN=123456:ABCDEFGHIJKLMNOPQRSTUVWXYZ\nTELEGRAM_CHANNEL=@resets\n',
    );
    const withTelegram = await runToEnd(
      process.execPath,
      [...commandLine('tools/alerts-preview.ts'), '--dir', content.dir],
      { cwd: ROOT, env: { ...env, SETTINGS_FILE: settings } },
    );
    t.regex(
      withTelegram.stdout,
      new RegExp(
        `${id} "Limits reset \\(weekly\\)" → 2 subscription\\(s\\) and the Telegram channel @resets$`,
        'm',
      ),
    );

    // An event already written (history added by hand) marked silent: no alert, the file unchanged.
    const byHand = await writeReset(content.dir, {
      day: '2026-11-21',
      slug: 'by-hand',
      plans: ['pro'],
      windows: ['weekly'],
    });
    const before = await readFile(path.join(content.dir, 'events', `${byHand}.json`), 'utf8');
    t.regex(await run('tools/alerts-preview.ts'), new RegExp(`confirmed: ${byHand} `));
    t.regex(
      await run('tools/alerts-mark.ts', byHand, '--silent'),
      new RegExp(`alerts: none will be sent for ${byHand} revision 1`),
    );
    t.notRegex(await run('tools/alerts-preview.ts'), new RegExp(byHand));
    t.is(await readFile(path.join(content.dir, 'events', `${byHand}.json`), 'utf8'), before);

    const created = await run(
      'tools/content-new.ts',
      'https://wrenquill.example/changelog/late',
      '--kind',
      'usage_reset',
      '--status',
      'confirmed',
      '--title',
      'A late entry',
      '--plans',
      'all',
      '--windows',
      'weekly',
      '--no-alert',
    );
    const late = /alerts: none will be sent for (\S+) revision 1/.exec(created)?.[1];
    t.truthy(late, created);
    t.deepEqual(
      (await store.ledger.marks()).find((mark) => mark.eventId === late),
      { eventId: late!, revision: 1, mode: 'silent' },
    );

    const revised = await run('tools/content-revise.ts', id, '--correct', 'The plans were wrong.', '--alert');
    t.regex(revised, new RegExp(`alerts: one will be sent for ${id} revision 2 when it is published`));
    t.deepEqual(
      (await store.ledger.marks()).find((mark) => mark.eventId === id),
      { eventId: id, revision: 2, mode: 'alert' },
    );
    await store.close();
  } finally {
    await content.dispose();
    await rm(data, { recursive: true, force: true });
  }
});

test('alerts:preview and --no-alert work from the store without a VAPID key pair, naming the store', async (t) => {
  const content = await copyContent(DEMO_FIXTURE);
  const data = await mkdtemp(path.join(os.tmpdir(), 'reset-tracker-alert-preview-'));
  const db = path.join(data, 'alerts.sqlite');
  // The shell of a curator: no keys, whatever the server's environment holds.
  const env = { ...process.env, VAPID_PUBLIC_KEY: '', VAPID_PRIVATE_KEY: '', ALERTS_DB: db };
  const preview = () =>
    runToEnd(process.execPath, [...commandLine('tools/alerts-preview.ts'), '--dir', content.dir], {
      cwd: ROOT,
      env,
    });
  try {
    const none = await preview();
    t.is(none.code, 0, outputOf(none));
    t.regex(
      none.stdout,
      new RegExp(`^no alerts store at ${escapeRegExp(db)}: publishing sends no alert$`, 'm'),
    );
    t.false(existsSync(db), 'the preview creates no store');

    const store = await openStore(db);
    await store.subscriptions.subscribeMany([
      {
        endpoint: 'https://fcm.googleapis.com/fcm/send/1',
        p256dh: `B${'A'.repeat(86)}`,
        auth: 'A'.repeat(22),
        audience: 'all',
        window: 'any',
        expiresAt: null,
      },
    ]);
    await store.close();
    const id = await writeReset(content.dir, {
      day: '2026-11-21',
      slug: 'keyless',
      plans: 'all',
      windows: ['weekly'],
    });
    const one = await preview();
    t.is(one.code, 0, outputOf(one));
    t.regex(one.stdout, new RegExp(`^read from the alerts store ${escapeRegExp(db)}$`, 'm'));
    t.regex(one.stdout, new RegExp(`sends 1 alert\\(s\\):\\n  confirmed: ${id} .* → 1 subscription\\(s\\)`));
    t.notRegex(outputOf(one), /alerts are off/);

    // Backfill from the same keyless shell: the mark reaches the store the server reads.
    const late = await runToEnd(
      process.execPath,
      [
        ...commandLine('tools/content-new.ts'),
        'https://support.claude.com/en/articles/late',
        '--title',
        'A late entry',
        '--no-alert',
        '--dir',
        content.dir,
      ],
      { cwd: ROOT, env },
    );
    t.is(late.code, 0, outputOf(late));
    const eventId = /alerts: none will be sent for (\S+) revision 1 \(marked in (.+)\)$/m.exec(late.stdout);
    t.is(eventId?.[2], db, late.stdout);
    const marked = await openStore(db);
    t.deepEqual(await marked.ledger.marks(), [{ eventId: eventId?.[1], revision: 1, mode: 'silent' }]);
    await marked.close();
  } finally {
    await content.dispose();
    await rm(data, { recursive: true, force: true });
  }
});

test('with ALERTS_DATABASE_URL, alerts:preview and --no-alert use the PostgreSQL store, naming it without its password', async (t) => {
  const content = await copyContent(DEMO_FIXTURE);
  const data = await mkdtemp(path.join(os.tmpdir(), 'reset-tracker-alert-postgres-'));
  const server = await startPostgres();
  try {
    // The test server trusts local connections: the password is only there to be hidden.
    const plain = await server.database('curator');
    const url = plain.replace('postgres@', 'postgres:secret-word@');
    const shown = plain.replace('postgres@', 'postgres:***@');
    const file = path.join(data, 'alerts.sqlite');
    const env = {
      ...process.env,
      VAPID_PUBLIC_KEY: '',
      VAPID_PRIVATE_KEY: '',
      ALERTS_DB: file,
      ALERTS_DATABASE_URL: url,
    };
    const command = async (file: string, ...args: string[]) => {
      const done = await runToEnd(process.execPath, [...commandLine(file), ...args, '--dir', content.dir], {
        cwd: ROOT,
        env,
      });
      t.is(done.code, 0, outputOf(done));
      t.notRegex(outputOf(done), /secret-word/);
      return done.stdout;
    };

    t.regex(
      await command('tools/alerts-preview.ts'),
      new RegExp(`^no alerts store at ${escapeRegExp(shown)}: publishing sends no alert$`, 'm'),
    );
    t.false(await storeExists(url), 'the preview makes no store in the database');
    t.false(existsSync(file), 'nor in the ALERTS_DB file');

    const store = await openStore(url);
    await store.subscriptions.subscribeMany([
      {
        endpoint: 'https://fcm.googleapis.com/fcm/send/1',
        p256dh: `B${'A'.repeat(86)}`,
        auth: 'A'.repeat(22),
        audience: 'all',
        window: 'any',
        expiresAt: null,
      },
    ]);
    const id = await writeReset(content.dir, {
      day: '2026-11-21',
      slug: 'shared',
      plans: 'all',
      windows: ['weekly'],
    });
    const preview = await command('tools/alerts-preview.ts');
    t.regex(preview, new RegExp(`^read from the alerts store ${escapeRegExp(shown)}$`, 'm'));
    t.regex(preview, new RegExp(`sends 1 alert\\(s\\):\\n  confirmed: ${id} .* → 1 subscription\\(s\\)`));

    const created = await command(
      'tools/content-new.ts',
      'https://support.claude.com/en/articles/late',
      '--title',
      'A late entry',
      '--no-alert',
    );
    const late = /alerts: none will be sent for (\S+) revision 1 \(marked in (.+)\)$/m.exec(created);
    t.is(late?.[2], shown, created);
    t.deepEqual(await store.ledger.marks(), [{ eventId: late?.[1], revision: 1, mode: 'silent' }]);
    await store.close();
    t.false(existsSync(file), 'the SQLite file is never made');
  } finally {
    await server.stop();
    await content.dispose();
    await rm(data, { recursive: true, force: true });
  }
});

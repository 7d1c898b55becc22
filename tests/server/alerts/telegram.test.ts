import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import test from 'ava';
import { collectingLogger } from '../../helpers/logs.js';
import { openStore } from '../../../server/store/index.js';
import { sendMessage } from '../../../server/alerts/telegram/send-message.js';
import { writeReset } from '../../helpers/alerts.js';
import type { CopiedContent } from '../../helpers/fixtures.js';
import { DEMO_FIXTURE, copyContent } from '../../helpers/fixtures.js';
import type { TelegramStandIn } from '../../helpers/telegram-stand-in.js';
import { startTelegramStandIn } from '../../helpers/telegram-stand-in.js';
import { eventually } from '../../helpers/wait.js';
import type { RunningServer } from '../../helpers/with-server.js';
import { startServer } from '../../helpers/with-server.js';

/*
 * The Telegram channel end to end: the server with TELEGRAM_* set against a local stand-in of the
 * Bot API, resets published into a copy of the content. The stand-in's answers are queued in order,
 * so the tests run one at a time. The last test starts a second server, posting every alert
 * (TELEGRAM_POSTS=every), on a content copy and store of its own.
 */

const TOKEN = '123456:test-token-abcdefghijklmnopqrstuv';
const CHANNEL = '@reset_tracker_test';

let bot: TelegramStandIn;
let server: RunningServer;
let content: CopiedContent;
let data: string;
let db: string;
const warnings: Record<string, unknown>[] = [];

test.before(async () => {
  bot = await startTelegramStandIn(TOKEN);
  content = await copyContent(DEMO_FIXTURE);
  data = await mkdtemp(path.join(os.tmpdir(), 'reset-tracker-telegram-'));
  db = path.join(data, 'alerts.sqlite');
  server = await startServer({
    content: content.dir,
    logger: collectingLogger('warn', warnings),
    env: {
      ALERTS_DB: db,
      TELEGRAM_BOT_TOKEN: TOKEN,
      TELEGRAM_CHANNEL: CHANNEL,
      TELEGRAM_API_URL: bot.origin,
      TELEGRAM_LANGUAGE: 'ja',
    },
  });
});

test.after.always(async () => {
  await server?.stop();
  await bot?.stop();
  await content?.dispose();
  await rm(data, { recursive: true, force: true });
});

/** A server, the content it serves and its alert store. */
interface Site {
  readonly server: RunningServer;
  readonly content: CopiedContent;
  readonly db: string;
}

/** Reloads the site's content and waits until its store has no alert left to send. */
async function reloadAndSend(site: Site): Promise<void> {
  if (!(await site.server.reload())) throw new Error('the content was refused');
  const store = await openStore(site.db);
  try {
    if (
      !(await eventually(async () => (await store.deliveries.pendingAlerts()).length === 0, {
        timeout: 20_000,
      }))
    )
      throw new Error('alerts still pending');
  } finally {
    await store.close();
  }
}

/** Publishes a reset (confirmed unless said) and waits until the store has no alert left to send. */
async function publishReset(
  slug: string,
  status: 'confirmed' | 'announced' = 'confirmed',
  site: Site = { server, content, db },
): Promise<string> {
  const id = await writeReset(site.content.dir, {
    day: '2026-11-27',
    slug,
    plans: 'all',
    windows: ['weekly'],
    status,
  });
  await reloadAndSend(site);
  return id;
}

test.serial(
  'a confirmed reset is posted once, by sendMessage, in the channel’s language, with its page',
  async (t) => {
    const before = bot.calls.length;
    const id = await publishReset('telegram-once');
    const posted = bot.calls.slice(before);
    t.is(posted.length, 1);
    const [call] = posted;
    t.is(call!.method, 'POST');
    t.is(call!.path, `/bot${TOKEN}/sendMessage`);
    t.regex(call!.contentType, /^application\/json/);
    t.is(call!.parameters.chat_id, CHANNEL);
    const text = String(call!.parameters.text);
    t.true(text.includes('Limits reset (telegram-once)'), text);
    t.true(text.endsWith(`\nhttps://tracker.test/ja/events/${id}`), text);
    t.regex(text, /[\u3040-\u30ff\u4e00-\u9fff]/, 'the words around the title are Japanese');
    // Published again (a reload of the same content, another reset): the first is not posted again.
    await publishReset('telegram-second');
    t.deepEqual(
      bot.calls.slice(before).map((posted) => String(posted.parameters.text).split('\n').at(-1)),
      [`https://tracker.test/ja/events/${id}`, 'https://tracker.test/ja/events/2026-11-27-telegram-second'],
    );
    t.deepEqual(bot.refused, []);
  },
);

test.serial(
  'an announced reset makes an alert that the channel, posting confirmed resets, leaves',
  async (t) => {
    const alertCount = async () => {
      const store = await openStore(db);
      try {
        return await store.ledger.alertCount();
      } finally {
        await store.close();
      }
    };
    const [calls, alerts] = [bot.calls.length, await alertCount()];
    await publishReset('telegram-announced', 'announced');
    t.is(await alertCount(), alerts + 1, 'an alert was made for it');
    t.is(bot.calls.length, calls);
  },
);

test.serial('a try whose sending record fails sends nothing and ends the delivery', async (t) => {
  const before = bot.calls.length;
  let records = 0;
  const options = {
    apiUrl: bot.origin,
    token: TOKEN,
    attempts: 3,
    maxRetryAfterMs: 60_000,
    backoffMs: () => 0,
    sleep: async () => {},
  };
  const result = await sendMessage(
    { chat_id: CHANNEL, text: 'not to be sent' },
    {
      beforeWrite: () => {
        records += 1;
        return Promise.reject(new Error('disk full'));
      },
      afterWrite: () => t.fail('nothing was handed over'),
    },
    options,
  );
  t.deepEqual(result, { kind: 'failed', status: null, attempts: 1, reason: 'not recorded: disk full' });
  t.is(records, 1);
  t.is(bot.calls.length, before);
});

/** sendMessage straight to the stand-in, with no store: every try recorded, waits of nothing. */
function sendDirect(text: string, options: { apiUrl?: string; timeoutMs?: number } = {}) {
  return sendMessage(
    { chat_id: CHANNEL, text },
    { beforeWrite: () => Promise.resolve(), afterWrite: () => {} },
    {
      apiUrl: options.apiUrl ?? bot.origin,
      token: TOKEN,
      attempts: 4,
      maxRetryAfterMs: 60_000,
      backoffMs: () => 0,
      sleep: async () => {},
      ...(options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs }),
    },
  );
}

test.serial('a post Telegram took but answered too late is not sent again: one post, failed', async (t) => {
  // The stand-in takes the post at once and answers after the call's time-out.
  bot.replies.push({ status: 200, body: { ok: true, result: { message_id: 900 } }, delayMs: 400 });
  const before = bot.calls.length;
  const result = await sendDirect('slow', { timeoutMs: 100 });
  await new Promise((resolve) => setTimeout(resolve, 600));
  t.is(bot.calls.length - before, 1, 'posted once, however slowly it was answered');
  t.like(result, { kind: 'failed', attempts: 1 });
  t.regex((result as { reason: string }).reason, /the post may have been taken: not tried again/);
});

test.serial('a 5xx may have posted: not tried again', async (t) => {
  bot.replies.push({ status: 502, body: { ok: false, error_code: 502, description: 'Bad Gateway' } });
  const before = bot.calls.length;
  const result = await sendDirect('five hundred');
  t.is(bot.calls.length - before, 1);
  t.like(result, { kind: 'failed', status: 502, attempts: 1 });
  t.regex(
    (result as { reason: string }).reason,
    /^telegram answered 502: Bad Gateway; the post may have been taken/,
  );
});

test.serial('a connection refused carried no post: tried again, each time', async (t) => {
  const closed = http.createServer();
  await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
  const { port } = closed.address() as AddressInfo;
  await new Promise<void>((resolve) => closed.close(() => resolve()));
  const result = await sendDirect('nowhere', { apiUrl: `http://127.0.0.1:${port}` });
  t.like(result, { kind: 'failed', attempts: 4 });
  t.regex((result as { reason: string }).reason, /^network: .*ECONNREFUSED/);
});

test.serial('a 429 is tried again after its retry_after, and the post goes once', async (t) => {
  bot.replies.push({
    status: 429,
    body: {
      ok: false,
      error_code: 429,
      description: 'Too Many Requests: retry after 1',
      parameters: { retry_after: 1 },
    },
  });
  const before = bot.calls.length;
  await publishReset('telegram-429');
  const posted = bot.calls.slice(before);
  t.is(posted.length, 2);
  t.true(posted[1]!.at - posted[0]!.at >= 1000, `${posted[1]!.at - posted[0]!.at} ms`);
  t.deepEqual(posted[0]!.parameters, posted[1]!.parameters);
});

test.serial('a 400 or a 403 is logged once and not tried again', async (t) => {
  for (const [status, description] of [
    [400, 'Bad Request: chat not found'],
    [403, 'Forbidden: bot is not a member of the channel chat'],
  ] as const) {
    bot.replies.push({ status, body: { ok: false, error_code: status, description } });
    const before = bot.calls.length;
    const logged = warnings.length;
    await publishReset(`telegram-${status}`);
    t.is(bot.calls.length - before, 1, `${status}: one try`);
    const failed = warnings.slice(logged).filter((line) => line.msg === 'alerts: a delivery failed');
    t.is(failed.length, 1, `${status}: one warning`);
    t.like(failed[0], {
      channel: 'telegram',
      telegram: CHANNEL,
      status,
      reason: `telegram answered ${status}: ${description}`,
    });
    t.false(JSON.stringify(failed[0]).includes(TOKEN), 'the token is never logged');
  }
  // The next reset is posted as ever: the channel was not dropped.
  const before = bot.calls.length;
  await publishReset('telegram-after');
  t.is(bot.calls.length - before, 1);
});

test.serial(
  'with TELEGRAM_POSTS=every each alert is posted once: announced, confirmed, an alerted correction',
  async (t) => {
    const everyContent = await copyContent(DEMO_FIXTURE);
    const everyDb = path.join(data, 'every.sqlite');
    const everyServer = await startServer({
      content: everyContent.dir,
      env: {
        ALERTS_DB: everyDb,
        TELEGRAM_BOT_TOKEN: TOKEN,
        TELEGRAM_CHANNEL: CHANNEL,
        TELEGRAM_API_URL: bot.origin,
        TELEGRAM_POSTS: 'every',
      },
    });
    t.teardown(async () => {
      await everyServer.stop();
      await everyContent.dispose();
    });
    const site: Site = { server: everyServer, content: everyContent, db: everyDb };
    const before = bot.calls.length;
    const id = await publishReset('telegram-every', 'announced', site);
    const file = path.join(everyContent.dir, 'events', `${id}.json`);
    const revise = async (revision: number) => {
      const event = JSON.parse(await readFile(file, 'utf8')) as Record<string, unknown>;
      const at = new Date(Date.now() + revision * 1000).toISOString().replace(/\.\d+Z$/, 'Z');
      Object.assign(event, { revision, revised_at: at, event_status: 'confirmed' });
      await writeFile(file, JSON.stringify(event, null, 2));
      await reloadAndSend(site);
    };
    await revise(2);
    // A correction is an alert only when the curator marks it (content:revise --alert).
    const store = await openStore(everyDb);
    await store.ledger.mark({ eventId: id, revision: 3, mode: 'alert' });
    await store.close();
    await revise(3);
    // A silent correction makes no alert, and reloading what was posted posts nothing again.
    await revise(4);
    await reloadAndSend(site);
    const titles = bot.calls.slice(before).map((call) => String(call.parameters.text).split('\n')[0]);
    t.deepEqual(titles, [
      'Announced: Limits reset (telegram-every)',
      'Confirmed: Limits reset (telegram-every)',
      'Corrected: Limits reset (telegram-every)',
    ]);
    t.true(bot.calls.slice(before).every((call) => String(call.parameters.text).endsWith(`/events/${id}`)));
    t.deepEqual(bot.refused, []);
  },
);

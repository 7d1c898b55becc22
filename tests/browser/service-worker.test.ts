import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import test from 'ava';
import type { BrowserContext, Page } from 'playwright-core';
import { alertPayload } from '../../domain/alerts.js';
import { generateVapidKeys } from '../../tools/vapid-keys.js';
import { WELCOME_TAG, welcomePayload } from '../../server/alerts/push/welcome.js';
import { langOf } from '../../server/site/i18n/lang.js';
import type { ShownNotification } from '../helpers/browser.js';
import { shownNotifications, useBrowser, watchRootWorker } from '../helpers/browser.js';
import { eventually } from '../helpers/wait.js';
import type { RunningServer } from '../helpers/with-server.js';
import { freePort } from '../helpers/free-port.js';
import { startServer } from '../helpers/with-server.js';

// Web Push and notifications: only the full browser has them.
const { browser } = useBrowser(test, { full: true });

const vapid = generateVapidKeys();
const EVENT = '2025-07-15-weekly-reset-pro';

let server: RunningServer | undefined;
let data: string | undefined;

test.before(async () => {
  data = await mkdtemp(path.join(os.tmpdir(), 'reset-tracker-sw-'));
  const port = await freePort();
  server = await startServer({
    port,
    env: {
      PUBLIC_BASE_URL: `http://127.0.0.1:${port}`,
      VAPID_PUBLIC_KEY: vapid.publicKey,
      VAPID_PRIVATE_KEY: vapid.privateKey,
      VAPID_SUBJECT: 'mailto:alerts@example.org',
      ALERTS_DB: path.join(data, 'alerts.sqlite'),
      ALERTS_SENDER: 'off',
    },
  });
});

test.after.always(async () => {
  await server?.stop();
  if (data) await rm(data, { recursive: true, force: true });
});

/** The words for notifications a page of `url` gives the alerts control (`data-alerts-notification`). */
async function notificationWordsOf(url: string): Promise<object> {
  const html = await (await fetch(url)).text();
  const attribute = /data-alerts-notification="([^"]*)"/.exec(html)?.[1] ?? '';
  return JSON.parse(attribute.replaceAll('&quot;', '"').replaceAll('&amp;', '&')) as object;
}

/** Keeps `filters` in the Cache API where the alerts control keeps them, for the service worker. */
async function keepFilters(page: Page, filters: object): Promise<void> {
  await page.evaluate(
    `caches.open('alerts').then((cache) => cache.put('/alerts/filters.json', new Response(${JSON.stringify(
      JSON.stringify(filters),
    )})))`,
  );
}

/**
 * A page of the site (`/alerts`) with /sw.js registered at the root scope, and the id DevTools
 * knows the registration by, to deliver push messages to it as a push service would.
 */
async function registeredWorker(context: BrowserContext, origin: string) {
  await context.grantPermissions(['notifications'], { origin });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(`${origin}/alerts`);
  const { cdp, registrationId: registered } = await watchRootWorker(page, origin);
  const scope = await page.evaluate<string>(
    "navigator.serviceWorker.register('/sw.js').then((r) => navigator.serviceWorker.ready.then(() => r.scope))",
  );
  return { page, cdp, errors, scope, registrationId: await registered };
}

test('the service worker shows a pushed alert as a notification, one per tag, in the reader language', async (t) => {
  const origin = server!.url;
  const context = await browser().newContext();
  try {
    const { page, cdp, errors, scope, registrationId } = await registeredWorker(context, origin);
    t.is(scope, `${origin}/`, 'registered at the root scope');

    // The message a push service would deliver, as the sender builds it (domain/alerts.ts).
    const resets = (await (await fetch(`${origin}/api/v1/resets?limit=100`)).json()) as {
      data: Parameters<typeof alertPayload>[0][];
    };
    const reset = resets.data.find((record) => record.id === EVENT)!;
    const payload = alertPayload(reset, 'confirmed');
    const shown = () => shownNotifications(page);
    for (let copy = 0; copy < 2; copy += 1) {
      await cdp.send('ServiceWorker.deliverPushMessage', {
        origin,
        registrationId,
        data: JSON.stringify(payload),
      });
    }
    let notifications: ShownNotification[] = [];
    await eventually(async () => (notifications = await shown()).length > 0, { interval: 100 });
    t.deepEqual(
      notifications,
      [{ title: payload.title, body: payload.body, tag: payload.tag, data: { url: payload.url } }],
      'two copies of one alert leave one notification',
    );

    // Alerts turned on from a page in Japanese: the control keeps the page's language and its words
    // for notifications (from the page as served) with the filters; the notification is worded in
    // Japanese from the alert's parts and opens the event's page in Japanese.
    t.is(payload.url, `${origin}/events/${EVENT}`);
    const words = await notificationWordsOf(`${origin}/ja/alerts`);
    await keepFilters(page, { audience: 'all', window: 'any', label: 'x', lang: 'ja', notification: words });
    await cdp.send('ServiceWorker.deliverPushMessage', {
      origin,
      registrationId,
      data: JSON.stringify(payload),
    });
    let latest: ShownNotification | undefined;
    await eventually(async () => (latest = (await shown())[0])?.data.url === `${origin}/ja/events/${EVENT}`, {
      interval: 100,
    });
    t.is(latest?.data.url, `${origin}/ja/events/${EVENT}`);
    t.is(latest?.title, `確認済み：${reset.title}`);
    // 2025-07-15 at its UTC time, in Japanese; the audience as curated; the window in Japanese.
    t.regex(latest?.body ?? '', /^2025年7月15日 \d\d:\d\d UTC。対象：.+。制限期間：1週間。$/);
    t.true(latest!.body.includes(reset.audience.statement), latest!.body);
    t.is(
      await page.evaluate<string>(
        'navigator.serviceWorker.ready.then((r) => r.getNotifications()).then((all) => all[0].lang)',
      ),
      'ja',
    );

    // An event translated into Japanese: its own words in Japanese as well.
    const translated = alertPayload(reset, 'confirmed', {
      ja: { title: '週間上限のリセット', summary: 's', effective_note: null, statement: 'Pro の契約者' },
    });
    await cdp.send('ServiceWorker.deliverPushMessage', {
      origin,
      registrationId,
      data: JSON.stringify(translated),
    });
    await eventually(async () => (latest = (await shown())[0])?.title === '確認済み：週間上限のリセット', {
      interval: 100,
    });
    t.is(latest?.title, '確認済み：週間上限のリセット');
    t.regex(latest?.body ?? '', /。対象：Pro の契約者。/);
    t.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

test('the welcome is shown in the words the page kept, and opens the page alerts were turned on from', async (t) => {
  const origin = server!.url;
  const context = await browser().newContext();
  try {
    const { page, cdp, errors, registrationId } = await registeredWorker(context, origin);
    const payload = welcomePayload(origin);
    const welcome = async () => {
      await cdp.send('ServiceWorker.deliverPushMessage', {
        origin,
        registrationId,
        data: JSON.stringify(payload),
      });
    };
    const shownWelcome = async (check: (shown: ShownNotification) => boolean) => {
      let found: ShownNotification | undefined;
      await eventually(
        async () => {
          found = (await shownNotifications(page)).find((shown) => shown.tag === WELCOME_TAG);
          return found !== undefined && check(found);
        },
        { interval: 100 },
      );
      return found;
    };

    // Nothing kept (an English page keeps no words): the server's English, and the alerts page.
    await welcome();
    t.deepEqual(await shownWelcome(() => true), {
      title: 'Alerts are on',
      body: payload.body,
      tag: WELCOME_TAG,
      data: { url: `${origin}/alerts` },
    });

    // Turned on from a page in Japanese: its words, and that page.
    const ja = langOf('ja');
    const kept = {
      audience: 'pro',
      window: 'any',
      lang: 'ja',
      notification: await notificationWordsOf(`${origin}/ja/?audience=pro`),
      page: '/ja/?audience=pro',
    };
    await keepFilters(page, kept);
    await welcome();
    const shown = await shownWelcome((found) => found.title !== 'Alerts are on');
    t.deepEqual(shown, {
      title: ja.t.alerts.notification.welcome.title,
      body: ja.t.alerts.notification.welcome.body,
      tag: WELCOME_TAG,
      data: { url: `${origin}/ja/?audience=pro` },
    });

    // A page of another site is never opened: the alerts page in the kept language instead.
    await keepFilters(page, { ...kept, page: 'https://elsewhere.example/' });
    await welcome();
    t.is(
      (await shownWelcome((found) => !found.data.url.endsWith('?audience=pro')))?.data.url,
      `${origin}/ja/alerts`,
    );
    t.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

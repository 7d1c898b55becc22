import test from 'ava';
import { langOf } from '../../server/site/i18n/lang.js';
import { filterLabel } from '../../server/site/pages/home-page.js';
import type { Subscriber } from '../helpers/push-service.js';
import { eventually } from '../helpers/wait.js';
import {
  axeClean,
  on,
  openContext,
  push,
  shownState,
  state,
  status,
  useAlertsControl,
} from '../helpers/alerts-control.js';
import { shownNotifications, watchRootWorker } from '../helpers/browser.js';

useAlertsControl();

const EVENT = '/events/2025-07-15-weekly-reset-pro';

/**
 * Headless Chromium reaches no push service, so `subscribe` and `getSubscription` answer with a
 * subscription on the test's push service (kept in localStorage across pages); the rest is real:
 * the permission, the service worker's registration, the page's requests to the server.
 */
type SubscriptionJson = Subscriber['subscription'] & { expirationTime: null };

/** The init script standing in for the push service: it runs in the page, before the page's own. */
function fakePush(subscription: SubscriptionJson): { content: string } {
  return {
    content: `(() => {
  const KEY = 'test-push-subscription';
  const subscription = ${JSON.stringify(subscription)};
  const make = () => ({
    endpoint: subscription.endpoint,
    expirationTime: null,
    options: { userVisibleOnly: true, applicationServerKey: null },
    toJSON: () => subscription,
    unsubscribe: () => {
      localStorage.removeItem(KEY);
      return Promise.resolve(true);
    },
  });
  PushManager.prototype.subscribe = function () {
    localStorage.setItem(KEY, '1');
    return Promise.resolve(make());
  };
  PushManager.prototype.getSubscription = function () {
    return Promise.resolve(localStorage.getItem(KEY) ? make() : null);
  };
})();`,
  };
}

const SUBSCRIBED_HERE = "localStorage.getItem('test-push-subscription')";

test.serial('subscribe, see it on an event page and on the next visit, then stop', async (t) => {
  const json: SubscriptionJson = { ...push!.subscriber().subscription, expirationTime: null };
  const { context, page, problems } = await openContext(async (context) => {
    await context.grantPermissions(['notifications'], { origin: on!.url });
    await context.addInitScript(fakePush(json));
  });
  const posted: { audience: string; window: string }[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url() === `${on!.url}/alerts/subscriptions`)
      posted.push(request.postDataJSON() as { audience: string; window: string });
  });
  const resend = () =>
    fetch(`${on!.url}/alerts/subscriptions`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ subscription: json, audience: 'max', window: 'weekly' }),
    });
  try {
    await page.goto(`${on!.url}/alerts?audience=max&window=weekly`, { waitUntil: 'load' });
    const subscribe = page.getByRole('button', { name: 'Alert me about resets for Max, weekly' });
    await subscribe.waitFor();
    t.deepEqual(await shownState(page), ['ready']);
    await axeClean(t, page, 'ready');

    // By keyboard: the button takes focus, shows it, and Enter presses it.
    await subscribe.focus();
    t.true(await page.evaluate<boolean>("document.activeElement.matches('button:focus-visible')"));
    await page.keyboard.press('Enter');
    await state(page, 'subscribed').waitFor();
    t.deepEqual(await shownState(page), ['subscribed']);
    t.is(await page.locator('[data-alerts-current]').innerText(), 'Max, weekly');
    t.is(await status(page).innerText(), 'Alerts are on.');
    t.is(
      await page.evaluate<string | undefined>(
        "navigator.serviceWorker.getRegistration('/').then((r) => r && r.scope)",
      ),
      `${on!.url}/`,
    );
    t.deepEqual(posted.at(-1), { subscription: json, audience: 'max', window: 'weekly' });
    // Stored on the server: the same subscription again only updates it.
    t.is((await resend()).status, 200);
    await axeClean(t, page, 'subscribed');

    // The page a notification opens says this browser gets alerts.
    await page.goto(`${on!.url}${EVENT}`, { waitUntil: 'load' });
    const note = page.locator('[data-alerts-note]');
    await note.waitFor();
    t.is(await note.getByRole('link', { name: 'Stop alerts' }).getAttribute('href'), '/alerts');
    await axeClean(t, page, 'event page, subscribed');

    // Another page with the control shows the subscription's own filters and renews it.
    const before = posted.length;
    await page.goto(`${on!.url}/?audience=pro`, { waitUntil: 'load' });
    await state(page, 'subscribed').waitFor();
    t.is(await page.locator('[data-alerts-current]').innerText(), 'Max, weekly');
    t.true(await eventually(() => posted.length > before, { timeout: 10_000 }));
    t.deepEqual(posted.at(-1), { subscription: json, audience: 'max', window: 'weekly' });
    await axeClean(t, page, 'subscribed for other filters');

    // …and moves it to this page's filters on request.
    await page.getByRole('button', { name: 'Alert me about Pro, any window instead' }).click();
    await page.getByText('Alerts are now for Pro, any window.').waitFor();
    t.is(await page.locator('[data-alerts-current]').innerText(), 'Pro, any window');
    t.true(await page.getByRole('button', { name: /instead$/ }).isHidden());
    t.deepEqual(posted.at(-1), { subscription: json, audience: 'pro', window: 'any' });
    await page.goto(`${on!.url}/alerts`, { waitUntil: 'load' });
    await state(page, 'subscribed').waitFor();
    t.is(
      await page.locator('[data-alerts-current]').innerText(),
      'Pro, any window',
      'kept for the next visit',
    );

    await page.getByRole('button', { name: 'Stop alerts' }).click();
    await state(page, 'ready').waitFor();
    t.deepEqual(await shownState(page), ['ready']);
    t.regex(await status(page).innerText(), /^Alerts are off\./);
    t.is(await page.evaluate<string | null>(SUBSCRIBED_HERE), null);
    // Deleted on the server: sending it again creates it anew.
    t.is((await resend()).status, 201);
    await axeClean(t, page, 'stopped');

    await page.goto(`${on!.url}${EVENT}`, { waitUntil: 'load' });
    t.true(await page.locator('[data-alerts-note]').isHidden());
    t.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});

test.serial('in Japanese the control, its status line and the kept language are Japanese', async (t) => {
  const ja = langOf('ja');
  const subscriber = push!.subscriber();
  const json: SubscriptionJson = { ...subscriber.subscription, expirationTime: null };
  const { context, page, problems } = await openContext(async (context) => {
    await context.grantPermissions(['notifications'], { origin: on!.url });
    await context.addInitScript(fakePush(json));
  });
  try {
    await page.goto(`${on!.url}/ja/alerts?audience=max&window=weekly`, { waitUntil: 'load' });
    const label = filterLabel(ja, { audience: 'max', window: 'weekly' });
    const subscribe = page.getByRole('button', { name: ja.t.alerts.subscribe(label) });
    await subscribe.waitFor();
    t.deepEqual(await shownState(page), ['ready']);
    await subscribe.click();
    await state(page, 'subscribed').waitFor();
    t.is(await status(page).innerText(), ja.t.alerts.script.on);
    t.is(await page.locator('[data-alerts-current]').innerText(), label);
    // The service worker words notifications, and opens event pages, in the language the alerts
    // were turned on in: the page keeps it with its words for notifications.
    const kept = await page.evaluate<{ lang: string; notification: unknown; page: string }>(
      "caches.open('alerts').then((c) => c.match('/alerts/filters.json')).then((r) => r.json())",
    );
    t.is(kept.lang, 'ja');
    t.deepEqual(kept.notification, { ...ja.t.alerts.notification, windows: ja.t.labels.window });
    t.is(kept.page, '/ja/alerts?audience=max&window=weekly');

    // The server stored it once the push service took its welcome; that message, delivered to the
    // real service worker, is shown in the words the page kept before it subscribed, and opens it.
    const welcomes = push!.received.filter((message) => message.subscriber === subscriber.id);
    t.is(welcomes.length, 1);
    t.true(welcomes[0]!.welcome);
    const { cdp, registrationId } = await watchRootWorker(page, on!.url);
    await cdp.send('ServiceWorker.deliverPushMessage', {
      origin: on!.url,
      registrationId: await registrationId,
      data: welcomes[0]!.payload,
    });
    const notifications = async () =>
      (await shownNotifications(page)).map(({ title, body, data }) => ({ title, body, url: data.url }));
    t.true(await eventually(async () => (await notifications()).length > 0, { interval: 100 }));
    t.deepEqual(await notifications(), [
      {
        title: ja.t.alerts.notification.welcome.title,
        body: ja.t.alerts.notification.welcome.body,
        url: `${on!.url}/ja/alerts?audience=max&window=weekly`,
      },
    ]);
    await axeClean(t, page, 'subscribed, in Japanese');
    await page.getByRole('button', { name: ja.t.alerts.stop }).click();
    await state(page, 'ready').waitFor();
    t.is(await status(page).innerText(), ja.t.alerts.script.off);
    t.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});

test.serial('a refused subscription is said in the status line and leaves no subscription', async (t) => {
  const json: SubscriptionJson = { ...push!.subscriber().subscription, expirationTime: null };
  const { context, page, problems } = await openContext(async (context) => {
    await context.grantPermissions(['notifications'], { origin: on!.url });
    await context.addInitScript(fakePush(json));
  });
  try {
    await page.route(`${on!.url}/alerts/subscriptions`, (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/problem+json',
        body: JSON.stringify({ status: 503, code: 'alerts_unavailable', detail: 'Try again later.' }),
      }),
    );
    await page.goto(`${on!.url}/alerts`, { waitUntil: 'load' });
    await page.getByRole('button', { name: 'Alert me about resets for Everyone, any window' }).click();
    t.true(
      await eventually(async () => /could not/.test(await status(page).innerText()), { timeout: 10_000 }),
    );
    t.is(await status(page).innerText(), 'Alerts could not be turned on: Try again later.');
    t.deepEqual(await shownState(page), ['ready']);
    t.is(await page.evaluate<string | null>(SUBSCRIBED_HERE), null);
    t.false(await page.evaluate<boolean>("caches.has('alerts')"), 'the filters kept first are forgotten');
    await axeClean(t, page, 'refused');
    t.deepEqual(
      problems.filter((problem) => !/503/.test(problem)),
      [],
    );
  } finally {
    await context.close();
  }
});

import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import test from 'ava';
import type { ExecutionContext } from 'ava';
import type { BrowserContext, Page } from 'playwright-core';
import { generateVapidKeys } from '../../server/alerts/push.js';
import { langOf } from '../../server/site/i18n/lang.js';
import { filterLabel } from '../../server/site/pages/home-page.js';
import { useBrowser, WIDTHS } from '../helpers/browser.js';
import type { PushService, Subscriber } from '../helpers/push-service.js';
import { startPushService } from '../helpers/push-service.js';
import type { RunningServer } from '../helpers/with-server.js';
import { freePort } from '../helpers/free-port.js';
import { startServer } from '../helpers/with-server.js';
import { vapidEnv } from '../helpers/alerts.js';
import { eventually } from '../helpers/wait.js';

const { browser } = useBrowser(test);

const vapid = generateVapidKeys();
const EVENT = '/events/2025-07-15-weekly-reset-pro';

let off: RunningServer | undefined;
let on: RunningServer | undefined;
let push: PushService | undefined;
let data: string | undefined;

test.before(async () => {
  data = await mkdtemp(path.join(os.tmpdir(), 'reset-tracker-alerts-browser-'));
  push = await startPushService(vapid.publicKey);
  off = await startServer();
  // The public origin is the server's own, as in production: the endpoints refuse other origins.
  const port = await freePort();
  on = await startServer({
    port,
    env: {
      PUBLIC_BASE_URL: `http://127.0.0.1:${port}`,
      ...vapidEnv(vapid),
      ALERTS_DB: path.join(data, 'alerts.sqlite'),
      ALERTS_PUSH_HOSTS: push.origin,
      ALERTS_SENDER: 'off',
    },
  });
});

test.after.always(async () => {
  await on?.stop();
  await off?.stop();
  await push?.stop();
  if (data) await rm(data, { recursive: true, force: true });
});

interface Watched {
  readonly context: BrowserContext;
  readonly page: Page;
  readonly problems: string[];
}

/** A context of its own (axe needs one), watched for console errors, page errors and failed requests. */
async function openContext(
  setup: (context: BrowserContext) => Promise<void> = async () => {},
): Promise<Watched> {
  const context = await browser().newContext({ viewport: { width: WIDTHS[0], height: 900 } });
  context.setDefaultTimeout(30_000);
  await setup(context);
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('requestfailed', (request) =>
    problems.push(`failed: ${request.url()} ${request.failure()?.errorText}`),
  );
  page.on('response', (response) => {
    if (response.status() >= 400) problems.push(`HTTP ${response.status()}: ${response.url()}`);
  });
  return { context, page, problems };
}

/** Axe finds nothing at each width, in the light and the dark scheme. */
async function axeClean(t: ExecutionContext, page: Page, state: string): Promise<void> {
  for (const width of WIDTHS) {
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.setViewportSize({ width, height: 900 });
      await page.emulateMedia({ colorScheme });
      const results = await new AxeBuilder({ page }).analyze();
      const violations = results.violations.map(
        (violation) =>
          `${violation.id} (${violation.impact ?? 'n/a'}): ${violation.nodes.map((node) => node.target.join(' ')).join(' | ')}`,
      );
      t.deepEqual(violations, [], `${state} at ${width}px, ${colorScheme}`);
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

const STATES = ['nojs', 'unsupported', 'denied', 'ready', 'subscribed'] as const;

/** The states of the control that show (one, when all is well). */
async function shownState(page: Page): Promise<string[]> {
  const shown: string[] = [];
  for (const name of STATES) if (await state(page, name).isVisible()) shown.push(name);
  return shown;
}

const state = (page: Page, name: string) => page.locator(`[data-alerts-state="${name}"]`);
const status = (page: Page) => page.locator('[data-alerts-status]');

test.serial('alerts off: the control says so and points to the feeds and the calendar', async (t) => {
  const { context, page, problems } = await openContext();
  try {
    for (const pagePath of ['/', '/alerts?audience=max&window=weekly']) {
      await page.goto(`${off!.url}${pagePath}`, { waitUntil: 'load' });
      const control = page.locator('section.alerts');
      await t.notThrowsAsync(
        control.getByText('Alerts are not available on this server.').waitFor(),
        pagePath,
      );
      t.is(await control.locator('button').count(), 0, pagePath);
      t.is(await control.getByRole('link', { name: 'RSS' }).getAttribute('href'), '/feed.xml');
      await axeClean(t, page, `off ${pagePath}`);
    }
    t.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});

test.serial('a browser without PushManager is told it cannot show alerts', async (t) => {
  const { context, page, problems } = await openContext(async (context) => {
    await context.addInitScript({ content: 'delete window.PushManager;' });
  });
  try {
    await page.goto(`${on!.url}/alerts?audience=pro`, { waitUntil: 'load' });
    await state(page, 'unsupported').waitFor();
    t.deepEqual(await shownState(page), ['unsupported']);
    t.regex((await state(page, 'unsupported').innerText()) ?? '', /This browser cannot show alerts\./);
    t.is(
      await state(page, 'unsupported')
        .getByRole('link', { name: 'the calendar of these resets' })
        .getAttribute('href'),
      '/calendar.ics?audience=pro',
    );
    await axeClean(t, page, 'unsupported');
    t.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});

test.serial('notifications blocked for the site: the control says so and how to allow them', async (t) => {
  const { context, page, problems } = await openContext();
  const cdp = await browser().newBrowserCDPSession();
  try {
    // The permission of this test's browser context (not the default one), as the site settings set it.
    const pageSession = await context.newCDPSession(page);
    const { targetInfo } = await pageSession.send('Target.getTargetInfo');
    await pageSession.detach();
    await cdp.send('Browser.setPermission', {
      permission: { name: 'notifications' },
      setting: 'denied',
      origin: on!.url,
      browserContextId: targetInfo.browserContextId,
    });
    await page.goto(`${on!.url}/`, { waitUntil: 'load' });
    await state(page, 'denied').waitFor();
    t.is(await page.evaluate<string>('Notification.permission'), 'denied');
    t.deepEqual(await shownState(page), ['denied']);
    t.regex(await state(page, 'denied').innerText(), /Notifications are blocked for this site/);
    t.regex(await state(page, 'denied').innerText(), /allow notifications for this site/);
    await axeClean(t, page, 'denied');
    t.deepEqual(problems, []);
  } finally {
    await cdp.detach();
    await context.close();
  }
});

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
  const json: SubscriptionJson = { ...push!.subscriber().subscription, expirationTime: null };
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
    const kept = await page.evaluate<{ lang: string; notification: unknown }>(
      "caches.open('alerts').then((c) => c.match('/alerts/filters.json')).then((r) => r.json())",
    );
    t.is(kept.lang, 'ja');
    t.deepEqual(kept.notification, { ...ja.t.alerts.notification, windows: ja.t.labels.window });
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
    await axeClean(t, page, 'refused');
    t.deepEqual(
      problems.filter((problem) => !/503/.test(problem)),
      [],
    );
  } finally {
    await context.close();
  }
});

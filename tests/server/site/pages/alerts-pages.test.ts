import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import test from 'ava';
import { FileSystemConfigLoader, HtmlValidate } from 'html-validate';
import { generateVapidKeys } from '../../../../tools/vapid-keys.js';
import { getText, squash } from '../../../helpers/html.js';
import type { RunningServer } from '../../../helpers/with-server.js';
import { startServer } from '../../../helpers/with-server.js';
import { vapidEnv } from '../../../helpers/alerts.js';

const vapid = generateVapidKeys();
const EVENT = '/events/2025-07-15-weekly-reset-pro';
const validator = new HtmlValidate(new FileSystemConfigLoader());

let off: RunningServer;
let on: RunningServer;
let data: string;

test.before(async () => {
  data = await mkdtemp(path.join(os.tmpdir(), 'reset-tracker-alerts-pages-'));
  off = await startServer();
  on = await startServer({
    env: {
      ...vapidEnv(vapid),
      ALERTS_DB: path.join(data, 'alerts.sqlite'),
    },
  });
});

test.after.always(async () => {
  await on?.stop();
  await off?.stop();
  await rm(data, { recursive: true, force: true });
});

const SCRIPT = /<script src="(\/assets\/alerts\.[A-Za-z0-9_-]{10}\.js)" defer><\/script>/;

test('/alerts and /privacy are HTML pages with the page policy; /alerts runs its script only when alerts are on', async (t) => {
  for (const pagePath of ['/alerts', '/alerts?audience=max&window=weekly', '/privacy']) {
    const { res, body } = await getText(`${off.url}${pagePath}`);
    t.is(res.status, 200, pagePath);
    t.is(res.headers.get('content-type'), 'text/html; charset=utf-8', pagePath);
    t.is(res.headers.get('cache-control'), 'public, max-age=60, stale-while-revalidate=300', pagePath);
    // The page policy: the local-time script only, and no service worker.
    t.regex(
      res.headers.get('content-security-policy') ?? '',
      /^default-src 'none'; script-src 'self'; style-src 'self';/,
      pagePath,
    );
    t.notRegex(res.headers.get('content-security-policy') ?? '', /worker-src/, pagePath);
    t.notRegex(body, SCRIPT, pagePath);
  }
  const { res, body } = await getText(`${on.url}/alerts`);
  const csp = res.headers.get('content-security-policy') ?? '';
  t.regex(csp, /script-src 'self';/);
  t.regex(csp, /worker-src 'self';/);
  t.regex(csp, /connect-src 'self';/);
  t.notRegex(csp, /unsafe-inline|unsafe-eval/);
  t.regex(body, SCRIPT);
  // /privacy has no control, so not its script nor a worker, even with alerts on.
  const privacy = await getText(`${on.url}/privacy`);
  t.notRegex(privacy.res.headers.get('content-security-policy') ?? '', /worker-src/);
  t.notRegex(privacy.body, SCRIPT);
});

test('the home page and event pages carry the script and its policy only when alerts are on', async (t) => {
  for (const pagePath of ['/', '/?audience=max', EVENT]) {
    const without = await getText(`${off.url}${pagePath}`);
    t.notRegex(without.res.headers.get('content-security-policy') ?? '', /worker-src/, pagePath);
    t.notRegex(without.body, SCRIPT, pagePath);
    const withKeys = await getText(`${on.url}${pagePath}`);
    t.regex(
      withKeys.res.headers.get('content-security-policy') ?? '',
      /script-src 'self'; worker-src 'self';/,
      pagePath,
    );
    t.regex(withKeys.body, SCRIPT, pagePath);
  }
});

test('the control says plainly when alerts are off, and points to the feeds and the calendar', async (t) => {
  for (const [pagePath, calendar] of [
    ['/', '/calendar.ics'],
    ['/?audience=max&window=weekly', '/calendar.ics?audience=max&amp;window=weekly'],
    ['/alerts?audience=pro', '/calendar.ics?audience=pro'],
  ] as const) {
    const body = squash((await getText(`${off.url}${pagePath}`)).body);
    t.regex(body, /Alerts are not available on this server\./, pagePath);
    for (const href of ['/feed.xml', '/feed.atom', '/feed.json', calendar])
      t.true(body.includes(`href="${href}"`), `${pagePath} links ${href}`);
    t.notRegex(body, /data-alerts-key|<button/, pagePath);
  }
});

test('with alerts on, the control without JavaScript says what it needs; the other states are hidden', async (t) => {
  const body = squash((await getText(`${on.url}/?audience=max&window=weekly`)).body);
  t.true(body.includes(`data-alerts-key="${vapid.publicKey}"`));
  t.regex(body, /data-audience="max" data-window="weekly" data-label="Max, weekly"/);
  t.regex(body, /<div data-alerts-state="nojs"><p>Alerts need a browser with JavaScript and notifications\./);
  for (const href of [
    '/feed.xml',
    '/feed.atom',
    '/feed.json',
    '/calendar.ics?audience=max&amp;window=weekly',
  ])
    t.true(body.includes(`href="${href}"`), href);
  for (const state of ['unsupported', 'denied', 'ready', 'subscribed'])
    t.regex(body, new RegExp(`<div data-alerts-state="${state}" hidden>`), state);
  t.regex(
    body,
    /<button type="button" class="action" data-alerts-action="subscribe">Alert me about resets for Max, weekly<\/button>/,
  );
  t.regex(
    body,
    /<button type="button" class="action" data-alerts-action="unsubscribe">Stop alerts<\/button>/,
  );
  t.regex(body, /<p class="alerts-status small" role="status" aria-live="polite" data-alerts-status><\/p>/);
  t.regex(body, /<a href="\/alerts\?audience=max&amp;window=weekly">About alerts<\/a>/);
  t.notRegex(squash((await getText(`${off.url}/alerts`)).body), /About alerts/);
});

test('an event page has the subscribed note, hidden, only when alerts are on', async (t) => {
  const note =
    /<p class="alerts-note small" data-alerts-note hidden>You get alerts in this browser —<a href="\/alerts">Stop alerts<\/a><\/p>/;
  t.regex(squash((await getText(`${on.url}${EVENT}`)).body), note);
  t.notRegex((await getText(`${off.url}${EVENT}`)).body, /data-alerts-note/);
});

test('/alerts explains an alert, the filters in its query, and links /privacy', async (t) => {
  const body = squash((await getText(`${on.url}/alerts?audience=team&window=five_hour`)).body);
  // The page's heading names the control too: one "Alerts", not a second over the control; each
  // channel has its own heading under it.
  t.regex(body, /<h1 id="alerts-heading">Alerts<\/h1>/);
  t.regex(body, /<section class="card alerts" aria-labelledby="alerts-heading"/);
  t.is(body.match(/>Alerts<\/h\d>/g)?.length, 1);
  t.regex(body, /<h2>In this browser<\/h2>.*<h2>By email<\/h2>.*<h2>To a webhook<\/h2>/);
  t.regex(body, /newly confirmed, and another when one is announced/);
  t.regex(body, /Nothing is sent for history added later, nor for corrections, unless the curator asks/);
  t.regex(body, /These alerts are for<strong>Team, five-hour<\/strong>/);
  t.regex(body, /<a href="\/\?audience=team&amp;window=five_hour">/);
  t.regex(body, /Alert me about resets for Team, five-hour/);
  t.regex(body, /<h2>What is stored<\/h2>/);
  t.regex(body, /<a href="\/privacy">/);
});

for (const query of ['?audience=bogus', '?window=', '?audience=max&audience=pro', '?page=2']) {
  test(`/alerts${query} is the 400 problem page`, async (t) => {
    const { res, body } = await getText(`${on.url}/alerts${query}`);
    t.is(res.status, 400);
    t.regex(res.headers.get('content-type') ?? '', /^text\/html/);
    t.regex(body, /Invalid filter/);
  });
}

test('/privacy lists what is stored, for how long, and how to delete it', async (t) => {
  const body = squash((await getText(`${on.url}/privacy`)).body);
  for (const pattern of [
    /no cookies, runs no analytics and makes no requests to other sites/,
    /the push endpoint URL/,
    /<code>p256dh<\/code>and<code>auth<\/code>/,
    /the filters you chose \(audience and window\)/,
    /when the subscription was created and when it was last renewed/,
    /sends one message through your browser(?:'|&#39;)s push service.*if the push service does not take it, nothing is stored/,
    /a delivery record: which alert, to which subscription, the outcome, and the time/,
    /answers 404 or 410, which deletes it/,
    /the push service says the subscription is gone/,
    /the subscription(?:'|&#39;)s own expiration time/,
    /400 days after the control last renewed it/,
    /Delivery records are kept 30 days\./,
    /IP address, its user agent, the path and the status/,
    /the operator(?:'|&#39;)s log rotation/,
    /Press<strong>Stop alerts<\/strong>/,
    /<code>DELETE \/alerts\/subscriptions<\/code>/,
  ])
    t.regex(body, pattern);
});

test('/sw.js is the service worker: JavaScript, never cached unchecked, with a policy of its own', async (t) => {
  for (const site of [on, off]) {
    const { res, body } = await getText(`${site.url}/sw.js`);
    t.is(res.status, 200);
    t.is(res.headers.get('content-type'), 'text/javascript; charset=utf-8');
    t.is(res.headers.get('cache-control'), 'no-cache');
    t.is(res.headers.get('content-security-policy'), "default-src 'none'; connect-src 'self'");
    t.truthy(res.headers.get('etag'));
    // Built from site-src/service-worker/sw.ts, minified: names may change, strings and APIs do not.
    for (const event of ['push', 'notificationclick', 'pushsubscriptionchange'])
      t.regex(body, new RegExp(`addEventListener\\(["']${event}["']`), event);
    t.regex(body, /showNotification\(/);
    t.regex(body, /clients\.openWindow\(/);
    // Each language's prefix, filled in when the file is built.
    t.regex(body, /\{en:"",ja:"\/ja",ko:"\/ko","zh-CN":"\/zh-CN","zh-TW":"\/zh-TW"\}/);
    t.false(body.includes('LOCALE_PREFIXES'));
  }
});

test('the control script is a hashed, immutable same-origin file', async (t) => {
  const body = (await getText(`${on.url}/alerts`)).body;
  const src = SCRIPT.exec(body)?.[1];
  t.truthy(src);
  const { res, body: script } = await getText(`${on.url}${src}`);
  t.is(res.status, 200);
  t.is(res.headers.get('content-type'), 'text/javascript; charset=utf-8');
  t.is(res.headers.get('cache-control'), 'public, max-age=31536000, immutable');
  t.regex(script, /pushManager\.subscribe\(\{/);
  t.regex(script, /register\("\/sw\.js",\{scope:"\/"\}\)/);
});

test('the site links /alerts and /privacy, and the sitemap lists them', async (t) => {
  const home = squash((await getText(`${off.url}/sources`)).body);
  t.regex(home, /<a href="\/alerts"\s*>Alerts<\/a\s*>/);
  t.regex(home, /<a href="\/privacy">Privacy<\/a>/);
  const alerts = squash((await getText(`${off.url}/alerts`)).body);
  t.regex(alerts, /<a href="\/alerts" aria-current="page"\s*>Alerts<\/a\s*>/);
  const sitemap = (await getText(`${off.url}/sitemap.xml`)).body;
  t.regex(sitemap, /<loc>https:\/\/tracker\.test\/alerts<\/loc>/);
  t.regex(sitemap, /<loc>https:\/\/tracker\.test\/privacy<\/loc>/);
});

test('the new pages and the pages with the control pass html-validate, with alerts on and off', async (t) => {
  const failures: string[] = [];
  for (const site of [on, off]) {
    for (const pagePath of ['/alerts', '/alerts?audience=max&window=weekly', '/privacy', '/', EVENT]) {
      const body = (await getText(`${site.url}${pagePath}`)).body;
      const report = await validator.validateString(body, path.resolve('site', `${pagePath}.html`));
      for (const result of report.results)
        for (const message of result.messages)
          failures.push(
            `${site === on ? 'on' : 'off'} ${pagePath} ${message.line}:${message.column} ${message.ruleId}: ${message.message}`,
          );
    }
  }
  t.deepEqual(failures, []);
});

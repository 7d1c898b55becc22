import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import test from 'ava';
import { generateVapidKeys } from '../../../../tools/vapid-keys.js';
import { PROBLEM_TYPES } from '../../../../server/http/problem-types.js';
import { DICTIONARIES } from '../../../../server/site/i18n/lang.js';
import { LOCALE_NAMES, LOCALES, localePath } from '../../../../domain/locales.js';
import { BASE_URL, DEMO_FIXTURE } from '../../../helpers/fixtures.js';
import type { RunningServer } from '../../../helpers/with-server.js';
import type { SmtpStandIn } from '../../../helpers/smtp-server.js';
import { startSmtpServer } from '../../../helpers/smtp-server.js';
import { startServer } from '../../../helpers/with-server.js';
import { english, messagesOf, OTHERS, SENTINEL } from '../../../helpers/translations.js';

/**
 * Every page in every language: its document language, its alternates and menu, and no English UI
 * string left on a page in another language (editorial text, marked `lang="en"`, and code aside).
 */

let site: RunningServer | undefined;
/**
 * The same site with every alerts channel on (a VAPID key pair, an SMTP relay, webhooks), where the
 * pages carry the alerts control with its three parts.
 */
let alerting: RunningServer | undefined;
let alertsData: string | undefined;
let smtp: SmtpStandIn | undefined;
test.before(async () => {
  site = await startServer();
  alertsData = await mkdtemp(path.join(os.tmpdir(), 'reset-tracker-languages-'));
  const vapid = generateVapidKeys();
  smtp = await startSmtpServer();
  alerting = await startServer({
    env: {
      VAPID_PUBLIC_KEY: vapid.publicKey,
      VAPID_PRIVATE_KEY: vapid.privateKey,
      VAPID_SUBJECT: 'mailto:alerts@example.org',
      ALERTS_DB: path.join(alertsData, 'alerts.sqlite'),
      SMTP_URL: smtp.url,
      ALERTS_EMAIL_FROM: 'alerts@example.org',
      ALERTS_WEBHOOKS: 'on',
    },
  });
});
test.after.always(async () => {
  await alerting?.stop();
  await smtp?.stop();
  await site?.stop();
  if (alertsData) await rm(alertsData, { recursive: true, force: true });
});

/** Every kind of page, in some of its states; the paths are English, without a language prefix. */
async function pagePaths(): Promise<string[]> {
  const events = (await readdir(path.join(DEMO_FIXTURE, 'events')))
    .filter((file) => file.endsWith('.json'))
    .map((file) => `/events/${file.slice(0, -'.json'.length)}`);
  return [
    '/',
    '/?audience=max&window=weekly',
    '/?audience=broad&window=five_hour',
    '/history',
    '/history?audience=pro',
    ...events,
    '/sources',
    '/docs',
    '/docs/explorer',
    '/problems',
    ...Object.keys(PROBLEM_TYPES).map((code) => `/problems/${code}`),
    '/alerts',
    '/alerts?audience=max',
    '/privacy',
    '/embed',
    '/embed?audience=pro&window=five_hour',
  ];
}

/** A dictionary key where its words should be (`alerts.script.on`): a section's name, a dot, a key. */
const RAW_KEY = new RegExp(`(^|[^\\w./-])(${Object.keys(DICTIONARIES.en).join('|')})\\.[a-z][A-Za-z]+\\b`);

/** Error pages: the page is in the language of the address asked for. */
const ERROR_PATHS = ['/no-such-page', '/events/no-such-event', '/?audience=everyone', '/history?page=99'];

const decode = (text: string) =>
  text
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&quot;', '"')
    .replaceAll('&#39;', "'")
    .replaceAll('&amp;', '&');

/**
 * What a reader of the page reads as UI: the body's text and its `aria-label`s, without the script,
 * code, editorial text (`lang="en"`, escaped text without markup inside) and the values of other
 * attributes. The site's markup is generated, so these patterns are exact for it.
 */
function uiText(body: string): string {
  const main = body.slice(body.indexOf('<body'));
  const labels = [...main.matchAll(/aria-label="([^"]*)"/g)].map((match) => match[1]);
  const text = main
    .replace(/<script[\s\S]*?<\/script>/g, ' ')
    .replace(/<(code|pre)>[\s\S]*?<\/\1>/g, ' ')
    .replace(/<span lang="en">[^<]*<\/span>/g, ' ')
    .replace(/<a [^>]*lang="en"[^>]*>[^<]*<\/a>/g, ' ')
    .replace(/<[^>]+>/g, ' ');
  return decode([text, ...labels].join('\n'));
}

/** Editorial text of the content: it may be anywhere (a chart's description quotes a title). */
async function editorialText(): Promise<string[]> {
  const events = (await (await fetch(`${site!.url}/data/events.json`)).json()) as {
    data: Record<string, unknown>[];
  };
  const sources = (await (await fetch(`${site!.url}/api/v1/sources`)).json()) as {
    data: Record<string, unknown>[];
  };
  const strings: string[] = [];
  const visit = (value: unknown) => {
    if (typeof value === 'string' && value.length > 2) strings.push(value);
    else if (Array.isArray(value)) value.forEach(visit);
    else if (value !== null && typeof value === 'object') Object.values(value).forEach(visit);
  };
  visit(events.data);
  visit(sources.data);
  return strings.sort((a, b) => b.length - a.length);
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A fragment as a word of its own: `unknown` is not in the identifier `unknown_parameter`, nor
 * `resets` in the path `/api/v1/resets`.
 */
const phrase = (fragment: string, flags = '') =>
  new RegExp(`(^|[^A-Za-z_/.])${escapeRegExp(fragment)}($|[^A-Za-z_/.])`, flags);

/**
 * The API's own names, which /docs shows as they are in every language: its schemas (`Audience`,
 * `Filters`) and the values its parameters take (`any`, `weekly`).
 */
async function apiNames(): Promise<string[]> {
  const document: unknown = await (await fetch(`${site!.url}/api/openapi.json`)).json();
  const names = new Set<string>(
    Object.keys((document as { components: { schemas: object } }).components.schemas),
  );
  const visit = (value: unknown) => {
    if (Array.isArray(value)) value.forEach(visit);
    else if (value !== null && typeof value === 'object') {
      for (const [key, inner] of Object.entries(value)) {
        if (key === 'enum' && Array.isArray(inner))
          for (const item of inner) if (typeof item === 'string') names.add(item);
        visit(inner);
      }
    }
  };
  visit(document);
  return [...names].sort((a, b) => b.length - a.length);
}

for (const locale of LOCALES) {
  test(`every page in ${locale} has its language, alternates, menu and links in that language`, async (t) => {
    const paths = await pagePaths();
    const editorial = await editorialText();
    const identifiers = await apiNames();
    const leftovers = locale === 'en' ? [] : english(locale);
    const failures: string[] = [];
    for (const pagePath of paths) {
      const [pathname = '/', search = ''] = pagePath.split('?');
      const query = search ? `?${search}` : '';
      const address = `${localePath(locale, pathname)}${query}`;
      const res = await fetch(`${site!.url}${address}`);
      const body = await res.text();
      const fail = (what: string) => failures.push(`${address}: ${what}`);
      if (res.status !== 200) fail(`status ${res.status}`);
      if (!body.includes(`<html lang="${locale}"`)) fail('no lang');
      for (const bad of ['undefined', 'NaN', '[object Object]', '{time}', '{filters}', SENTINEL])
        if (uiText(body).includes(bad)) fail(`shows ${bad}`);
      const rawKey = RAW_KEY.exec(uiText(body));
      if (rawKey) fail(`shows the dictionary key ${rawKey[0]}`);
      if (pathname === '/embed') {
        // The card has no menu and no alternates: it is shown inside other sites' pages.
        if (!body.includes(`<link rel="canonical" href="${BASE_URL}${localePath(locale, '/')}`))
          fail('canonical');
      } else {
        if (!body.includes(`<link rel="canonical" href="${BASE_URL}${localePath(locale, pathname)}" />`))
          fail('canonical');
        for (const other of LOCALES) {
          const href = `${BASE_URL}${localePath(other, pathname)}`;
          if (!body.includes(`<link rel="alternate" hreflang="${other}" href="${href}" />`))
            fail(`no ${other} alternate`);
          // The menu keeps the query, and names each language in itself.
          const target = escapeRegExp(`${localePath(other, pathname)}${query}`.replaceAll('&', '&amp;'));
          const menu = new RegExp(
            `<a\\s+href="${target}"\\s+hreflang="${other}"\\s+lang="${other}"[^>]*>${LOCALE_NAMES[other]}</a`,
          );
          if (!menu.test(body)) fail(`no menu link to ${other}`);
        }
        if (!body.includes(`<link rel="alternate" hreflang="x-default" href="${BASE_URL}${pathname}" />`))
          fail('no x-default');
      }
      // Links to the site's pages stay in the language; the API, feeds and exports have one address.
      for (const [, href = ''] of body.matchAll(/<a[^>]* href="(\/[^"]*)"/g)) {
        const page = /^\/(history|sources|docs|alerts|privacy|problems|events|embed)?([/?#]|$)/.test(href);
        const inLanguage = locale === 'en' || /^\/(ja|ko|zh-CN|zh-TW)([/?#]|$)/.test(href);
        const hreflangLink = new RegExp(`href="${escapeRegExp(href)}"\\s+hreflang=`).test(body);
        if (page && !inLanguage && !hreflangLink && !href.startsWith('/#'))
          fail(`links ${href} out of its language`);
        if (/^\/(ja|ko|zh-CN|zh-TW)\/(api|feed|data|badge|resets\.csv|calendar\.ics)/.test(href))
          fail(`links ${href}`);
      }
      if (locale === 'en') continue;
      let text = uiText(body);
      for (const value of editorial) text = text.replaceAll(value, ' ');
      if (pathname === '/docs') for (const name of identifiers) text = text.replace(phrase(name, 'g'), ' ');
      for (const fragment of leftovers) {
        if (phrase(fragment).test(text)) {
          fail(`English UI text "${fragment}"`);
          text = text.replaceAll(fragment, ' ');
        }
      }
    }
    for (const errorPath of ERROR_PATHS) {
      const [pathname = '/', search = ''] = errorPath.split('?');
      const address = `${localePath(locale, pathname)}${search ? `?${search}` : ''}`;
      const res = await fetch(`${site!.url}${address}`, { headers: { Accept: 'text/html' } });
      const body = await res.text();
      if (res.status !== 404 && res.status !== 400) failures.push(`${address}: status ${res.status}`);
      if (!body.includes(`<html lang="${locale}"`)) failures.push(`${address}: no lang`);
      if (locale !== 'en') {
        let text = uiText(body);
        for (const value of editorial) text = text.replaceAll(value, ' ');
        for (const fragment of leftovers)
          if (phrase(fragment).test(text)) failures.push(`${address}: English UI text "${fragment}"`);
      }
    }
    t.log(`${paths.length + ERROR_PATHS.length} pages in ${locale}`);
    t.deepEqual(failures, []);
  });
}

for (const locale of OTHERS) {
  test(`with alerts on, the control in ${locale} speaks the language in every state`, async (t) => {
    const editorial = await editorialText();
    const leftovers = english(locale);
    const failures: string[] = [];
    for (const pagePath of ['/', '/alerts?audience=max', '/events/2025-07-15-weekly-reset-pro']) {
      const address = localePath(locale, pagePath);
      const body = await (await fetch(`${alerting!.url}${address}`)).text();
      // Every state the script can show is in the markup; its status lines are in data-alerts-text.
      // An event page has the note a subscribed browser sees instead.
      const control = /<div[^>]*data-alerts-text="([^"]*)"/.exec(body);
      const lines = control ? Object.values(JSON.parse(decode(control[1]!)) as Record<string, string>) : [];
      if (pagePath.startsWith('/events/')) {
        if (!body.includes('data-alerts-note')) failures.push(`${address}: no note`);
      } else if (!body.includes('action="/alerts/email"') || !body.includes('action="/alerts/webhooks"')) {
        failures.push(`${address}: no email or webhook form`);
      } else if (lines.length !== Object.keys(DICTIONARIES.en.alerts.script).length)
        failures.push(`${address}: no control, or not its every line`);
      // The words the service worker writes notifications in (alerts-control.ts), placeholders aside.
      const notification = /data-alerts-notification="([^"]*)"/.exec(body);
      if (!pagePath.startsWith('/events/') && !notification)
        failures.push(`${address}: no notification words`);
      const worded = notification ? [...messagesOf(JSON.parse(decode(notification[1]!))).values()] : [];
      let text = [uiText(body), ...lines, ...worded].join('\n').replace(/\{\w+\}/g, ' ');
      for (const value of editorial) text = text.replaceAll(value, ' ');
      for (const fragment of leftovers)
        if (phrase(fragment).test(text)) failures.push(`${address}: English UI text "${fragment}"`);
    }
    t.deepEqual(failures, []);
  });
}

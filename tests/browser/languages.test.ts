import path from 'node:path';
import test from 'ava';
import type { Page } from 'playwright-core';
import { DICTIONARIES } from '../../server/site/i18n/lang.js';
import { LOCALES, localePath } from '../../domain/locales.js';
import type { RunningServer } from '../helpers/with-server.js';
import { startServer } from '../helpers/with-server.js';
import { ARTIFACTS, axeViolations, useBrowser, WIDTHS } from '../helpers/browser.js';

const { browser } = useBrowser(test);

/**
 * The pages in every language and both colour schemes, as a browser shows them: axe finds nothing
 * at 390 and 1280 px (the language menu open, so its list is checked too); the menu works without a
 * script; the local-time script adds the reader's time beside each UTC time; screenshots of the home
 * page in English and Japanese, light and dark.
 */

let site: RunningServer | undefined;

test.before(async () => {
  site = await startServer();
});

test.after.always(async () => {
  await site?.stop();
});

/** A page of each kind; English in the light scheme is also tested page by page in accessibility.test.ts. */
const PAGES = [
  '/',
  '/?audience=max&window=weekly',
  '/history',
  '/events/2025-11-27-weekly-reset-everyone',
  '/events/2025-03-07-reset-after-degraded-responses',
  '/sources',
  '/freshness',
  '/docs',
  '/docs/explorer',
  '/problems',
  '/problems/invalid_cursor',
  '/alerts',
  '/privacy',
  '/embed',
  '/no-such-page',
] as const;

const SCHEMES = ['light', 'dark'] as const;

async function violations(page: Page): Promise<string[]> {
  return (await axeViolations(page)).violations;
}

// One test per language and page, one after another: results arrive steadily and no more than one
// page at a time loads the cores the rest of the suite shares.
for (const locale of LOCALES) {
  for (const pagePath of PAGES) {
    const [pathname = '/', search] = pagePath.split('?');
    const address = `${localePath(locale, pathname)}${search ? `?${search}` : ''}`;
    test.serial(`${address} is axe-clean at both widths in both schemes`, async (t) => {
      const context = await browser().newContext({ viewport: { width: WIDTHS[0], height: 900 } });
      context.setDefaultTimeout(30_000);
      const problems: string[] = [];
      const failures: string[] = [];
      try {
        const page = await context.newPage();
        page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
        page.on('console', (message) => {
          if (message.type() === 'error' && !/status of 404/.test(message.text()))
            problems.push(`console: ${message.text()}`);
        });
        for (const width of WIDTHS) {
          await page.setViewportSize({ width, height: 900 });
          await page.goto(`${site!.url}${address}`, { waitUntil: 'load' });
          if (pathname === '/docs/explorer')
            await page.locator('#swagger-ui .opblock-summary-path').first().waitFor();
          // The menu's list is checked open; the card has no menu.
          await page.evaluate("document.querySelector('details.lang-menu')?.setAttribute('open', '')");
          // English in the light scheme is accessibility.test.ts's, page by page.
          for (const colorScheme of locale === 'en' ? (['dark'] as const) : SCHEMES) {
            await page.emulateMedia({ colorScheme });
            for (const found of await violations(page))
              failures.push(`${address} ${width}px ${colorScheme}: ${found}`);
          }
          await page.emulateMedia({ colorScheme: 'light' });
        }
      } finally {
        await context.close();
      }
      t.deepEqual(failures, []);
      t.deepEqual(problems, []);
    });
  }
}

test('screenshots of the home page in English and Japanese, light and dark', async (t) => {
  for (const locale of ['en', 'ja'] as const) {
    for (const colorScheme of SCHEMES) {
      const context = await browser().newContext({ viewport: { width: 1280, height: 900 }, colorScheme });
      try {
        const page = await context.newPage();
        await page.goto(`${site!.url}${localePath(locale, '/')}`, { waitUntil: 'load' });
        t.is(await page.getAttribute('html', 'lang'), locale);
        const file = path.join(ARTIFACTS, `home-${locale}-${colorScheme}.png`);
        const shot = await page.screenshot({ path: file, fullPage: true });
        t.true(shot.length > 10_000, file);
        // The dark scheme changes the page's own background, the calendar's and the menu's included.
        const background = await page.evaluate<string>('getComputedStyle(document.body).backgroundColor');
        t.is(background, colorScheme === 'dark' ? 'rgb(21, 23, 26)' : 'rgb(247, 247, 245)');
      } finally {
        await context.close();
      }
    }
  }
});

test('the language menu works without a script, by keyboard, and keeps the filters', async (t) => {
  const context = await browser().newContext({
    javaScriptEnabled: false,
    viewport: { width: 390, height: 900 },
  });
  try {
    const page = await context.newPage();
    await page.goto(`${site!.url}/?audience=max`, { waitUntil: 'load' });
    const menu = page.locator('details.lang-menu');
    t.false(await menu.locator('a[hreflang="ja"]').isVisible());
    // Tab to the menu's button, open it with the keyboard, then follow Japanese.
    await menu.locator('summary').focus();
    await page.keyboard.press('Enter');
    const japanese = menu.locator('a[hreflang="ja"]');
    t.true(await japanese.isVisible());
    t.is(await japanese.textContent(), '日本語');
    await japanese.focus();
    await Promise.all([page.waitForURL(`${site!.url}/ja/?audience=max`), page.keyboard.press('Enter')]);
    t.is(await page.getAttribute('html', 'lang'), 'ja');
    t.is(await page.locator('.filters a[aria-current="true"]').first().textContent(), 'Max');
    t.is(await page.locator('details.lang-menu a[aria-current="true"]').getAttribute('hreflang'), 'ja');
    // Without the script, times stay as they are: UTC, labelled so.
    t.is(await page.locator('.local-time').count(), 0);
    t.regex((await page.locator('time[datetime*="T"]').first().textContent()) ?? '', /UTC$/);
  } finally {
    await context.close();
  }
});

test('the local-time script shows the reader time and zone beside each UTC time, in the language', async (t) => {
  for (const [locale, zone] of [
    ['en', /GMT\+9/],
    ['ja', /JST|GMT\+9/],
  ] as const) {
    const context = await browser().newContext({ timezoneId: 'Asia/Tokyo', locale: 'en-US' });
    const problems: string[] = [];
    try {
      const page = await context.newPage();
      page.on('console', (message) => {
        if (message.type() === 'error') problems.push(message.text());
      });
      page.on('pageerror', (error) => problems.push(error.message));
      const event = '/events/2025-11-27-weekly-reset-everyone';
      await page.goto(`${site!.url}${localePath(locale, event)}`, { waitUntil: 'load' });
      const times = page.locator('time[datetime*="T"]');
      const count = await times.count();
      t.true(count > 3);
      await page.locator('.local-time').first().waitFor();
      t.is(await page.locator('.local-time').count(), count, 'one local time per exact time');
      const first = await page.evaluate<{ datetime: string; local: string }>(`(() => {
        const time = document.querySelector('time[datetime*="T"]');
        return { datetime: time.getAttribute('datetime'), local: time.nextElementSibling.textContent };
      })()`);
      t.regex(first.local, zone, first.local);
      // The same instant, nine hours on: the local clock shows the UTC hour plus nine.
      const hour = (new Date(first.datetime).getUTCHours() + 9) % 24;
      t.true(first.local.includes(String(hour).padStart(2, '0')), `${first.datetime} → ${first.local}`);
      const [before = ''] = DICTIONARIES[locale].layout.yourTime('\u0001').split('\u0001');
      t.true(first.local.startsWith(` (${before}`), first.local);
      // A date alone has no time to convert.
      t.is(await page.locator('time:not([datetime*="T"]) + .local-time').count(), 0);
      t.deepEqual(problems, []);
    } finally {
      await context.close();
    }
  }
  // A reader in London reads UTC in winter: a local time only beside the instants of summer time (BST).
  const london = await browser().newContext({ timezoneId: 'Europe/London' });
  try {
    const page = await london.newPage();
    await page.goto(`${site!.url}/history`, { waitUntil: 'load' });
    await page.waitForFunction("document.readyState === 'complete'");
    const shown = await page.evaluate<{ datetime: string; local: boolean }[]>(`[...document.querySelectorAll(
      'time[datetime*="T"]')].map((time) => ({ datetime: time.getAttribute('datetime'),
      local: Boolean(time.nextElementSibling && time.nextElementSibling.classList.contains('local-time')) }))`);
    const zoneName = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', timeZoneName: 'short' });
    const summer = ({ datetime }: { datetime: string }) =>
      zoneName.format(new Date(datetime)).endsWith('BST');
    t.true(shown.some(summer) && !shown.every(summer), 'the history shows instants of both seasons');
    for (const time of shown) t.is(time.local, summer(time), time.datetime);
  } finally {
    await london.close();
  }
  // A reader in UTC reads the times as they are: nothing is added.
  const utc = await browser().newContext({ timezoneId: 'UTC' });
  try {
    const page = await utc.newPage();
    await page.goto(`${site!.url}/ja/`, { waitUntil: 'load' });
    await page.waitForFunction("document.readyState === 'complete'");
    t.is(await page.locator('.local-time').count(), 0);
  } finally {
    await utc.close();
  }
});

import path from 'node:path';
import test from 'ava';
import { generateVapidKeys } from '../../tools/vapid-keys.js';
import { LOCALES } from '../../domain/locales.js';
import { langOf } from '../../server/site/i18n/lang.js';
import { ARTIFACTS, useBrowser, onPage } from '../helpers/browser.js';
import type { RunningServer } from '../helpers/with-server.js';
import { startServer } from '../helpers/with-server.js';
import { vapidEnv } from '../helpers/alerts.js';

const { browser } = useBrowser(test);

/** The pages at a phone's width, measured: the navigation, the calendar's month names, the headings. */
const NARROW = 390;
const vapid = generateVapidKeys();

let off: RunningServer | undefined;
let on: RunningServer | undefined;

test.before(async () => {
  off = await startServer();
  on = await startServer({
    env: {
      ...vapidEnv(vapid),
      ALERTS_DB: ':memory:',
      ALERTS_SENDER: 'off',
    },
  });
});

test.after.always(async () => {
  await on?.stop();
  await off?.stop();
});

const homes = LOCALES.map((locale) => langOf(locale).href('/'));

test(`at ${NARROW}px the navigation wraps whole links, and never leaves one alone on a line`, async (t) => {
  for (const home of homes) {
    const problems = await onPage(browser(), NARROW, async (page) => {
      await page.goto(`${off!.url}${home}`, { waitUntil: 'load' });
      if (home === '/')
        await page.locator('header.site').screenshot({ path: path.join(ARTIFACTS, 'nav-390.png') });
      const links = await page.evaluate<
        { text: string; boxes: number; top: number }[]
      >(`[...document.querySelectorAll('nav.site a')].map((link) => {
        const box = link.getBoundingClientRect();
        return { text: link.textContent.trim(), boxes: link.getClientRects().length, top: Math.round(box.top) };
      })`);
      t.is(links.length, 6, home);
      for (const link of links) t.is(link.boxes, 1, `${home}: "${link.text}" is broken across lines`);
      const lines = new Map<number, string[]>();
      for (const link of links) lines.set(link.top, [...(lines.get(link.top) ?? []), link.text]);
      for (const line of lines.values())
        t.true(line.length > 1, `${home}: "${line[0]}" is alone on its line`);
    });
    t.deepEqual(problems, [], home);
  }
});

test(`at ${NARROW}px the calendar's first month name shows whole, beside the weekday column`, async (t) => {
  for (const home of homes) {
    const problems = await onPage(browser(), NARROW, async (page) => {
      await page.goto(`${off!.url}${home}`, { waitUntil: 'load' });
      // elementFromPoint sees only what is in the viewport.
      await page.locator('.calendar').scrollIntoViewIfNeeded();
      if (home === '/')
        await page.locator('.calendar').screenshot({ path: path.join(ARTIFACTS, 'calendar-390.png') });
      const seen = await page.evaluate<{
        text: string;
        left: number;
        right: number;
        weekdaysRight: number;
        scrollRight: number;
        onTop: boolean;
      }>(`(() => {
        const weekdays = document.querySelector('.cal-weekday').getBoundingClientRect();
        const scroll = document.querySelector('.cal-scroll').getBoundingClientRect();
        const labels = [...document.querySelectorAll('.cal-month')]
          .map((cell) => cell.querySelector('span:not(.visually-hidden)'))
          .filter((label) => label && label.textContent.trim() !== '');
        const first = labels.find((label) => label.getBoundingClientRect().right > weekdays.right);
        const box = first.getBoundingClientRect();
        const onTop = document.elementFromPoint(box.left + 1, box.top + box.height / 2);
        return {
          text: first.textContent.trim(),
          left: box.left,
          right: box.right,
          weekdaysRight: weekdays.right,
          scrollRight: scroll.right,
          onTop: first.contains(onTop),
        };
      })()`);
      const where = `${home}: ${JSON.stringify(seen)}`;
      t.true(seen.left >= seen.weekdaysRight - 0.5, where);
      t.true(seen.right <= seen.scrollRight + 0.5, where);
      t.true(seen.onTop, `${where}: something covers it`);
    });
    t.deepEqual(problems, [], home);
  }
});

test(`/alerts has one heading "Alerts", with alerts on and off`, async (t) => {
  for (const server of [off!, on!]) {
    const problems = await onPage(browser(), NARROW, async (page) => {
      await page.goto(`${server.url}/alerts`, { waitUntil: 'load' });
      const headings = await page.evaluate<string[]>(
        `[...document.querySelectorAll('h1, h2, h3, h4, h5, h6')].map((heading) => heading.textContent.trim())`,
      );
      t.deepEqual(
        headings.filter((heading) => heading === 'Alerts'),
        ['Alerts'],
        JSON.stringify(headings),
      );
      if (server === on) await page.screenshot({ path: path.join(ARTIFACTS, 'alerts-390.png') });
    });
    t.deepEqual(problems, []);
  }
});

import test from 'ava';
import type { RunningServer } from '../../server/server.js';
import { useBrowser, onPage, WIDTHS } from '../helpers/browser.js';
import { startServer } from '../helpers/with-server.js';

const { browser } = useBrowser(test);

/**
 * The home page's year calendar as a reader uses it: by keyboard, in a language, on a phone and a
 * desktop, in both colour schemes.
 */

let site: RunningServer | undefined;

test.before(async () => {
  site = await startServer();
});

test.after.always(async () => {
  await site?.stop();
});

for (const width of WIDTHS) {
  test(`at ${width}px, Tab from the calendar reaches a day, which names its reset and opens it`, async (t) => {
    const problems = await onPage(browser(), width, async (page) => {
      await page.goto(`${site!.url}/ja/`, { waitUntil: 'load' });
      const region = page.locator('.calendar [role="region"]');
      await region.focus();
      t.true(await page.evaluate(`document.activeElement.matches('.calendar [role="region"]')`));
      await page.keyboard.press('Tab');
      const focused = await page.evaluate(`(() => {
        const element = document.activeElement;
        const box = element.getBoundingClientRect();
        return {
          inCalendar: Boolean(element.closest('.calendar')),
          href: element.getAttribute('href'),
          name: element.textContent.trim(),
          visible: box.width > 0 && box.left >= 0 && box.right <= window.innerWidth,
        };
      })()`);
      const day = focused as { inCalendar: boolean; href: string; name: string; visible: boolean };
      t.true(day.inCalendar, JSON.stringify(day));
      t.regex(day.href, /^\/ja\/events\/[\w-]+$/);
      // A Japanese date with its weekday, what the day holds, then the first event's title.
      t.regex(day.name, /^\d{4}年\d{1,2}月\d{1,2}日\([日月火水木金土]\)、.+：.+/);
      t.true(day.visible, 'the focused day is scrolled into view');
      await Promise.all([page.waitForURL(`${site!.url}${day.href}`), page.keyboard.press('Enter')]);
      t.is(await page.getAttribute('html', 'lang'), 'ja');
    });
    t.deepEqual(problems, []);
  });
}

test('each state of a day looks different, in each scheme, and the dark scheme has its own', async (t) => {
  const looks: Record<string, string[]> = {};
  for (const colorScheme of ['light', 'dark'] as const) {
    const context = await browser().newContext({ colorScheme });
    try {
      const page = await context.newPage();
      await page.goto(`${site!.url}/ko/`, { waitUntil: 'load' });
      looks[colorScheme] = await page.evaluate(`['exact', 'date', 'announced', 'out', 'none'].map((state) => {
        const style = getComputedStyle(document.querySelector('.calendar .cal-' + state));
        return [style.backgroundColor, style.backgroundImage, style.borderTopColor, style.borderTopStyle].join(' ');
      })`);
    } finally {
      await context.close();
    }
  }
  for (const scheme of ['light', 'dark']) t.is(new Set(looks[scheme]).size, 5, JSON.stringify(looks[scheme]));
  looks.light!.forEach((light, index) => t.not(light, looks.dark![index], `state ${index}`));
});

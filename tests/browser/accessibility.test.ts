import { AxeBuilder } from '@axe-core/playwright';
import test from 'ava';
import type { Page } from 'playwright-core';
import type { RunningServer } from '../../server/server.js';
import { axeViolations, useBrowser, onPage, WIDTHS } from '../helpers/browser.js';
import { startServer } from '../helpers/with-server.js';

const { browser } = useBrowser(test);

let site: RunningServer | undefined;

test.before(async () => {
  site = await startServer();
});

test.after.always(async () => {
  await site?.stop();
});

const expandFirstOperation = async (page: Page) => {
  await page.locator('#swagger-ui .opblock-summary-control').first().click();
  await page.locator('#swagger-ui .responses-wrapper').first().waitFor();
};

const swaggerReady = (page: Page) => page.locator('#swagger-ui .opblock-summary-path').first().waitFor();

/** Every kind of page, some in more than one state. */
const PAGES: readonly { name: string; path: string; ready?: (page: Page) => Promise<void> }[] = [
  { name: 'home', path: '/' },
  { name: 'home filtered', path: '/?audience=max&window=weekly' },
  { name: 'home without resets', path: '/?audience=broad&window=five_hour' },
  { name: 'event (retracted)', path: '/events/2025-11-27-weekly-reset-everyone' },
  { name: 'event (long title)', path: '/events/2025-03-07-reset-after-degraded-responses' },
  { name: 'sources', path: '/sources' },
  { name: 'freshness', path: '/freshness' },
  { name: 'history', path: '/history' },
  { name: 'docs', path: '/docs' },
  { name: 'explorer', path: '/docs/explorer', ready: swaggerReady },
  {
    name: 'explorer, an operation open',
    path: '/docs/explorer',
    ready: async (page) => {
      await swaggerReady(page);
      await expandFirstOperation(page);
    },
  },
  { name: 'problems', path: '/problems' },
  { name: 'problem', path: '/problems/invalid_cursor' },
  { name: '404', path: '/no-such-page' },
  { name: '400', path: '/?audience=everyone' },
  { name: 'embed', path: '/embed' },
  { name: 'embed filtered', path: '/embed?audience=pro&window=five_hour' },
  // Every other language, with translated editorial text and with English kept as `lang="en"`.
  { name: 'home in Japanese', path: '/ja/' },
  { name: 'home in Korean', path: '/ko/' },
  { name: 'home in Simplified Chinese', path: '/zh-CN/' },
  { name: 'home in Traditional Chinese', path: '/zh-TW/' },
  { name: 'event translated, in Japanese', path: '/ja/events/2025-01-14-five-hour-reset-all-users' },
  {
    name: 'event with a stale translation, in Japanese',
    path: '/ja/events/2026-04-08-reset-after-usage-meter-incident',
  },
  { name: 'embed in Simplified Chinese', path: '/zh-CN/embed' },
];

for (const { name, path, ready } of PAGES) {
  for (const width of WIDTHS) {
    test.serial(`${name} (${path}) has no axe violations at ${width}px`, async (t) => {
      let violations: string[] = [];
      const problems = await onPage(browser(), width, async (page) => {
        await page.goto(`${site!.url}${path}`, { waitUntil: 'load' });
        await ready?.(page);
        const results = await axeViolations(page);
        violations = results.violations;
        t.log(`${results.passes} rules pass, ${violations.length} violated`);
      });
      t.deepEqual(violations, []);
      // 4xx pages are expected to answer 4xx; anything else going wrong in the page is not.
      t.deepEqual(
        problems.filter((problem) => !/status of 40[04]/.test(problem)),
        [],
      );
    });
  }
}

/**
 * An image without text, text too faint to read and a link without a name. The page's policy allows
 * no style attribute, so the faint colours are set through the CSSOM.
 */
const VIOLATING = '<img src="/badge.svg"><p id="faint">faint text</p><a href="/x"></a>';

test.serial('the axe helper reports what the default run reports on a page with violations', async (t) => {
  await onPage(browser(), WIDTHS[0], async (page) => {
    // The site's own origin, so the page is like the site's: same-origin, no frames.
    await page.goto(`${site!.url}/no-such-page`, { waitUntil: 'load' });
    await page.evaluate(
      `document.querySelector('main').insertAdjacentHTML('afterbegin', ${JSON.stringify(VIOLATING)}); Object.assign(document.getElementById('faint').style, { color: '#777', background: '#888' })`,
    );
    const quick = await axeViolations(page);
    const full = await new AxeBuilder({ page }).analyze();
    const rules = (lines: readonly string[]) => lines.map((line) => line.split(' ')[0]).sort();
    t.deepEqual(rules(quick.violations), full.violations.map(({ id }) => id).sort());
    t.deepEqual(rules(quick.violations), ['color-contrast', 'image-alt', 'link-name']);
    t.deepEqual(
      quick.violations,
      full.violations.map(
        (violation) =>
          `${violation.id} (${violation.impact ?? 'n/a'}): ${violation.nodes.map((node) => node.target.join(' ')).join(' | ')}`,
      ),
    );
    t.is(quick.passes, full.passes.length);
  });
});

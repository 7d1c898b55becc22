import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import test from 'ava';
import type { RunningServer } from '../../server/server.js';
import { BASE_URL } from '../helpers/fixtures.js';
import { ARTIFACTS, useBrowser, onPage, WIDTHS } from '../helpers/browser.js';
import { startServer } from '../helpers/with-server.js';

const { browser } = useBrowser(test);

let site: RunningServer | undefined;

test.before(async () => {
  site = await startServer();
});

test.after.always(async () => {
  await site?.stop();
});

// Strings, so this file needs no DOM types: they run in the page.
const MEASURE_CHARTS = `(() => {
  const charts = [...document.querySelectorAll('svg[data-chart]')];
  const labels = charts.flatMap((svg) =>
    [...svg.querySelectorAll('text')].filter((text) => getComputedStyle(text).display !== 'none'),
  );
  return {
    overflow: document.documentElement.scrollWidth - window.innerWidth,
    widths: charts.map((svg) => svg.getBoundingClientRect().width),
    smallestText: Math.min(...labels.map((text) => text.getBoundingClientRect().height)),
    marks: charts.map((svg) => svg.querySelectorAll('[data-id], [data-from]').length),
  };
})()`;

interface Measures {
  overflow: number;
  widths: number[];
  smallestText: number;
  marks: number[];
}

for (const width of WIDTHS) {
  test.serial(`the charts fit and stay readable at ${width}px; screenshots are kept`, async (t) => {
    const problems = await onPage(browser(), width, async (page) => {
      await page.goto(`${site!.url}/`, { waitUntil: 'load' });
      const measures = await page.evaluate<Measures>(MEASURE_CHARTS);
      t.true(measures.overflow <= 0, `scrolls sideways by ${measures.overflow}px`);
      t.is(measures.widths.length, 2);
      for (const chartWidth of measures.widths) {
        t.true(chartWidth > 0 && chartWidth <= width, `a chart is ${chartWidth}px wide in ${width}px`);
      }
      // Chart text scales with its viewBox; it must not shrink below a readable size.
      t.true(measures.smallestText >= 10, `smallest chart text is ${measures.smallestText}px high`);
      t.true(measures.marks.every((count) => count > 0));
      const timeline = await page.locator('#timeline').boundingBox();
      const gaps = await page.locator('#gaps').boundingBox();
      await page.screenshot({
        path: path.join(ARTIFACTS, `charts-${width}.png`),
        fullPage: true,
        clip: { x: 0, y: timeline!.y, width, height: gaps!.y + gaps!.height - timeline!.y },
      });
    });
    t.deepEqual(problems, []);
  });
}

test.serial('another site can frame the card, but not the pages', async (t) => {
  // Not the service: a page of another origin (localhost, not 127.0.0.1) that frames it.
  const parent = http.createServer((_req, res) => {
    res.setHeader('Content-Type', 'text/html; charset=utf-8');
    res.end(`<!doctype html><title>Someone's page</title>
      <iframe id="card" title="Latest reset" src="${site!.url}/embed?audience=max" width="340" height="300"></iframe>
      <iframe id="home" title="Home" src="${site!.url}/" width="340" height="300"></iframe>`);
  });
  await new Promise<void>((resolve) => parent.listen(0, 'localhost', resolve));
  const { port } = parent.address() as AddressInfo;
  try {
    const problems = await onPage(browser(), 800, async (page) => {
      await page.goto(`http://localhost:${port}/`, { waitUntil: 'load' });
      const card = page.frameLocator('#card');
      t.regex((await card.locator('h1').textContent()) ?? '', /Latest usage-limit reset/);
      t.is(await card.locator(`a[href^="${BASE_URL}/"]`).first().getAttribute('target'), '_blank');
      await page.locator('#card').screenshot({ path: path.join(ARTIFACTS, 'embed-framed.png') });
    });
    t.true(
      problems.some((problem) => /frame-ancestors 'none'/.test(problem)),
      'the home page refuses to be framed',
    );
    const refused = (problem: string) =>
      /frame-ancestors 'none'/.test(problem) ||
      problem === `failed: ${site!.url}/ net::ERR_BLOCKED_BY_RESPONSE`;
    t.deepEqual(
      problems.filter((problem) => !refused(problem)),
      [],
    );
  } finally {
    await new Promise((resolve) => parent.close(resolve));
  }
});

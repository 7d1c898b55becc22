import path from 'node:path';
import test from 'ava';
import type { Page } from 'playwright-core';
import type { RunningServer } from '../../server/server.js';
import { ARTIFACTS, useBrowser, watchProblems, WIDTHS } from '../helpers/browser.js';
import { startServer } from '../helpers/with-server.js';

const RETRACTED = '/events/2025-11-27-weekly-reset-everyone';
/** The keys of an OpenAPI path item that are operations. */
const HTTP_METHODS = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']);

let site: RunningServer | undefined;
const { browser } = useBrowser(test);

test.before(async () => {
  site = await startServer();
});

test.after.always(async () => {
  await site?.stop();
});

interface Watched {
  readonly page: Page;
  /** Console errors, page errors and failed or refused requests seen so far. */
  readonly problems: string[];
}

async function openPage(width: number): Promise<Watched> {
  const context = await browser().newContext({ viewport: { width, height: 900 } });
  context.setDefaultTimeout(30_000);
  const page = await context.newPage();
  const problems = watchProblems(page);
  return { page, problems };
}

async function visit(width: number, fn: (watched: Watched) => Promise<void>): Promise<string[]> {
  const watched = await openPage(width);
  try {
    await fn(watched);
    return watched.problems;
  } finally {
    await watched.page.context().close();
  }
}

test.serial('from the home page a history link leads to an event page with its sources', async (t) => {
  const problems = await visit(1280, async ({ page }) => {
    await page.goto(`${site!.url}/`, { waitUntil: 'load' });
    t.regex((await page.locator('h1').textContent()) ?? '', /Usage-limit resets/);
    const link = page.locator('#history ~ .table-scroll tbody a').first();
    const title = (await link.textContent()) ?? '';
    await Promise.all([page.waitForURL(/\/events\//), link.click()]);
    t.is(await page.locator('h1').textContent(), title);
    const source = page.locator('ul.sources a[href^="https://"]').first();
    t.true(await source.isVisible());
    t.regex((await source.getAttribute('href')) ?? '', /^https:\/\//);
  });
  t.deepEqual(problems, []);
});

test.serial('a retracted event shows the retracted banner', async (t) => {
  const problems = await visit(1280, async ({ page }) => {
    await page.goto(`${site!.url}${RETRACTED}`, { waitUntil: 'load' });
    const banner = page.locator('.banner-retracted');
    t.true(await banner.isVisible());
    t.regex((await banner.textContent()) ?? '', /Retracted\.[\s\S]*not counted/);
  });
  t.deepEqual(problems, []);
});

test.serial('home and event pages fit phone and desktop widths; screenshots are kept', async (t) => {
  for (const width of WIDTHS) {
    for (const [name, pagePath] of [
      ['home', '/'],
      ['event', RETRACTED],
    ] as const) {
      const problems = await visit(width, async ({ page }) => {
        await page.goto(`${site!.url}${pagePath}`, { waitUntil: 'load' });
        // A string, so this file needs no DOM types: it runs in the page.
        const overflow = Number(
          await page.evaluate('document.documentElement.scrollWidth - window.innerWidth'),
        );
        t.true(overflow <= 0, `${name} at ${width}px scrolls sideways by ${overflow}px`);
        await page.screenshot({ path: path.join(ARTIFACTS, `${name}-${width}.png`), fullPage: true });
      });
      t.deepEqual(problems, [], `${name} at ${width}px`);
    }
  }
});

test.serial(
  'the API docs list every operation with no script but the local-time one, at both widths',
  async (t) => {
    const document = (await (await fetch(`${site!.url}/api/openapi.json`)).json()) as {
      servers: { url: string }[];
      paths: Record<string, Record<string, unknown>>;
    };
    // The document's paths are relative to its server (…/api); the docs show them from the origin.
    const prefix = new URL(document.servers[0]!.url).pathname.replace(/\/$/, '');
    const operations = Object.entries(document.paths)
      .flatMap(([path, item]) =>
        Object.keys(item)
          .filter((method) => HTTP_METHODS.has(method))
          .map((method) => `${method.toUpperCase()} ${prefix}${path}`),
      )
      .sort();
    t.true(operations.length > 1, `the document has operations: ${operations.join(', ')}`);
    for (const width of WIDTHS) {
      const problems = await visit(width, async ({ page }) => {
        await page.goto(`${site!.url}/docs`, { waitUntil: 'load' });
        const scripts = await page.evaluate<string[]>(
          "[...document.scripts].map((script) => script.getAttribute('src') ?? 'inline')",
        );
        t.is(scripts.length, 1);
        t.regex(scripts[0] ?? '', /^\/assets\/local-time\.[\w-]{10}\.js$/);
        const headings = await page.locator('section.operation h3').allTextContents();
        t.deepEqual(
          headings.map((text) => text.replace(/\s+/g, ' ').trim()).sort(),
          operations,
          'one section per operation of the served OpenAPI document',
        );
        const overflow = Number(
          await page.evaluate('document.documentElement.scrollWidth - window.innerWidth'),
        );
        t.true(overflow <= 0, `/docs at ${width}px scrolls sideways by ${overflow}px`);
        await page.screenshot({ path: path.join(ARTIFACTS, `docs-${width}.png`), fullPage: true });
      });
      t.deepEqual(problems, [], `/docs at ${width}px`);
    }
  },
);

test.serial('a try-it form on /docs sends its operation and shows the JSON answer', async (t) => {
  let onDocs: string[] = [];
  await visit(390, async ({ page, problems }) => {
    await page.goto(`${site!.url}/docs`, { waitUntil: 'load' });
    const form = page.locator('form#try-getResetStatus');
    await form.locator('select[name="window"]').selectOption('weekly');
    onDocs = [...problems];
    // On the JSON answer the browser asks for /favicon.ico by itself, which the site does not have.
    await Promise.all([
      page.waitForURL(/\/api\/v1\/status\?/),
      form.locator('button[type="submit"]').click(),
    ]);
    t.regex(page.url(), /\/api\/v1\/status\?audience=all&window=weekly$/);
    const answer = JSON.parse((await page.locator('body').textContent()) ?? '') as {
      data: { filters: { window: string } };
    };
    t.is(answer.data.filters.window, 'weekly');
  });
  t.deepEqual(onDocs, []);
});

test.serial('the opt-in explorer renders Swagger UI from local files within the CSP', async (t) => {
  const problems = await visit(1280, async ({ page }) => {
    await page.goto(`${site!.url}/docs/explorer`, { waitUntil: 'networkidle' });
    await page.locator('#swagger-ui .opblock-summary-path').first().waitFor();
    const paths = await page.locator('#swagger-ui .opblock-summary-path').allTextContents();
    t.true(paths.some((text) => text.includes('/v1/status')));
    await page.screenshot({ path: path.join(ARTIFACTS, 'explorer-1280.png'), fullPage: true });
  });
  t.deepEqual(problems, []);
});

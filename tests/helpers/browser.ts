import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { chromium } from 'playwright-core';

// Debian's chromium, installed by .ci/setup-test-env.sh; playwright-core never downloads a browser.
const CHROMIUM = '/usr/bin/chromium';
const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--no-first-run',
  '--disable-component-update',
  '--disable-sync',
];
export const ARTIFACTS = path.resolve('test-results');
export const WIDTHS = [390, 1280] as const;

export async function launchBrowser(): Promise<Browser> {
  await mkdir(ARTIFACTS, { recursive: true });
  return chromium.launch({ executablePath: CHROMIUM, headless: true, args: ARGS, timeout: 60_000 });
}

/**
 * Runs `fn` on a new page `width` pixels wide, in a context of its own (axe needs one), closed
 * afterwards; returns the console errors, page errors and failed requests seen.
 */
export async function onPage(
  browser: Browser,
  width: number,
  fn: (page: Page) => Promise<void>,
): Promise<string[]> {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  context.setDefaultTimeout(30_000);
  const problems: string[] = [];
  try {
    const page = await context.newPage();
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(`console: ${message.text()}`);
    });
    page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
    page.on('requestfailed', (request) =>
      problems.push(`failed: ${request.url()} ${request.failure()?.errorText}`),
    );
    await fn(page);
    return problems;
  } finally {
    await context.close();
  }
}

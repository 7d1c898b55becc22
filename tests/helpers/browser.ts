import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import axe from 'axe-core';
import type { AxeResults, RunOptions } from 'axe-core';
import type { Browser, CDPSession, Page } from 'playwright-core';
import { chromium } from 'playwright-core';
import type { TestFn } from 'ava';
import { freePort } from './free-port.js';

// Debian's Chromium builds, installed by .ci/setup-test-env.sh; playwright-core never downloads a
// browser. The headless shell is Chromium's own headless build (the one Playwright runs headless by
// default): the same Blink renderer, without the desktop browser around it, about a fifth less time
// an axe run. It has no Web Push or notifications, so what needs them runs on the full browser.
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
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

/**
 * What goes wrong on a page from now on, as it happens: console errors, page errors, failed requests
 * and answers of 400 or more. A test asserts the list is empty.
 */
export function watchProblems(page: Page): string[] {
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
  return problems;
}

export interface BrowserOptions {
  /**
   * Also open a DevTools port on 127.0.0.1 (`debuggingPort()`), for a client that connects to the
   * browser itself, as Lighthouse does.
   */
  readonly debuggingPort?: boolean;
  /**
   * The full Chromium instead of its headless shell: for Web Push and notifications, which only it
   * has, and for Lighthouse, which the README runs on it (what a phone sees).
   */
  readonly full?: boolean;
}

/** Launches Debian's Chromium headless shell, or the full browser headless; `close()` it when done. */
async function launchBrowser(
  options: BrowserOptions = {},
): Promise<{ browser: Browser; debuggingPort: number | null }> {
  await mkdir(ARTIFACTS, { recursive: true });
  const debuggingPort = options.debuggingPort ? await freePort() : null;
  const args = debuggingPort === null ? ARGS : [...ARGS, `--remote-debugging-port=${debuggingPort}`];
  const executablePath = options.full ? CHROMIUM : HEADLESS_SHELL;
  const browser = await chromium.launch({ executablePath, headless: true, args, timeout: 60_000 });
  return { browser, debuggingPort };
}

/**
 * The one way a test file gets a browser: registers a `test.before` that launches it and a
 * `test.after.always` that closes it, and returns accessors for the tests (valid once the hooks ran).
 */
export function useBrowser(test: TestFn<unknown>, options: BrowserOptions = {}) {
  let launched: Awaited<ReturnType<typeof launchBrowser>> | undefined;
  test.before(async () => {
    launched = await launchBrowser(options);
  });
  test.after.always(async () => {
    await launched?.browser.close();
  });
  const started = () => {
    if (!launched) throw new Error('the browser is not running (useBrowser starts it in test.before)');
    return launched;
  };
  return {
    browser: (): Browser => started().browser,
    /** The DevTools port (`debuggingPort: true`). */
    debuggingPort: (): number => {
      const { debuggingPort } = started();
      if (debuggingPort === null) throw new Error('useBrowser was not asked for a debugging port');
      return debuggingPort;
    },
  };
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

/** What every run asks of axe (see `axeViolations`). */
const AXE_OPTIONS: RunOptions = { resultTypes: ['violations'] };

/**
 * Puts axe-core into every frame of the page that does not have it yet (a page has it until it
 * navigates), configured as `@axe-core/playwright`'s legacy mode configures it: frames of the page's
 * own origin only.
 */
async function injectAxe(page: Page): Promise<void> {
  for (const frame of page.frames()) {
    if (await frame.evaluate("typeof window.axe === 'undefined'")) {
      await frame.evaluate(axe.source);
      await frame.evaluate("axe.configure({ allowedOrigins: ['<same_origin>'] })");
    }
  }
}

/**
 * Runs axe on the page as it is and returns its violations, one line each (rule, impact, targets);
 * every rule of axe's default set runs.
 *
 * Three things make a run 2-3x faster without testing less. `resultTypes: ['violations']` stops axe
 * from building a selector for every node that passes or is incomplete (it keeps one per rule: the
 * counts of rules that pass stay right). The page runs `axe.run` itself, as `@axe-core/playwright`'s
 * legacy mode does, instead of `runPartial` in each frame and `finishRun` in a new blank page with
 * axe injected a second time; that differs only in not testing cross-origin frames, so a page with
 * one is tested the default way, with `AxeBuilder`. And axe's 550 KB source is sent to a page once,
 * not twice a run as `AxeBuilder` sends it: a test that runs axe again on the same page (another
 * colour scheme) runs it on the copy already there. `accessibility.test.ts` checks that this reports
 * what `AxeBuilder`'s default run reports.
 */
export async function axeViolations(page: Page): Promise<{ violations: string[]; passes: number }> {
  const origin = new URL(page.url()).origin;
  const crossOriginFrame = page.frames().some((frame) => {
    const url = frame.url();
    return url.startsWith('http') && new URL(url).origin !== origin;
  });
  let results: AxeResults;
  if (crossOriginFrame) {
    results = await new AxeBuilder({ page }).options(AXE_OPTIONS).analyze();
  } else {
    await injectAxe(page);
    results = await page.evaluate<AxeResults>(`axe.run(document, ${JSON.stringify(AXE_OPTIONS)})`);
  }
  return {
    violations: results.violations.map(
      (violation) =>
        `${violation.id} (${violation.impact ?? 'n/a'}): ${violation.nodes.map((node) => node.target.join(' ')).join(' | ')}`,
    ),
    passes: results.passes.length,
  };
}

/** A notification the site's service worker shows, as `getNotifications()` gives it. */
export interface ShownNotification {
  readonly title: string;
  readonly body: string;
  readonly tag: string;
  readonly data: { url: string };
}

/** The notifications the service worker of the page's scope shows now. */
export function shownNotifications(page: Page): Promise<ShownNotification[]> {
  return page.evaluate<ShownNotification[]>(
    'navigator.serviceWorker.ready.then((r) => r.getNotifications()).then((all) => ' +
      'all.map((n) => ({ title: n.title, body: n.body, tag: n.tag, data: n.data })))',
  );
}

/**
 * Watches, through DevTools, for the service worker registered at `origin`'s root scope: returns the
 * session that delivers push messages to it as a push service would (`ServiceWorker.deliverPushMessage`)
 * and the id DevTools knows the registration by, once there is one (already, or once the page
 * registers it) and its worker is activated. `navigator.serviceWorker.ready` resolves while the worker
 * is still activating (its `activate` handler claiming the clients): a message delivered then, right
 * after the page registered it, was once never shown in a full CI run.
 */
export async function watchRootWorker(
  page: Page,
  origin: string,
): Promise<{ cdp: CDPSession; registrationId: Promise<string> }> {
  const cdp = await page.context().newCDPSession(page);
  let mine: string | null = null;
  const activated = new Set<string>();
  let ready: (id: string) => void = () => undefined;
  const registrationId = new Promise<string>((resolve) => (ready = resolve));
  const settle = () => {
    if (mine !== null && activated.has(mine)) ready(mine);
  };
  cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
    const found = registrations.find((registration) => registration.scopeURL === `${origin}/`);
    if (found && !found.isDeleted) mine = found.registrationId;
    settle();
  });
  cdp.on('ServiceWorker.workerVersionUpdated', ({ versions }) => {
    for (const version of versions) if (version.status === 'activated') activated.add(version.registrationId);
    settle();
  });
  await cdp.send('ServiceWorker.enable');
  return { cdp, registrationId };
}

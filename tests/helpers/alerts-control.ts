import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import test from 'ava';
import type { ExecutionContext } from 'ava';
import type { BrowserContext, Page } from 'playwright-core';
import { generateVapidKeys } from '../../tools/vapid-keys.js';
import { axeViolations, useBrowser, watchProblems, WIDTHS } from './browser.js';
import type { PushService } from './push-service.js';
import { startPushService } from './push-service.js';
import type { SmtpStandIn } from './smtp-server.js';
import { startSmtpServer } from './smtp-server.js';
import type { RunningServer } from './with-server.js';
import { freePort } from './free-port.js';
import { startServer } from './with-server.js';
import { vapidEnv } from './alerts.js';

/**
 * The alerts control's browser tests: a browser, a site with alerts off and one with every channel
 * on (its origin its own, a recording push service, a local SMTP relay, webhooks, the sender off), and the ways the tests open and read a
 * page. The state is this module's, read by the test file that calls `useAlertsControl()` (each test
 * file is its own process).
 */

export let browser: ReturnType<typeof useBrowser>['browser'];

const vapid = generateVapidKeys();

export let off: RunningServer | undefined;
export let on: RunningServer | undefined;
export let push: PushService | undefined;
export let smtp: SmtpStandIn | undefined;
let data: string | undefined;

/** Launches the browser, then starts the two sites, before the calling file's tests; stops them after. */
export function useAlertsControl(): void {
  // Web Push and notifications: only the full browser has them.
  ({ browser } = useBrowser(test, { full: true }));

  test.before(async () => {
    data = await mkdtemp(path.join(os.tmpdir(), 'reset-tracker-alerts-browser-'));
    push = await startPushService(vapid.publicKey);
    smtp = await startSmtpServer();
    off = await startServer();
    // The public origin is the server's own, as in production: the endpoints refuse other origins.
    const port = await freePort();
    on = await startServer({
      port,
      env: {
        PUBLIC_BASE_URL: `http://127.0.0.1:${port}`,
        ...vapidEnv(vapid),
        ALERTS_DB: path.join(data, 'alerts.sqlite'),
        ALERTS_PUSH_HOSTS: push.origin,
        ALERTS_SENDER: 'off',
        SMTP_URL: smtp.url,
        ALERTS_EMAIL_FROM: 'Reset Tracker <alerts@tracker.test>',
        ALERTS_WEBHOOKS: 'on',
      },
    });
  });

  test.after.always(async () => {
    await on?.stop();
    await off?.stop();
    await push?.stop();
    await smtp?.stop();
    if (data) await rm(data, { recursive: true, force: true });
  });
}

export interface Watched {
  readonly context: BrowserContext;
  readonly page: Page;
  readonly problems: string[];
}

/** A context of its own (axe needs one), watched for console errors, page errors and failed requests. */
export async function openContext(
  setup: (context: BrowserContext) => Promise<void> = async () => {},
): Promise<Watched> {
  const context = await browser().newContext({ viewport: { width: WIDTHS[0], height: 900 } });
  context.setDefaultTimeout(30_000);
  await setup(context);
  const page = await context.newPage();
  const problems = watchProblems(page);
  return { context, page, problems };
}

/** Axe finds nothing at each width, in the light and the dark scheme. */
export async function axeClean(t: ExecutionContext, page: Page, state: string): Promise<void> {
  for (const width of WIDTHS) {
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.setViewportSize({ width, height: 900 });
      await page.emulateMedia({ colorScheme });
      const { violations } = await axeViolations(page);
      t.deepEqual(violations, [], `${state} at ${width}px, ${colorScheme}`);
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

const STATES = ['nojs', 'unsupported', 'denied', 'ready', 'subscribed'] as const;

/** The states of the control that show (one, when all is well). */
export async function shownState(page: Page): Promise<string[]> {
  const shown: string[] = [];
  for (const name of STATES) if (await state(page, name).isVisible()) shown.push(name);
  return shown;
}

export const state = (page: Page, name: string) => page.locator(`[data-alerts-state="${name}"]`);
export const status = (page: Page) => page.locator('[data-alerts-status]');

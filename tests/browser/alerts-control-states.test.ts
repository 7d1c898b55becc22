import test from 'ava';
import {
  axeClean,
  browser,
  off,
  on,
  openContext,
  shownState,
  state,
  useAlertsControl,
} from '../helpers/alerts-control.js';

useAlertsControl();

test.serial('alerts off: the control says so and points to the feeds and the calendar', async (t) => {
  const { context, page, problems } = await openContext();
  try {
    for (const pagePath of ['/', '/alerts?audience=max&window=weekly']) {
      await page.goto(`${off!.url}${pagePath}`, { waitUntil: 'load' });
      const control = page.locator('section.alerts');
      await t.notThrowsAsync(
        control.getByText('Alerts are not available on this server.').waitFor(),
        pagePath,
      );
      t.is(await control.locator('button').count(), 0, pagePath);
      t.is(await control.getByRole('link', { name: 'RSS' }).getAttribute('href'), '/feed.xml');
      await axeClean(t, page, `off ${pagePath}`);
    }
    t.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});

test.serial('a browser without PushManager is told it cannot show alerts', async (t) => {
  const { context, page, problems } = await openContext(async (context) => {
    await context.addInitScript({ content: 'delete window.PushManager;' });
  });
  try {
    await page.goto(`${on!.url}/alerts?audience=pro`, { waitUntil: 'load' });
    await state(page, 'unsupported').waitFor();
    t.deepEqual(await shownState(page), ['unsupported']);
    t.regex((await state(page, 'unsupported').innerText()) ?? '', /This browser cannot show alerts\./);
    t.is(
      await state(page, 'unsupported')
        .getByRole('link', { name: 'the calendar of these resets' })
        .getAttribute('href'),
      '/calendar.ics?audience=pro',
    );
    await axeClean(t, page, 'unsupported');
    t.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});

test.serial('notifications blocked for the site: the control says so and how to allow them', async (t) => {
  const { context, page, problems } = await openContext();
  const cdp = await browser().newBrowserCDPSession();
  try {
    // The permission of this test's browser context (not the default one), as the site settings set it.
    const pageSession = await context.newCDPSession(page);
    const { targetInfo } = await pageSession.send('Target.getTargetInfo');
    await pageSession.detach();
    await cdp.send('Browser.setPermission', {
      permission: { name: 'notifications' },
      setting: 'denied',
      origin: on!.url,
      browserContextId: targetInfo.browserContextId,
    });
    await page.goto(`${on!.url}/`, { waitUntil: 'load' });
    await state(page, 'denied').waitFor();
    t.is(await page.evaluate<string>('Notification.permission'), 'denied');
    t.deepEqual(await shownState(page), ['denied']);
    t.regex(await state(page, 'denied').innerText(), /Notifications are blocked for this site/);
    t.regex(await state(page, 'denied').innerText(), /allow notifications for this site/);
    await axeClean(t, page, 'denied');
    t.deepEqual(problems, []);
  } finally {
    await cdp.detach();
    await context.close();
  }
});

import test from 'ava';
import { simpleParser } from 'mailparser';
import { DICTIONARIES } from '../../server/site/i18n/lang.js';
import { LOCALES, localePath } from '../../domain/locales.js';
import { axeClean, browser, on, openContext, smtp, useAlertsControl } from '../helpers/alerts-control.js';
import { eventually } from '../helpers/wait.js';

useAlertsControl();

for (const locale of LOCALES) {
  test.serial(`${locale}: /alerts and the home page offer the three channels, axe-clean`, async (t) => {
    const { context, page, problems } = await openContext();
    try {
      const words = DICTIONARIES[locale].alerts;
      for (const pagePath of ['/alerts?audience=max', '/']) {
        const address = localePath(locale, pagePath);
        await page.goto(`${on!.url}${address}`, { waitUntil: 'load' });
        const control = page.locator('section.alerts');
        for (const name of [words.channels.browser, words.channels.email, words.channels.webhook])
          t.is(await control.getByRole('heading', { name, exact: true }).count(), 1, `${address} ${name}`);
        t.is(await control.getByLabel(words.email.label, { exact: true }).getAttribute('type'), 'email');
        t.is(await control.getByLabel(words.webhook.label, { exact: true }).getAttribute('type'), 'url');
        t.is(
          await control.getByRole('link', { name: words.webhook.docs }).getAttribute('href'),
          localePath(locale, '/docs'),
        );
        await axeClean(t, page, address);
      }
      t.deepEqual(problems, []);
    } finally {
      await context.close();
    }
  });
}

test.serial('without a script, the email form asks for the mail and the link pages confirm', async (t) => {
  const { context, page, problems } = await openContext();
  const noScript = await browser().newContext({ javaScriptEnabled: false });
  try {
    const form = await noScript.newPage();
    await form.goto(`${on!.url}/ko/alerts?audience=pro&window=weekly`, { waitUntil: 'load' });
    const words = DICTIONARIES.ko;
    await form.getByLabel(words.alerts.email.label, { exact: true }).fill('reader@example.org');
    await form.getByRole('button', { name: words.alerts.email.submit }).click();
    await form.waitForLoadState('load');
    t.is(new URL(form.url()).pathname, '/alerts/email');
    t.true((await form.locator('main').innerText()).includes(words.email.page.sent));
    t.is(await form.locator('html').getAttribute('lang'), 'ko');
    // Axe runs in the page, so it checks the same answer in a page with scripts on.
    await page.goto(`${on!.url}/ko/alerts`, { waitUntil: 'load' });
    await page.getByLabel(words.alerts.email.label, { exact: true }).fill('second@example.org');
    await page.getByRole('button', { name: words.alerts.email.submit }).click();
    await page.getByRole('heading', { name: words.email.page.sentTitle }).waitFor();
    await axeClean(t, page, 'the form answer');

    t.true(
      await eventually(() => smtp!.received.some((mail) => mail.envelope.to.includes('reader@example.org'))),
    );
    const mail = await simpleParser(
      smtp!.received.find((sent) => sent.envelope.to.includes('reader@example.org'))!.raw,
    );
    t.is(mail.subject, words.email.confirm.subject);
    // The mail's links name the public origin, which is this server's own.
    const link = (mail.text ?? '').match(/https?:\/\/\S+\/ko\/alerts\/email\/confirm\?token=\S+/)![0];
    t.true(link.startsWith(`${on!.url}/`));
    await page.goto(link, { waitUntil: 'load' });
    t.is(await page.getByRole('heading', { level: 1 }).innerText(), words.email.page.confirmTitle);
    await axeClean(t, page, 'the confirmation page');
    await page.getByRole('button', { name: words.email.page.confirmButton }).click();
    await page.getByRole('heading', { name: words.email.page.confirmedTitle }).waitFor();
    await axeClean(t, page, 'confirmed');

    await page.goto(`${on!.url}/zh-TW/alerts/email/unsubscribe?token=${'B'.repeat(43)}`, {
      waitUntil: 'load',
    });
    await page.getByRole('button', { name: DICTIONARIES['zh-TW'].email.page.unsubscribeButton }).click();
    await page.getByRole('heading', { name: DICTIONARIES['zh-TW'].email.page.unsubscribedTitle }).waitFor();
    await axeClean(t, page, 'unsubscribed');
    t.deepEqual(problems, []);
  } finally {
    await noScript.close();
    await context.close();
  }
});

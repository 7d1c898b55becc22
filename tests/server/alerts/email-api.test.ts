import test from 'ava';
import { writeReset } from '../../helpers/alerts.js';
import { BASE_URL } from '../../helpers/fixtures.js';
import { DICTIONARIES } from '../../../server/site/i18n/lang.js';
import {
  allSent,
  askForm,
  askJson,
  awaitMails,
  content,
  linkIn,
  mailsTo,
  server,
  smtp,
  storedEmails,
  useEmailServer,
} from '../../helpers/email-server.js';
import { eventually } from '../../helpers/wait.js';

useEmailServer();

const CONFIRM = /\/alerts\/email\/confirm$/;
const UNSUBSCRIBE = /\/alerts\/email\/unsubscribe$/;

/** The confirmation link of the newest mail to `address`, as a path on the test's server. */
async function confirmLink(address: string, count = 1): Promise<string> {
  const mails = await awaitMails(address, count);
  return linkIn(mails.at(-1)!, CONFIRM);
}

const post = (pathAndQuery: string, init: RequestInit = {}) =>
  fetch(`${server.url}${pathAndQuery}`, { method: 'POST', ...init });

test.serial('JSON and the form each get one confirmation mail, in the language asked for', async (t) => {
  const json = await askJson({ email: '  Ann@Example.COM ', audience: 'pro', window: 'weekly' });
  t.is(json.status, 202);
  t.is(json.cache, 'no-store');
  t.deepEqual(json.body, { email: 'Ann@example.com', audience: 'pro', window: 'weekly', lang: 'en' });

  const form = await askForm({ email: 'bo@example.org', audience: 'all', window: 'any', lang: 'ja' });
  t.is(form.status, 202);
  t.regex(form.type ?? '', /^text\/html/);
  t.regex(form.text, /<html lang="ja"/);
  t.true(form.text.includes(DICTIONARIES.ja.email.page.sent), 'the answer says a mail may be on its way');

  const [english] = await awaitMails('Ann@example.com', 1);
  const [japanese] = await awaitMails('bo@example.org', 1);
  t.is(english!.subject, DICTIONARIES.en.email.confirm.subject);
  t.is(english!.headers.get('content-language'), 'en');
  t.is(japanese!.subject, DICTIONARIES.ja.email.confirm.subject);
  t.is(japanese!.headers.get('content-language'), 'ja');
  t.regex(linkIn(english!, CONFIRM), /^\/alerts\/email\/confirm\?token=[\w-]{43}$/);
  t.regex(linkIn(japanese!, CONFIRM), /^\/ja\/alerts\/email\/confirm\?token=[\w-]{43}$/);
});

test.serial('a second request within the hour sends no mail and gets the same answer', async (t) => {
  const first = await askJson({ email: 'Ann@example.com', audience: 'max' });
  t.is(first.status, 202);
  t.deepEqual(first.body, { email: 'Ann@example.com', audience: 'max', window: 'any', lang: 'en' });
  const unknown = await askJson({ email: 'nobody-yet@example.net', audience: 'max' });
  t.is(unknown.status, first.status);
  t.is(unknown.type, first.type);
  t.deepEqual(Object.keys(unknown.body!), Object.keys(first.body!));
  // The mail to the new address comes after any the repeated request could have sent.
  await awaitMails('nobody-yet@example.net', 1);
  t.is((await mailsTo('Ann@example.com')).length, 1);
});

test.serial('a confirmation the relay refuses holds no hour: asking again sends one', async (t) => {
  const before = await storedEmails();
  smtp.failNext(550, 'mailbox unavailable');
  t.is((await askJson({ email: 'unlucky@example.net' })).status, 202);
  t.true(await eventually(() => smtp.refused.length === 1), 'the relay refused the mail');
  t.true(
    await eventually(async () => (await storedEmails()) === before),
    'the address whose mail never left is forgotten',
  );
  t.is((await askJson({ email: 'unlucky@example.net' })).status, 202);
  const [mail] = await awaitMails('unlucky@example.net', 1);
  t.is(mail!.subject, DICTIONARIES.en.email.confirm.subject);
});

test.serial('the confirmation page changes nothing; its button confirms, once', async (t) => {
  const link = await confirmLink('Ann@example.com');
  const page = await fetch(`${server.url}${link}`);
  t.is(page.status, 200);
  t.is(page.headers.get('cache-control'), 'no-store');
  const html = await page.text();
  t.regex(html, /<meta name="robots" content="noindex" \/>/);
  t.true(html.includes(`action="${link}"`), 'the button posts to the link');

  // A reset published now reaches nobody: the GET confirmed nothing.
  await writeReset(content.dir, { day: '2026-11-01', slug: 'before', plans: ['pro'], windows: ['weekly'] });
  t.true(await server.reload());
  t.true(await allSent());
  const confirmations = (await mailsTo('Ann@example.com')).length;
  t.is(confirmations, 1);

  const confirmed = await post(link);
  t.is(confirmed.status, 200);
  t.true((await confirmed.text()).includes(DICTIONARIES.en.email.page.confirmedTitle));
  const again = await post(link);
  t.is(again.status, 400);
  t.true((await again.text()).includes(DICTIONARIES.en.email.page.expiredTitle));
});

test.serial(
  'an alert goes once to each confirmed address whose filters match, and to no other',
  async (t) => {
    const boLink = await confirmLink('bo@example.org');
    t.is((await post(boLink)).status, 200);
    t.true((await (await post(boLink.replace('/ja/', '/ko/'))).text()).includes('<html lang="ko"'));
    t.is((await askJson({ email: 'team@example.org', audience: 'team', window: 'five_hour' })).status, 202);
    t.is((await post(await confirmLink('team@example.org'))).status, 200);
    t.is((await askJson({ email: 'unconfirmed@example.org' })).status, 202);
    await awaitMails('unconfirmed@example.org', 1);

    await writeReset(content.dir, {
      day: '2026-11-10',
      slug: 'pro-weekly',
      plans: ['pro'],
      windows: ['weekly'],
    });
    t.true(await server.reload());
    t.true(await allSent());
    const ann = await mailsTo('Ann@example.com');
    const bo = await mailsTo('bo@example.org');
    t.is(ann.length, 2, 'the confirmation, then one alert');
    t.is(bo.length, 2);
    t.is((await mailsTo('team@example.org')).length, 1, 'only its confirmation: the filters do not match');
    t.is((await mailsTo('unconfirmed@example.org')).length, 1, 'only its confirmation');
    const alert = ann[1]!;
    t.regex(alert.subject ?? '', /Limits reset \(pro-weekly\)/);
    const unsubscribe = linkIn(alert, UNSUBSCRIBE);
    const header = (name: string) =>
      alert.headerLines
        .find((line) => line.key === name)
        ?.line.replace(/^[^:]+:\s*/, '')
        .replace(/\r?\n\s+/g, '');
    t.is(header('list-unsubscribe-post'), 'List-Unsubscribe=One-Click');
    t.is(header('list-unsubscribe'), `<${BASE_URL}${unsubscribe}>`);
    t.is(bo[1]!.headers.get('content-language'), 'ja');
  },
);

test.serial(
  'one-click unsubscribes at once; the page asks first; the next alert mails nothing',
  async (t) => {
    const ann = (await mailsTo('Ann@example.com'))[1]!;
    const bo = (await mailsTo('bo@example.org'))[1]!;
    // Opening bo's link changes nothing.
    const page = await fetch(`${server.url}${linkIn(bo, UNSUBSCRIBE)}`);
    t.is(page.status, 200);
    t.is(page.headers.get('cache-control'), 'no-store');
    t.regex(await page.text(), /<form method="post"/);

    // As a mail provider's server sends it: no Origin, the form body of RFC 8058.
    const oneClick = await post(linkIn(ann, UNSUBSCRIBE), {
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    t.is(oneClick.status, 200);
    t.true((await oneClick.text()).length < 32);

    await writeReset(content.dir, { day: '2026-11-12', slug: 'after', plans: ['pro'], windows: ['weekly'] });
    t.true(await server.reload());
    t.true(await allSent());
    t.is((await mailsTo('Ann@example.com')).length, 2, 'nothing after unsubscribing');
    t.is((await mailsTo('bo@example.org')).length, 3, 'the page alone unsubscribed nothing');

    // The page's button: done, and done again for a token no longer known (no oracle).
    for (let round = 0; round < 2; round += 1) {
      const button = await post(linkIn(bo, UNSUBSCRIBE));
      t.is(button.status, 200);
      t.true((await button.text()).includes(DICTIONARIES.ja.email.page.unsubscribedTitle));
    }
  },
);

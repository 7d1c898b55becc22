import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import test from 'ava';
import { collectingLogger } from '../../helpers/logs.js';
import { FileSystemConfigLoader, HtmlValidate } from 'html-validate';
import { DICTIONARIES } from '../../../server/site/i18n/lang.js';
import { LOCALES, localePath } from '../../../domain/locales.js';
import {
  askForm,
  askJson,
  FROM,
  server,
  smtp,
  storedEmails,
  useEmailServer,
} from '../../helpers/email-server.js';
import { startServer } from '../../helpers/with-server.js';

useEmailServer();

const TOKEN = 'A'.repeat(43);
/** Files named under the project root pick up its `.htmlvalidate.json`, as the CLI would. */
const validator = new HtmlValidate(new FileSystemConfigLoader());

test.serial(
  'a malformed address, an unknown field or another origin is refused, and nothing is stored',
  async (t) => {
    const refusals: [unknown, Record<string, string>, number, string | undefined][] = [
      [{ email: 'not-an-address' }, {}, 400, 'email'],
      [{ email: 'two@@example.com' }, {}, 400, 'email'],
      [{ email: `${'a'.repeat(250)}@example.com` }, {}, 400, 'email'],
      [{ email: 'ann@example.com', audience: 'everyone' }, {}, 400, 'audience'],
      [{ email: 'ann@example.com', lang: 'fr' }, {}, 400, 'lang'],
      [{ email: 'ann@example.com', plan: 'max' }, {}, 400, 'plan'],
      [['ann@example.com'], {}, 400, undefined],
      [{ email: 'ann@example.com' }, { Origin: 'https://elsewhere.example' }, 403, undefined],
    ];
    for (const [body, headers, status, parameter] of refusals) {
      const answer = await askJson(body, headers);
      t.is(answer.status, status, JSON.stringify(body));
      t.is(answer.type, 'application/problem+json');
      t.is(answer.body?.['parameter'], parameter, JSON.stringify(body));
      if (status === 400) t.is(answer.body?.['code'], 'invalid_body');
    }
    const text = await fetch(`${server.url}/alerts/email`, {
      method: 'POST',
      headers: { 'Content-Type': 'text/plain' },
      body: 'ann@example.com',
    });
    t.is(text.status, 415);
    t.is(await storedEmails(), 0);
    t.is(smtp.received.length, 0);
  },
);

test.serial('a refused form is a page in its language, and stores nothing', async (t) => {
  const answer = await askForm({ email: 'nope', audience: 'all', window: 'any', lang: 'zh-TW' });
  t.is(answer.status, 400);
  t.regex(answer.type ?? '', /^text\/html/);
  t.regex(answer.text, /<html lang="zh-TW"/);
  t.true(answer.text.includes(DICTIONARIES['zh-TW'].email.page.back));
  const twice = await fetch(`${server.url}/alerts/email`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: 'email=a%40example.com&email=b%40example.com&lang=ko',
  });
  t.is(twice.status, 400);
  t.regex(await twice.text(), /<html lang="ko"/);
  t.is(await storedEmails(), 0);
});

test.serial(
  'a link without its token shows no button; a confirmation without Origin of the site is refused',
  async (t) => {
    for (const link of ['/alerts/email/confirm', '/ja/alerts/email/unsubscribe?token=short']) {
      const page = await fetch(`${server.url}${link}`);
      t.is(page.status, 400, link);
      t.notRegex(await page.text(), /<button/, link);
    }
    const foreign = await fetch(`${server.url}/alerts/email/confirm?token=${TOKEN}`, {
      method: 'POST',
      headers: { Origin: 'https://elsewhere.example' },
    });
    t.is(foreign.status, 403);
    // An unknown token: the page says it expired or was used, and nothing changes.
    const unknown = await fetch(`${server.url}/alerts/email/confirm?token=${TOKEN}`, { method: 'POST' });
    t.is(unknown.status, 400);
    t.true((await unknown.text()).includes(DICTIONARIES.en.email.page.expiredTitle));
  },
);

test('a full store refuses every address with subscriptions_full, warned once a minute', async (t) => {
  const data = await mkdtemp(path.join(os.tmpdir(), 'reset-tracker-email-full-'));
  const lines: Record<string, unknown>[] = [];
  const logger = collectingLogger('warn', lines);
  const fullWarnings = () =>
    lines.filter((line) => /ALERTS_MAX_SUBSCRIPTIONS email/.test(String(line['msg']))).length;
  const clock = { now: Date.now() };
  const full = await startServer({
    env: {
      SMTP_URL: smtp.url,
      ALERTS_EMAIL_FROM: FROM,
      ALERTS_DB: path.join(data, 'alerts.sqlite'),
      ALERTS_MAX_SUBSCRIPTIONS: '0',
    },
    logger,
    clock: () => clock.now,
  });
  try {
    const refused = async (email: string) => {
      const answer = await askJson({ email }, {}, full.url);
      t.is(answer.status, 503, email);
      t.is(answer.body?.['code'], 'subscriptions_full', email);
    };
    await refused('full-1@example.com');
    await refused('full-2@example.com');
    t.is(fullWarnings(), 1, 'one warning for two refusals within a minute');
    clock.now += 59_999;
    await refused('full-3@example.com');
    t.is(fullWarnings(), 1, 'none for a refusal still within the minute');
    clock.now += 1;
    await refused('full-4@example.com');
    t.is(fullWarnings(), 2, 'the next refusal a minute after the warning warns again');
    t.false(smtp.received.some((mail) => mail.envelope.to.some((to) => to.startsWith('full-'))));
  } finally {
    await full.stop();
    await rm(data, { recursive: true, force: true });
  }
});

test('writes are limited per client address with the other channels; a form over it gets a page', async (t) => {
  const data = await mkdtemp(path.join(os.tmpdir(), 'reset-tracker-email-limit-'));
  const limited = await startServer({
    env: {
      SMTP_URL: smtp.url,
      ALERTS_EMAIL_FROM: FROM,
      ALERTS_DB: path.join(data, 'alerts.sqlite'),
      ALERTS_WRITES_PER_ADDRESS: '2',
      ALERTS_WEBHOOKS: 'on',
    },
  });
  try {
    const webhook = await fetch(`${limited.url}/alerts/webhooks/wh_x`, { method: 'DELETE' });
    t.is(webhook.status, 404, 'a webhook write, counted with the mails');
    t.is((await askJson({ email: 'limit-1@example.com' }, {}, limited.url)).status, 202);
    const third = await askJson({ email: 'limit-3@example.com' }, {}, limited.url);
    t.is(third.status, 429);
    t.is(third.body?.['code'], 'rate_limited');
    const form = await askForm({ email: 'limit-4@example.com', lang: 'ja' }, limited.url);
    t.is(form.status, 429);
    t.regex(form.text, /<html lang="ja"/);
  } finally {
    await limited.stop();
    await rm(data, { recursive: true, force: true });
  }
});

test('without SMTP, email is off: 503, and the pages say so', async (t) => {
  const off = await startServer();
  try {
    const answer = await askJson({ email: 'ann@example.com' }, {}, off.url);
    t.is(answer.status, 503);
    t.is(answer.body?.['code'], 'alerts_unavailable');
    const form = await askForm({ email: 'ann@example.com', lang: 'ja' }, off.url);
    t.is(form.status, 503);
    t.true(form.text.includes(DICTIONARIES.ja.alerts.email.off));
    for (const pagePath of ['/alerts', '/ja/alerts']) {
      const page = await (await fetch(`${off.url}${pagePath}`)).text();
      const words = pagePath === '/alerts' ? DICTIONARIES.en : DICTIONARIES.ja;
      t.false(page.includes('action="/alerts/email"'), pagePath);
      t.true(page.includes(words.alerts.off), pagePath);
    }
    const confirm = await fetch(`${off.url}/ko/alerts/email/confirm?token=${TOKEN}`);
    t.is(confirm.status, 503);
    t.true((await confirm.text()).includes(DICTIONARIES.ko.alerts.email.off));
  } finally {
    await off.stop();
  }
});

test('with email and webhooks on, /alerts offers their forms in the page language, with the filters', async (t) => {
  const page = await (await fetch(`${server.url}/ko/alerts?audience=max&window=weekly`)).text();
  t.regex(page, /<form class="alerts-form" method="post" action="\/alerts\/email">/);
  t.regex(page, /name="audience" value="max"/);
  t.regex(page, /name="window" value="weekly"/);
  t.regex(page, /name="lang" value="ko"/);
  t.regex(page, /<form class="alerts-form" method="post" action="\/alerts\/webhooks">/);
  t.regex(page, /<input id="alerts-webhook" name="url" type="url"/);
  t.true(page.includes(DICTIONARIES.ko.alerts.browserOff), 'browser alerts are off on this server');
});

test('the pages with the forms and every page of the links pass html-validate, in every language', async (t) => {
  const failures: string[] = [];
  const check = async (name: string, body: string) => {
    const report = await validator.validateString(body, path.resolve('site', `${name}.html`));
    for (const result of report.results)
      for (const message of result.messages)
        failures.push(`${name} ${message.line}:${message.column} ${message.ruleId}: ${message.message}`);
  };
  for (const locale of LOCALES) {
    for (const pagePath of [
      '/alerts?audience=max',
      '/',
      '/privacy',
      `/alerts/email/confirm?token=${TOKEN}`,
      `/alerts/email/unsubscribe?token=${TOKEN}`,
      '/alerts/email/confirm',
    ]) {
      const address = localePath(locale, pagePath);
      await check(address, await (await fetch(`${server.url}${address}`)).text());
    }
    for (const [action, status] of [
      [`/alerts/email/confirm?token=${TOKEN}`, 400],
      [`/alerts/email/unsubscribe?token=${TOKEN}`, 200],
    ] as const) {
      const answer = await fetch(`${server.url}${localePath(locale, action)}`, { method: 'POST' });
      t.is(answer.status, status);
      await check(`POST ${localePath(locale, action)}`, await answer.text());
    }
    const sent = await askForm({ email: `html-${locale}@example.org`, lang: locale });
    t.is(sent.status, 202);
    await check(`form ${locale}`, sent.text);
    const refused = await askForm({ email: 'nope', lang: locale });
    t.is(refused.status, 400);
    await check(`refused form ${locale}`, refused.text);
  }
  t.deepEqual(failures, []);
});

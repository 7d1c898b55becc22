import test from 'ava';
import type { ExecutionContext } from 'ava';
import { simpleParser } from 'mailparser';
import type { ParsedMail } from 'mailparser';
import { alertPayload } from '../../../../domain/alerts.js';
import { pageUrlFor } from '../../../../server/alerts/alert-words.js';
import { alertMessageId, confirmUrlFor, unsubscribeUrlFor } from '../../../../server/alerts/email/links.js';
import { alertMail, confirmationMail } from '../../../../server/alerts/email/messages.js';
import { createMailer } from '../../../../server/outbound/smtp.js';
import type { MailContent } from '../../../../server/outbound/smtp.js';
import { newToken } from '../../../../server/alerts/email/tokens.js';
import { DICTIONARIES } from '../../../../server/site/i18n/lang.js';
import type { Locale } from '../../../../domain/locales.js';
import { LOCALES } from '../../../../domain/locales.js';
import { catalogOf, exactEvent } from '../../../helpers/events.js';
import { BASE_URL } from '../../../helpers/fixtures.js';
import { startSmtpServer } from '../../../helpers/smtp-server.js';

const TITLE = 'Weekly limits reset for Pro and Max';
const catalog = catalogOf([
  exactEvent('2025-03-03-weekly-reset', '2025-03-03T14:05:09Z', { windows: ['weekly'], title: TITLE }),
  exactEvent('2025-03-04-odd-title', '2025-03-04T09:00:00Z', {
    title: 'Reset <script>alert("x")</script> & more',
  }),
]);
const reset = catalog.byId.get('2025-03-03-weekly-reset')!;
/** Translated into Japanese and Traditional Chinese only: the others word the English title. */
const payload = alertPayload(reset, 'confirmed', {
  ja: { title: '週間上限のリセット', summary: 's', effective_note: null, statement: 'Pro と Max の契約者' },
  'zh-TW': { title: '每週上限重置', summary: 's', effective_note: null, statement: 'Pro 與 Max 訂閱者' },
});
const TRANSLATED: Partial<Record<Locale, string>> = { ja: '週間上限のリセット', 'zh-TW': '每週上限重置' };

/** Each mail through a real SMTP exchange, read back with mailparser (not nodemailer). */
async function delivered(mails: readonly MailContent[]): Promise<{ parsed: ParsedMail; raw: string }[]> {
  const relay = await startSmtpServer();
  const mailer = createMailer({ smtpUrl: relay.url, from: 'Reset Tracker <alerts@tracker.test>' });
  try {
    for (const mail of mails) {
      const result = await mailer.send(mail);
      if (!result.ok) throw new Error(result.reason);
    }
  } finally {
    mailer.close();
    await relay.stop();
  }
  return Promise.all(
    relay.received.map(async ({ raw }) => ({ parsed: await simpleParser(raw), raw: raw.toString('latin1') })),
  );
}

/** The header section's lines, unfolded (RFC 5322 §2.2.3: a CRLF before white space is removed). */
const headerLines = (raw: string) =>
  raw
    .split('\r\n\r\n', 1)[0]!
    .replace(/\r\n(?=[ \t])/g, '')
    .split('\r\n');

/** A text part and an HTML part, both UTF-8, the HTML in the mail's language. */
function checkParts(
  t: ExecutionContext,
  locale: Locale,
  { parsed, raw }: { parsed: ParsedMail; raw: string },
) {
  t.regex(raw, /^Content-Type: multipart\/alternative;/im);
  t.regex(raw, /^Content-Type: text\/plain; charset=utf-8$/im);
  t.regex(raw, /^Content-Type: text\/html; charset=utf-8$/im);
  t.truthy(parsed.text);
  t.regex(String(parsed.html), new RegExp(`<html lang="${locale}" dir="ltr">`));
  t.regex(String(parsed.html), /<meta charset="utf-8" \/>/);
  t.is(parsed.headers.get('content-language'), locale);
  t.is(parsed.headers.get('auto-submitted'), 'auto-generated');
  const privacy = pageUrlFor(BASE_URL, locale, '/privacy');
  t.true(parsed.text!.includes(privacy), 'the privacy page in the same language');
  t.true(String(parsed.html).includes(`href="${privacy}"`));
  t.true(parsed.text!.includes(DICTIONARIES[locale].site.description), 'says the site is independent');
}

test('a confirmation mail in each language: why, the filters, the link, and that ignoring it is the end', async (t) => {
  const inputs = LOCALES.map((locale) => ({
    to: `reader-${locale}@mail.test`,
    locale,
    confirmUrl: confirmUrlFor(BASE_URL, locale, newToken().token),
    audience: 'max' as const,
    window: 'weekly' as const,
    origin: BASE_URL,
  }));
  const mails = await delivered(inputs.map(confirmationMail));
  t.is(mails.length, LOCALES.length);
  for (const [index, input] of inputs.entries()) {
    const mail = mails[index]!;
    const { locale } = input;
    const { t: words } = { t: DICTIONARIES[locale] };
    checkParts(t, locale, mail);
    const { parsed } = mail;
    t.is(parsed.to && !Array.isArray(parsed.to) ? parsed.to.value[0]?.address : null, input.to);
    t.is(parsed.subject, words.email.confirm.subject);
    const prefix = locale === 'en' ? '' : `/${locale}`;
    t.regex(input.confirmUrl, new RegExp(`^${BASE_URL}${prefix}/alerts/email/confirm\\?token=[\\w-]{43}$`));
    t.true(parsed.text!.includes(input.confirmUrl), locale);
    t.true(String(parsed.html).includes(`href="${input.confirmUrl}"`), locale);
    const filters = words.filters.label(words.filters.audiences.max, words.filters.windows.weekly);
    t.true(parsed.text!.includes(`${words.email.confirm.filters} ${filters}`), `${locale}: the filters`);
    for (const sentence of [words.email.confirm.why, words.email.confirm.ignore]) {
      t.true(parsed.text!.includes(sentence), `${locale}: ${sentence}`);
      t.true(String(parsed.html).includes(sentence), `${locale}: ${sentence}`);
    }
    t.is(parsed.headers.get('list-unsubscribe'), undefined, 'nothing to unsubscribe from yet');
  }
});

test('an alert mail in each language: the title, when, the event, unsubscribe links and headers, the Message-ID', async (t) => {
  const inputs = LOCALES.map((locale, index) => ({
    to: `reader-${locale}@mail.test`,
    locale,
    event: payload,
    eventUrl: pageUrlFor(BASE_URL, locale, `/events/${reset.id}`),
    unsubscribeUrl: unsubscribeUrlFor(BASE_URL, locale, newToken().token),
    messageId: alertMessageId('2025-03-03-weekly-reset:confirmed', index + 1, 'tracker.test'),
  }));
  const mails = await delivered(inputs.map(alertMail));
  for (const [index, input] of inputs.entries()) {
    const mail = mails[index]!;
    const { locale } = input;
    checkParts(t, locale, mail);
    const { parsed } = mail;
    const words = DICTIONARIES[locale];
    const title = TRANSLATED[locale] ?? TITLE;
    t.is(parsed.subject, words.alerts.notification.title.confirmed.replace('{title}', title), locale);
    t.true(parsed.text!.includes(parsed.subject!));
    t.true(String(parsed.html).includes(`>${parsed.subject!}</h1>`));
    // When, in the page's UTC words of the language.
    t.true(parsed.text!.includes(locale === 'en' ? '2025-03-03 14:05 UTC' : '14:05 UTC'), locale);
    t.true(parsed.text!.includes(input.eventUrl));
    t.true(String(parsed.html).includes(`href="${input.eventUrl}"`));
    t.true(parsed.text!.includes(input.unsubscribeUrl));
    t.true(
      String(parsed.html).includes(`<a href="${input.unsubscribeUrl}">${words.email.alert.unsubscribe}</a>`),
      `${locale}: a visible unsubscribe link`,
    );
    t.regex(input.unsubscribeUrl, new RegExp(`^https://.+/alerts/email/unsubscribe\\?token=`));
    const head = headerLines(mail.raw);
    t.true(head.includes(`List-Unsubscribe: <${input.unsubscribeUrl}>`), `${locale}: List-Unsubscribe`);
    t.true(head.includes('List-Unsubscribe-Post: List-Unsubscribe=One-Click'), `${locale}: One-Click`);
    t.is(parsed.messageId, input.messageId);
  }
  t.true(mails[1]!.parsed.text!.includes('Pro と Max の契約者'), 'the translated audience in Japanese');
  t.true(mails[1]!.parsed.text!.includes('制限期間：'), 'the windows in Japanese words');
});

test("an alert's Message-ID is the same for the same alert and subscription, and only for them", (t) => {
  const id = alertMessageId('e:confirmed', 7, 'tracker.test');
  t.regex(id, /^<alert\.[0-9a-f]{40}@tracker\.test>$/);
  t.is(alertMessageId('e:confirmed', 7, 'tracker.test'), id);
  t.is(alertMessageId('e:confirmed', '7', 'tracker.test'), id);
  t.not(alertMessageId('e:confirmed', 8, 'tracker.test'), id);
  t.not(alertMessageId('e:announced', 7, 'tracker.test'), id);
});

test('an event title with markup arrives escaped in the HTML part and as written in the text part', async (t) => {
  const odd = catalog.byId.get('2025-03-04-odd-title')!;
  const written = 'Reset <script>alert("x")</script> & more';
  const [mail] = await delivered([
    alertMail({
      to: 'reader@mail.test',
      locale: 'ko',
      event: alertPayload(odd, 'announced'),
      eventUrl: `${BASE_URL}/ko/events/${odd.id}`,
      unsubscribeUrl: unsubscribeUrlFor(BASE_URL, 'ko', newToken().token),
      messageId: alertMessageId('odd:announced', 1, 'tracker.test'),
    }),
  ]);
  const html = String(mail!.parsed.html);
  t.false(html.includes('<script>'), 'no markup from the title');
  t.true(html.includes('Reset &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; more'));
  t.true(mail!.parsed.text!.includes(written));
  t.is(mail!.parsed.subject, `발표: ${written}`);
});

test('a link that is not http(s) never becomes an href', (t) => {
  const mail = confirmationMail({
    to: 'reader@mail.test',
    locale: 'en',
    confirmUrl: 'javascript:alert(1)',
    audience: 'all',
    window: 'any',
    origin: BASE_URL,
  });
  t.false(mail.html.includes('href="javascript:'));
});

import path from 'node:path';
import test from 'ava';
import { FileSystemConfigLoader, HtmlValidate } from 'html-validate';
import { createdWebhookPage } from '../../../../server/alerts/webhooks/created-page.js';
import { DICTIONARIES } from '../../../../server/site/i18n/lang.js';
import { LOCALES } from '../../../../domain/locales.js';
import { BASE_URL } from '../../../helpers/fixtures.js';

const validator = new HtmlValidate(new FileSystemConfigLoader());

const webhook = {
  id: 'wh_AAAAAAAAAAAAAAAAAAAAAA',
  secret: 'whsec_c2VjcmV0c2VjcmV0c2VjcmV0c2VjcmV0c2VjcmV0c2U=',
  token: 'T'.repeat(43),
  url: 'https://hooks.example/in?a=1&b=2',
  audience: 'max',
  window: 'weekly',
} as const;

test('the page a form gets is valid in every language, shows the secrets once and escapes what the URL said', async (t) => {
  for (const locale of LOCALES) {
    for (const state of [
      { status: 'active' as const },
      { status: 'pending' as const, reason: 'the URL answered 200 <b>without</b> echoing' },
    ]) {
      const page = createdWebhookPage(BASE_URL, locale, { ...webhook, ...state });
      const report = await validator.validateString(page, path.resolve('site', 'alerts-webhook.html'));
      t.true(report.valid, `${locale} ${state.status}: ${JSON.stringify(report.results[0]?.messages ?? [])}`);
      const words = DICTIONARIES[locale].webhooks;
      t.regex(page, new RegExp(`<html lang="${locale}"`));
      t.true(page.includes(words.onlyNow), locale);
      t.true(page.includes(state.status === 'active' ? words.active : words.pending), locale);
      for (const shown of [webhook.id, webhook.secret, webhook.token])
        t.true(page.includes(`<code>${shown}</code>`));
      t.true(page.includes('https://hooks.example/in?a=1&amp;b=2'));
      if (state.status === 'pending') {
        t.true(page.includes('&lt;b&gt;without&lt;/b&gt;'), 'escaped');
        t.false(page.includes('<b>without'));
      }
    }
  }
});

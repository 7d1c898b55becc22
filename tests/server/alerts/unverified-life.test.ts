import test from 'ava';
import { CONFIRMATION_DAYS, PENDING_WEBHOOK_DAYS } from '../../../server/store/index.js';
import { DICTIONARIES } from '../../../server/site/i18n/lang.js';
import { LOCALES } from '../../../domain/locales.js';

/**
 * Rows nobody has verified live shorter than anything else the store keeps: an unconfirmed address
 * and a pending webhook are forgotten after a couple of days, so junk written to them never waits a
 * week for its turn to go (the stores' own tests move the clock past these constants).
 */
test('an unconfirmed address and a pending webhook are kept days, not a week', (t) => {
  t.true(CONFIRMATION_DAYS <= 2, `CONFIRMATION_DAYS is ${CONFIRMATION_DAYS}`);
  t.true(PENDING_WEBHOOK_DAYS <= 2, `PENDING_WEBHOOK_DAYS is ${PENDING_WEBHOOK_DAYS}`);
});

// The pages and the confirmation link's page say how long, in every language: the same number of
// days as the store, and no other.
for (const locale of LOCALES) {
  test(`${locale}: the alerts texts give the days the store keeps unverified rows`, (t) => {
    const words = DICTIONARIES[locale];
    const texts: readonly [string, string, number][] = [
      ['webhooks.pending', words.webhooks.pending, PENDING_WEBHOOK_DAYS],
      ['privacy.channels.webhookKept', words.privacy.channels.webhookKept, PENDING_WEBHOOK_DAYS],
      ['privacy.channels.emailKept', words.privacy.channels.emailKept, CONFIRMATION_DAYS],
      ['email.page.expired', words.email.page.expired, CONFIRMATION_DAYS],
    ];
    for (const [key, text, days] of texts) {
      // Every count of days in the text, the delivery records' 30 aside.
      const numbers = [...text.matchAll(/(\d+)\s*(?:days?|日|일|天)/g)]
        .map(([, n]) => Number(n))
        .filter((n) => n !== 30);
      t.deepEqual(numbers, [days], `${key}: ${text}`);
    }
  });
}

import type { AlertPayload } from '../../../domain/alerts.js';
import type { Locale } from '../../../domain/locales.js';
import { LOCALES } from '../../../domain/locales.js';
import type { DeliveryChannel, DeliveryResult } from '../channel.js';
import { awaitSendingRecord } from '../channel.js';
import type { Store, StoredEmail } from '../../store/index.js';
import { pageUrlFor } from '../alert-words.js';
import { alertMessageId, unsubscribeUrlFor } from './links.js';
import { alertMail } from './messages.js';
import { newToken } from './tokens.js';
import { withRetries } from '../../outbound/retry.js';
import type { Mailer } from '../../outbound/smtp.js';

export interface EmailChannelOptions {
  readonly store: Pick<Store, 'emails'>;
  readonly mailer: Mailer;
  /** The site's public origin: the links in the mails. */
  readonly origin: string;
  /** Tries of a mail the relay refuses for now (4xx, a lost connection) before it counts as failed. */
  readonly attempts?: number;
  /** Milliseconds before try `n + 1`. */
  readonly backoffMs?: (attempt: number) => number;
  readonly sleep?: (ms: number) => Promise<void>;
}

/** The locale a subscription's mails are written in; English for one this version does not know. */
function localeOf(subscription: StoredEmail): Locale {
  return (LOCALES as readonly string[]).includes(subscription.locale)
    ? (subscription.locale as Locale)
    : 'en';
}

/**
 * Email (server/alerts/email/): one mail per confirmed address whose filters match, in its language,
 * with a `Message-ID` that is the same for every send of the pair. A relay that refuses the address
 * for good (5xx) removes it; one that refuses for now is tried again.
 */
export function emailChannel(options: EmailChannelOptions): DeliveryChannel<StoredEmail> {
  const { store, mailer } = options;
  const attempts = options.attempts ?? 3;
  const backoffMs = options.backoffMs ?? ((attempt: number) => 2000 * 2 ** (attempt - 1));
  const sleep = options.sleep;
  const domain = new URL(options.origin).hostname;
  return {
    name: 'email',
    owed: (alert, limit, after, upTo) => store.emails.owedEmails(alert.id, limit, after, upTo),
    async send(alert, subscription, hooks): Promise<DeliveryResult> {
      const payload = JSON.parse(alert.payload) as AlertPayload;
      const locale = localeOf(subscription);
      // Each mail's unsubscribe link has a token of its own; the store keeps its hash only (./tokens.ts).
      const unsubscribe = newToken();
      try {
        await store.emails.keepUnsubscribeHash(subscription.id, unsubscribe.hash);
      } catch (error) {
        return { kind: 'failed', status: null, attempts: 0, reason: `not sent: ${(error as Error).message}` };
      }
      const mail = alertMail({
        to: subscription.email,
        locale,
        event: payload,
        eventUrl: pageUrlFor(options.origin, locale, new URL(payload.url).pathname),
        unsubscribeUrl: unsubscribeUrlFor(options.origin, locale, unsubscribe.token),
        messageId: alertMessageId(alert.key, subscription.id, domain),
      });
      // The relay's transaction is not this process's to split: `sending` (awaited, durable) before
      // it starts, `sent` once the relay has taken the mail. A record that fails sends nothing. A
      // relay's 4xx (or a lost connection) is tried again; its 5xx removes the address.
      return withRetries<DeliveryResult>({ attempts, backoffMs, sleep }, async (attempt) => {
        const unrecorded = await awaitSendingRecord(hooks, attempt);
        if (unrecorded) return { done: unrecorded };
        const result = await mailer.send(mail);
        if (result.ok) {
          hooks.afterWrite();
          return { done: { kind: 'delivered', status: null, attempts: attempt } };
        }
        if (result.permanent) return { done: { kind: 'gone', status: null, attempts: attempt } };
        return { again: { kind: 'failed', status: null, attempts: attempt, reason: result.reason } };
      });
    },
    async settle(subscription, result) {
      if (result.kind === 'gone') await store.emails.removeEmail(subscription.id);
    },
    // The address is personal data: the log names the row, not the address.
    label: (subscription) => ({ email: `#${subscription.id}` }),
    close: () => mailer.close(),
  };
}

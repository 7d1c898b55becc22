import type { AlertPayload } from '../../../domain/alerts.js';
import type { Locale } from '../../../domain/locales.js';
import type { DeliveryChannel } from '../channel.js';
import { alertWords, pageUrlFor } from '../alert-words.js';
import type { Store, PendingAlert } from '../../store/index.js';
import type { SendMessageOptions } from './send-message.js';
import { sendMessage } from './send-message.js';

export interface TelegramChannelOptions {
  readonly store: Pick<Store, 'deliveries'>;
  readonly token: string;
  /** The public channel: `@name`, or its numeric id. */
  readonly chat: string;
  readonly apiUrl: string;
  /** The language its posts are written in. */
  readonly locale: Locale;
  /** `confirmed`: each confirmed reset; `every`: every alert (announced resets and corrections too). */
  readonly posts: 'confirmed' | 'every';
  /** The site's public origin: the event pages the posts link. */
  readonly origin: string;
  /** Delivery settings other than the address and token (tests shorten the waits). */
  readonly send?: Partial<Omit<SendMessageOptions, 'apiUrl' | 'token'>>;
}

/** A post's text: the alert's title and body in the channel's language, and the event's page in it. */
function telegramText(alert: PendingAlert, locale: Locale, origin: string): string {
  const payload = JSON.parse(alert.payload) as AlertPayload;
  const words = alertWords(payload, locale);
  const page = pageUrlFor(origin, locale, new URL(payload.url).pathname);
  return `${words.title}\n${words.body}\n${page}`;
}

/**
 * A public Telegram channel (Bot API `sendMessage`): its readers join the channel, so nothing is
 * stored per reader; the channel is the one recipient, and its delivery records, like every
 * channel's, make each alert one post (store/types.ts `owedTelegram`).
 */
export function telegramChannel(options: TelegramChannelOptions): DeliveryChannel {
  const { store } = options;
  const send: SendMessageOptions = {
    apiUrl: options.apiUrl,
    token: options.token,
    attempts: 4,
    maxRetryAfterMs: 120_000,
    backoffMs: (attempt) => 2000 * 2 ** (attempt - 1),
    ...options.send,
  };
  return {
    name: 'telegram',
    owed: (alert, _limit, after, upTo) =>
      options.posts === 'confirmed' && alert.reason !== 'confirmed'
        ? Promise.resolve([])
        : store.deliveries.owedTelegram(alert.id, after, upTo),
    send: (alert, _recipient, hooks) =>
      sendMessage(
        { chat_id: options.chat, text: telegramText(alert, options.locale, options.origin) },
        hooks,
        send,
      ),
    // The channel is the operator's: a refusal is logged (deliver-one.ts), never a reason to drop it.
    settle: () => Promise.resolve(),
    label: () => ({ telegram: options.chat }),
    close() {},
  };
}

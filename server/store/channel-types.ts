import type { AudienceFilter, WindowFilter } from '../../domain/schemas/index.js';

/** How a webhook's body is written: Standard Webhooks JSON, or the native body of Discord or Slack. */
type WebhookKind = 'generic' | 'discord' | 'slack';

/**
 * `pending` until the URL proves it wants the alerts (an echoed challenge, or a 2xx to Discord's or
 * Slack's first message); `active` gets alerts; `disabled` after a run of failed alerts, with why.
 */
type WebhookState = 'pending' | 'active' | 'disabled';

/** A webhook subscription as stored: the signing secret is kept, the management token only hashed. */
export interface StoredWebhook {
  readonly id: number;
  /** The id its owner names it by (`GET /alerts/webhooks/{id}`): random, unlike the row's `id`. */
  readonly publicId: string;
  readonly url: string;
  readonly kind: WebhookKind;
  readonly secret: string;
  readonly tokenHash: string;
  readonly audience: AudienceFilter;
  readonly window: WindowFilter;
  readonly state: WebhookState;
  /** Alerts in a row that failed; reset by one delivered. */
  readonly failures: number;
  readonly disabledReason: string | null;
  readonly lastDeliveryAt: number | null;
  readonly lastStatus: number | null;
  readonly createdAt: number;
}

export type NewWebhook = Pick<
  StoredWebhook,
  'publicId' | 'url' | 'kind' | 'secret' | 'tokenHash' | 'audience' | 'window'
>;

/** What one alert's delivery to a webhook ended in, for its run of failures and its `GET`. */
export interface WebhookResult {
  readonly delivered: boolean;
  readonly status: number | null;
  /** Failed alerts in a row past which the webhook is disabled. */
  readonly disableAfter: number;
  /** Why, when this failure disables it. */
  readonly reason: string | null;
}

/** What `addWebhook` did: stored it, or nothing because the store is full or holds its URL. */
export type AddedWebhook = { stored: StoredWebhook } | { full: true } | { exists: true };

export interface WebhookStore {
  /**
   * Stores a new webhook, `pending`; past `max` webhooks in all, or when a webhook with the same URL
   * is stored, nothing is stored (a URL registered twice would get every message twice).
   */
  addWebhook(webhook: NewWebhook, max?: number, maxPending?: number): Promise<AddedWebhook>;
  webhook(publicId: string): Promise<StoredWebhook | null>;
  /** Marks a pending webhook active (its challenge was echoed, or its platform took the first message). */
  activateWebhook(id: number): Promise<void>;
  /** Records one alert's outcome: a success clears the run of failures, a long run disables it. */
  recordWebhookResult(id: number, result: WebhookResult): Promise<void>;
  removeWebhook(id: number): Promise<void>;
  /** Webhooks stored; `verified`: those past their check (active or disabled), which `max` bounds. */
  webhookCount(verified?: 'verified'): Promise<number>;
  /** Up to `limit` active webhooks the alert is owed to, as `owed` for browsers. */
  owedWebhooks(alertId: number, limit: number, afterId?: number, upTo?: number): Promise<StoredWebhook[]>;
}

/** An email subscription: an address is alerted only once confirmed. */
export interface StoredEmail {
  readonly id: number;
  readonly email: string;
  /** The language its mails are written in: the page its form was sent from. */
  readonly locale: string;
  readonly audience: AudienceFilter;
  readonly window: WindowFilter;
  readonly confirmedAt: number | null;
  /** When the last confirmation mail was sent: at most one an hour per address. */
  readonly confirmationSentAt: number | null;
  readonly createdAt: number;
}

/**
 * A request to be alerted at an address: the filters it asks for and the hash of the confirmation
 * token its mail carries (the token itself is never stored).
 */
export interface EmailRequest {
  readonly email: string;
  readonly locale: string;
  readonly audience: AudienceFilter;
  readonly window: WindowFilter;
  readonly confirmHash: string;
}

export type EmailRequestOutcome =
  /** A confirmation mail is to be sent, with the token whose hash was stored. */
  | { readonly kind: 'confirm'; readonly subscription: StoredEmail }
  /** A confirmation went to this address within the hour: none is sent now. */
  | { readonly kind: 'recently-asked' }
  | { readonly kind: 'full' };

export interface EmailStore {
  /**
   * Records a request to alert an address. A new address is stored unconfirmed; a known one keeps
   * its filters until the new ones are confirmed (a stranger cannot change them). At most one
   * confirmation an hour per address; past `max` addresses in all, nothing is stored.
   */
  requestEmail(request: EmailRequest, max?: number, maxUnconfirmed?: number): Promise<EmailRequestOutcome>;
  /**
   * Undoes a request whose confirmation mail the relay did not take, unless a later request replaced
   * it (another hash): an unconfirmed address is forgotten, a confirmed one keeps its filters and may
   * ask again at once. A mail that never left must not hold the address's hour.
   */
  confirmationNotSent(id: number, confirmHash: string): Promise<void>;
  /** Confirms the address whose confirmation token has this hash: its asked filters apply. */
  confirmEmail(confirmHash: string): Promise<StoredEmail | null>;
  /**
   * Keeps the hash of the unsubscribe token one mail to this address carries: each alert mail has a
   * token of its own, and the store keeps only hashes, so a copy of it unsubscribes no one.
   */
  keepUnsubscribeHash(id: number, unsubscribeHash: string): Promise<void>;
  /** Removes the address one of whose mails carried the token with this hash; true when there was one. */
  unsubscribeEmail(unsubscribeHash: string): Promise<boolean>;
  /** Removes an address the mail server refuses for good. */
  removeEmail(id: number): Promise<void>;
  /** Addresses stored; `verified`: the confirmed ones, which `max` bounds. */
  emailCount(verified?: 'verified'): Promise<number>;
  /** Up to `limit` confirmed addresses the alert is owed to, as `owed` for browsers. */
  owedEmails(alertId: number, limit: number, afterId?: number, upTo?: number): Promise<StoredEmail[]>;
}

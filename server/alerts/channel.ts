import { describeError } from '../outbound/describe-error.js';
import type { Channel, PendingAlert } from '../store/index.js';

/**
 * What became of one message: `delivered`, `gone` (the subscription no longer exists: it is
 * removed), or `failed` (refused, or still failing after every try), with the answer's status.
 */
export type DeliveryResult =
  | { readonly kind: 'delivered' | 'gone'; readonly status: number | null; readonly attempts: number }
  | {
      readonly kind: 'failed';
      readonly status: number | null;
      readonly attempts: number;
      readonly reason: string;
    };

/**
 * What became of one HTTP message (a push, a webhook's POST): `delivered` (its receiver took it), `gone` (404 or 410: the
 * subscription no longer exists and must be removed), or `failed` (refused, or still failing after
 * every try).
 */
export type HttpOutcome =
  | { readonly kind: 'delivered'; readonly status: number; readonly attempts: number }
  | { readonly kind: 'gone'; readonly status: number; readonly attempts: number }
  | {
      readonly kind: 'failed';
      readonly status: number | null;
      readonly attempts: number;
      readonly reason: string;
    };

/** Called by a channel around the moment its message leaves (server/alerts/push/send.ts `beforeWrite`). */
export interface WriteHooks {
  /**
   * Before each try's message is written (for HTTP, once its connection is ready): the `sending`
   * record. The channel awaits it and writes nothing before it resolves, so no message leaves without
   * a durable record of it. When it rejects, nothing is written and the delivery fails (`not
   * recorded: …`), not tried again.
   */
  readonly beforeWrite: () => Promise<void>;
  /**
   * Once the message has been handed over whole: the `sent` record. Called, not awaited (the answer
   * is being waited for meanwhile); the sender orders its records after it.
   */
  readonly afterWrite: () => void;
}

/**
 * Awaits a try's `sending` record (`hooks.beforeWrite`) for a channel that loops over its tries:
 * undefined once it is written, or the failed result that ends the delivery when it is not.
 */
export async function awaitSendingRecord(
  hooks: WriteHooks,
  attempt: number,
): Promise<DeliveryResult | undefined> {
  try {
    await hooks.beforeWrite();
    return undefined;
  } catch (error) {
    return {
      kind: 'failed',
      status: null,
      attempts: attempt,
      reason: `not recorded: ${describeError(error)}`,
    };
  }
}

/**
 * One way alerts reach subscribers (browser push, webhooks, email), as the sender
 * (server/alerts/sender.ts) drives it: who is owed an alert, how one message is sent, and what a
 * message's result does to its subscription. Every channel's deliveries are recorded in the one
 * ledger of the store, by channel, so an alert goes once to each subscription whatever its channel.
 */
export interface DeliveryChannel<R extends { readonly id: number } = { readonly id: number }> {
  readonly name: Channel;
  /** Up to `limit` subscriptions still owed the alert, with ids in (`after`, `upTo`], in id order. */
  owed(alert: PendingAlert, limit: number, after: number, upTo: number): Promise<readonly R[]>;
  /** Sends one message; never throws (a failure is a result, with its reason). */
  send(alert: PendingAlert, recipient: R, hooks: WriteHooks): Promise<DeliveryResult>;
  /** What the result does to the subscription, once it is recorded (a gone one is removed). */
  settle(recipient: R, result: DeliveryResult): Promise<void>;
  /** How the log names a subscription: never a capability URL or an address in full. */
  label(recipient: R): Record<string, string>;
  /** Frees what the channel holds open (connections), once the sender has stopped. */
  close(): void;
}

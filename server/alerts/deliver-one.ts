import type { Logger } from 'pino';
import type { DeliveryChannel, DeliveryResult } from './channel.js';
import { describeError } from '../outbound/describe-error.js';
import type { Store, Delivery, PendingAlert } from '../store/index.js';

/**
 * What became of a delivery's records: all written; the `sending` record's write rejected, so
 * nothing of the message left (`unsent`: the store may still hold that record, if only its answer
 * was lost); or a record after the message left not written (`unrecorded`).
 */
export type DeliveryRecords = 'recorded' | 'unsent' | 'unrecorded';

/**
 * Sends one message of an alert to one subscription on a channel; whatever goes wrong is recorded as
 * this delivery's failure, never thrown. When the store did not take a record of it, the sender's
 * share reads what it still owes again before finishing (server/alerts/sender.ts).
 *
 * The delivery is recorded as `sending`, and that record awaited, before a byte of its message is
 * written (the channel's `beforeWrite`), as `sent` once the kernel has all of it, then with the answer.
 */
export async function deliverOne(
  store: Pick<Store, 'deliveries'>,
  logger: Logger,
  alert: PendingAlert,
  channel: DeliveryChannel,
  recipient: { readonly id: number },
): Promise<DeliveryRecords> {
  const delivery: Delivery = { alertId: alert.id, channel: channel.name, subscriptionId: recipient.id };
  const unrecorded = (error: unknown) =>
    logger.error(
      {
        alert: alert.key,
        channel: channel.name,
        ...channel.label(recipient),
        reason: describeError(error),
      },
      'alerts: a delivery could not be recorded',
    );
  // The `sent` record of the last try, written while its answer is awaited. The records after it
  // (the next try's `sending`, the outcome) wait for it, so they are written in the order made.
  let sent: Promise<void> = Promise.resolve();
  // The last try's `sending` record could not be written, so nothing of that try left.
  let unwritten = false;
  let result: DeliveryResult;
  try {
    result = await channel.send(alert, recipient, {
      // The channel awaits this before a byte of the message is written, and writes nothing if
      // it rejects: a crash after the record leaves it `sending`, sent again by the sender that
      // takes the claim over; no message leaves unrecorded, so none is ever sent twice unseen.
      beforeWrite: async () => {
        await sent;
        unwritten = true;
        await store.deliveries.recordDelivery(delivery, 'sending');
        unwritten = false;
      },
      afterWrite: () => {
        sent = store.deliveries.recordDelivery(delivery, 'sent').catch(unrecorded);
      },
    });
  } catch (error) {
    result = { kind: 'failed', status: null, attempts: 1, reason: `not sent: ${describeError(error)}` };
  }
  if (unwritten) {
    // Not a failure of the subscription: nothing of the message left, so it is still owed (its
    // share forgets the record the store may have taken, and reads it again).
    unrecorded(new Error(result.kind === 'failed' ? result.reason : 'the sending record failed'));
    return 'unsent';
  }
  try {
    await sent;
    await store.deliveries.recordDelivery(delivery, result.kind, {
      status: result.status,
      attempts: result.attempts,
      reason: result.kind === 'failed' ? result.reason : null,
    });
    await channel.settle(recipient, result);
  } catch (error) {
    unrecorded(error);
    return 'unrecorded';
  }
  if (result.kind === 'failed') {
    logger.warn(
      {
        alert: alert.key,
        channel: channel.name,
        ...channel.label(recipient),
        status: result.status,
        reason: result.reason,
      },
      'alerts: a delivery failed',
    );
  }
  return 'recorded';
}

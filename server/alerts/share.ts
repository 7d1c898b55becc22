import type { DeliveryChannel } from './channel.js';
import type { Claim, ClaimKey } from '../store/index.js';

/** One claimed share of an alert's fan-out, as the sender holding it (sender.ts) sends it. */
export interface Share {
  readonly claim: Claim;
  readonly channel: DeliveryChannel;
  readonly started: number;
  /** Its subscriptions still owed, read when it was claimed, not yet handed to a lane. */
  queue: { readonly id: number }[];
  active: number;
  /** The claim expired and another sender took it: nothing more of it is sent here. */
  lost: boolean;
  /**
   * A delivery of it could not be recorded (the store did not answer): what was never sent is still
   * owed, and is read again before the claim is finished.
   */
  unsure: boolean;
  /** Its subscriptions whose `sending` record's write rejected: nothing left, owed again. */
  unsent: number[];
}

export const keyOf = (claim: ClaimKey) => `${claim.alertId}/${claim.channel}/${claim.after}`;

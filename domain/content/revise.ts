import { curatorTime } from './draft.js';

export type Revision =
  | { readonly action: 'edit' }
  | { readonly action: 'confirm' }
  | { readonly action: 'cancel' | 'retract' | 'correct'; readonly reason: string };

/**
 * An edited event: `revision` bumped, `revised_at` now, and `event_status` and `correction` set
 * together as the loader's rules want them (a retraction needs a `retraction` correction, a
 * cancellation a correction). Keys keep their order; new ones go where the format puts them.
 */
export function reviseEvent(event: Record<string, unknown>, revision: Revision, now: number): Record<string, unknown> {
  const revised: Record<string, unknown> = { ...event };
  const at = curatorTime(now);
  if (revision.action === 'confirm') revised['event_status'] = 'confirmed';
  if (revision.action === 'cancel') revised['event_status'] = 'cancelled';
  if (revision.action === 'retract') revised['event_status'] = 'retracted';
  if (revision.action === 'cancel' || revision.action === 'retract' || revision.action === 'correct') {
    const kind = revision.action === 'retract' ? 'retraction' : 'correction';
    revised['correction'] = { kind, reason: revision.reason, at };
  }
  revised['revision'] = (typeof event['revision'] === 'number' ? event['revision'] : 0) + 1;
  revised['revised_at'] = at;
  // `correction` sits after `revision`, before `related_event_ids`, as in the shipped files.
  if (!('correction' in event) && 'correction' in revised && 'related_event_ids' in revised) {
    const { related_event_ids: related, ...rest } = revised;
    return { ...rest, related_event_ids: related };
  }
  return revised;
}

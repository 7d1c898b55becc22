/**
 * Tells the curator of a new lead, through the operator's own channels: a webhook signed as the
 * alerts' are (Standard Webhooks, `type: "lead.new"`, the lead as `data`) and a plain mail. A lead is
 * marked told once every configured channel took it; one a channel refused is told again on the
 * watcher's next round (./watcher.ts).
 */
import type { Mailer } from '../alerts/email/smtp.js';
import type { StoredLead } from '../alerts/store/index.js';
import { signedHeaders } from '../alerts/webhooks/messages.js';
import type { PostOptions } from '../alerts/webhooks/post.js';
import { postWebhook } from '../alerts/webhooks/post.js';
import { parseWebhookTarget } from '../alerts/webhooks/target.js';
import { webAddress } from '../../domain/text/web-address.js';

export interface CuratorChannels {
  readonly webhook?: { readonly url: string; readonly secret: string; readonly post: PostOptions };
  readonly email?: { readonly to: string; readonly mailer: Mailer };
}

/** A lead as the curator's webhook and mail carry it: its address only when it is http(s). */
export function leadMessage(lead: StoredLead) {
  return {
    id: lead.id,
    url: webAddress(lead.url),
    post_id: lead.postId,
    posted_at: lead.postedAt === null ? null : new Date(lead.postedAt).toISOString(),
    seen_at: new Date(lead.seenAt).toISOString(),
    title: lead.title,
    words: lead.words,
    matched: lead.matched,
    sources: lead.sources,
  };
}

/** Whether any channel is configured: without one, leads wait in the inbox (`npm run leads`). */
export const hasChannel = (channels: CuratorChannels): boolean =>
  channels.webhook !== undefined || channels.email !== undefined;

/** Tells every channel; resolves with why a channel refused, or null when all took it. */
export async function tellCurator(
  lead: StoredLead,
  channels: CuratorChannels,
  now: number,
): Promise<string | null> {
  const failures: string[] = [];
  if (channels.webhook) {
    const { url, secret, post } = channels.webhook;
    const target = parseWebhookTarget(url, post.allowedOrigins);
    if (!target.ok) failures.push(`webhook: ${target.reason}`);
    else {
      const body = JSON.stringify({
        type: 'lead.new',
        timestamp: new Date(now).toISOString(),
        data: leadMessage(lead),
      });
      const headers = signedHeaders(secret, `lead_${lead.id}`, Math.floor(now / 1000), body);
      const answer = await postWebhook(target, body, headers, post);
      if (!answer.ok) failures.push(`webhook: ${answer.reason}`);
      else if (answer.status < 200 || answer.status > 299)
        failures.push(`webhook: answered ${answer.status}`);
    }
  }
  if (channels.email) {
    const message = leadMessage(lead);
    const text = [
      `A new lead (#${lead.id}) for the record: ${lead.title}`,
      '',
      message.url ?? '(no web address)',
      message.posted_at ? `Posted: ${message.posted_at}` : 'Posted: not known',
      `Seen: ${message.seen_at}, by ${lead.sources.join(', ')}`,
      lead.matched.length > 0 ? `Matched: ${lead.matched.join(', ')}` : '',
      '',
      lead.words,
      '',
      `Answer it: npm run content:new -- --lead ${lead.id}, or npm run leads -- dismiss ${lead.id} --why "…"`,
    ].join('\n');
    const sent = await channels.email.mailer.send({
      to: channels.email.to,
      subject: `Lead #${lead.id}: ${lead.title}`.slice(0, 200),
      text,
      html: `<pre>${text.replace(/[&<>]/g, (c) => `&#${c.charCodeAt(0)};`)}</pre>`,
      headers: { 'Auto-Submitted': 'auto-generated' },
    });
    if (!sent.ok) failures.push(`email: ${sent.reason}`);
  }
  return failures.length === 0 ? null : failures.join('; ');
}

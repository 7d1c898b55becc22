/**
 * Tells the curator of new leads, through the operator's own channels, in one digest a round: a
 * webhook signed as the alerts' are (Standard Webhooks, `type: "leads.new"`, the leads as
 * `data.leads`) and a plain mail. A lead is marked told once every configured channel took it; one a
 * channel refused is told again in the watcher's next round (./watcher.ts).
 */
import type { Mailer } from '../outbound/smtp.js';
import type { StoredLead } from '../store/index.js';
import { signedHeaders } from '../outbound/webhook-signing.js';
import type { PostOptions } from '../outbound/webhook-post.js';
import { postWebhook } from '../outbound/webhook-post.js';
import { parseWebhookTarget } from '../outbound/webhook-target.js';
import { terminalText, terminalLines } from '../../domain/terminal-text.js';
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

/** The most leads one digest carries: the rest go in the next round's. */
export const LEADS_PER_DIGEST = 50;

/** One lead as the mail says it. */
function mailBlock(lead: StoredLead): string {
  const message = leadMessage(lead);
  return [
    `#${lead.id}: ${terminalText(lead.title)}`,
    message.url ?? '(no web address)',
    message.posted_at ? `Posted: ${message.posted_at}` : 'Posted: not known',
    `Seen: ${message.seen_at}, by ${lead.sources.join(', ')}`,
    ...(lead.matched.length > 0 ? [`Matched: ${terminalText(lead.matched.join(', '))}`] : []),
    '',
    terminalLines(lead.words),
  ].join('\n');
}

/**
 * Tells every channel of `leads` (a round's new leads, oldest first) in one message each: one
 * webhook (`type: "leads.new"`, the leads as `data.leads`) and one mail. Resolves with why a channel
 * refused, or null when all took it.
 */
export async function tellCurator(
  leads: readonly StoredLead[],
  channels: CuratorChannels,
  now: number,
): Promise<string | null> {
  const failures: string[] = [];
  const first = leads[0];
  if (first === undefined) return null;
  const last = leads.at(-1)!;
  if (channels.webhook) {
    const { url, secret, post } = channels.webhook;
    const target = parseWebhookTarget(url, post.allowedOrigins);
    if (!target.ok) failures.push(`webhook: ${target.reason}`);
    else {
      const body = JSON.stringify({
        type: 'leads.new',
        timestamp: new Date(now).toISOString(),
        data: { leads: leads.map(leadMessage) },
      });
      // The same leads told again (a refused try) carry the same id: a receiver sees the retry.
      const id = `leads_${first.id}_${last.id}_${leads.length}`;
      const headers = signedHeaders(secret, id, Math.floor(now / 1000), body);
      const answer = await postWebhook(target, body, headers, post);
      if (!answer.ok) failures.push(`webhook: ${answer.reason}`);
      else if (answer.status < 200 || answer.status > 299)
        failures.push(`webhook: answered ${answer.status}`);
    }
  }
  if (channels.email) {
    const ids = leads.map((lead) => lead.id);
    const text = [
      leads.length === 1
        ? `A new lead for the record:`
        : `${leads.length} new leads for the record (#${ids.join(', #')}):`,
      '',
      leads.map(mailBlock).join('\n\n---\n\n'),
      '',
      `Answer each: npm run content:new -- --lead <id>, or npm run leads -- dismiss <id> --why "…"`,
    ].join('\n');
    const subject =
      leads.length === 1
        ? `Lead #${first.id}: ${first.title}`
        : `${leads.length} new leads: ${first.title} …`;
    const sent = await channels.email.mailer.send({
      to: channels.email.to,
      subject: terminalText(subject).slice(0, 200),
      text,
      html: `<pre>${text.replace(/[&<>]/g, (c) => `&#${c.charCodeAt(0)};`)}</pre>`,
      headers: { 'Auto-Submitted': 'auto-generated' },
    });
    if (!sent.ok) failures.push(`email: ${sent.reason}`);
  }
  return failures.length === 0 ? null : failures.join('; ');
}

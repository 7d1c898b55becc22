/**
 * What a webhook message says, as the Standard Webhooks specification (standardwebhooks.com) writes
 * it for generic targets, and as Discord's and Slack's incoming webhooks take it for theirs.
 *
 * A generic message is JSON `{"type","timestamp","data"}` signed with the target's secret
 * (server/outbound/webhook-signing.ts; a receiver refuses a `webhook-timestamp` more than 5 minutes
 * off). A new target is verified before any
 * alert is sent: it gets a `webhook.verification` message and must echo its challenge.
 */
import { randomBytes } from 'node:crypto';

/** The alerts a webhook receives: a reset confirmed, announced ahead of its time, or corrected. */
export type AlertType = 'reset.confirmed' | 'reset.announced' | 'reset.corrected';

/** A new verification challenge: 24 random bytes, base64url (32 characters). */
export function newChallenge(): string {
  return randomBytes(24).toString('base64url');
}

/** An alert's body: `data` is the API's event record, passed on as it is; `timestampIso` when it was sent. */
export function alertBody(type: AlertType, timestampIso: string, data: unknown): string {
  return JSON.stringify({ type, timestamp: timestampIso, data });
}

/** The body of the message that checks a new target: it must answer 2xx echoing `challenge`. */
export function verificationBody(challenge: string, timestampIso = new Date().toISOString()): string {
  return JSON.stringify({ type: 'webhook.verification', timestamp: timestampIso, data: { challenge } });
}

/**
 * Whether a 2xx answer's body echoes the challenge: JSON `{"challenge":"…"}` holding the same
 * string, or the bare challenge, whitespace around either trimmed. The status is the caller's to check.
 */
export function echoesChallenge(answerBody: string, challenge: string): boolean {
  if (challenge === '') return false;
  const text = answerBody.trim();
  if (text === challenge) return true;
  try {
    const parsed: unknown = JSON.parse(text);
    return (
      typeof parsed === 'object' &&
      parsed !== null &&
      !Array.isArray(parsed) &&
      (parsed as { challenge?: unknown }).challenge === challenge
    );
  } catch {
    return false;
  }
}

/**
 * `text` in at most `max` UTF-16 units (so at most `max` characters as either platform counts
 * them), ending with an ellipsis when cut; a surrogate pair is never split.
 */
export function cut(text: string, max: number): string {
  if (text.length <= max) return text;
  let end = max - 1;
  const last = text.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end -= 1;
  return `${text.slice(0, end)}…`;
}

/** Discord's limits (discord.com/developers/docs/resources/message, …/webhook). */
const DISCORD_LIMITS = { content: 2000, title: 256, description: 4096 } as const;

/** Slack's limit on a section block's text (docs.slack.dev/reference/block-kit/blocks/section-block). */
const SLACK_SECTION_TEXT_LIMIT = 3000;

/**
 * A Discord execute-webhook body: `content` is the text (what notifications show), one embed links
 * to `url` with the text's first line as its title and the text as its description. Mentions are
 * off (`allowed_mentions`), so an `@everyone` in the text pings no one.
 */
export function discordBody(text: string, url: string): string {
  const firstLine = text.split('\n', 1)[0]!.trim() || text.trim();
  return JSON.stringify({
    content: cut(text, DISCORD_LIMITS.content),
    embeds: [
      {
        title: cut(firstLine, DISCORD_LIMITS.title),
        url,
        description: cut(text, DISCORD_LIMITS.description),
      },
    ],
    allowed_mentions: { parse: [] },
  });
}

/** Escapes the three characters Slack's mrkdwn reserves (docs.slack.dev/messaging/formatting-message-text). */
function slackEscape(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** `cut` for escaped mrkdwn: never leaves half an entity (`&am…`). */
function cutEscaped(text: string, max: number): string {
  if (text.length <= max) return text;
  const kept = cut(text, max)
    .slice(0, -1)
    .replace(/&[a-z]*$/, '');
  return `${kept}…`;
}

/**
 * A Slack incoming-webhook body: `text` (the notification's text) and one mrkdwn section block
 * holding the text and a link to `url`, each within a section's 3,000 characters.
 */
export function slackBody(text: string, url: string): string {
  const link = `\n<${url}>`;
  const escaped = slackEscape(text);
  return JSON.stringify({
    text: cutEscaped(escaped, SLACK_SECTION_TEXT_LIMIT),
    blocks: [
      {
        type: 'section',
        text: { type: 'mrkdwn', text: cutEscaped(escaped, SLACK_SECTION_TEXT_LIMIT - link.length) + link },
      },
    ],
  });
}

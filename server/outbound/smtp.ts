import nodemailer from 'nodemailer';
import type { NodemailerError, SendMailOptions, SMTPPoolOptions } from 'nodemailer';

/**
 * Sending mail over SMTP (email alerts, and the curator's lead mails): one pool of connections to one relay (the operator's mail service),
 * opened from `EMAIL_SMTP_URL`-style URLs with nodemailer's pooled transport.
 *
 * - `smtp://user:pass@host:587`: plain connection, upgraded with STARTTLS when the relay offers it;
 *   `smtps://user:pass@host:465`: TLS from the first byte. User and password are percent-encoded in
 *   the URL; a query is ignored. The relay's certificate is always verified.
 * - Every wait is bounded (connecting, the greeting, DNS, an idle socket), so a relay that never
 *   answers ends a send as a temporary failure instead of holding the sender.
 * - One connection carries many mails (`maxMessages` each) and stays open `idleTimeout` between them.
 *
 * `send` never throws: it answers `{ ok: true, messageId }` once the relay has taken the mail, or
 * `{ ok: false, reason, permanent }`. `permanent` means sending the same mail again gets the same
 * refusal: a 5xx reply (the mailbox does not exist, the mail is refused), or an address nodemailer
 * cannot use at all. A 4xx reply, a network failure or a time-out is temporary: send the same mail
 * (same Message-ID) later. An authentication failure is also temporary, whatever its code: it is the
 * service's configuration, not the recipient, that is wrong, and the mail must not be given up.
 * `reason` is one line (the relay's reply, or the network error's code), never a stack, never the URL.
 */

/**
 * What `Mailer.send` takes: everything nodemailer needs but `from`, which is the mailer's. The alert
 * and confirmation mails (server/alerts/email/messages.ts) and the curator's lead mails make these.
 */
export interface MailContent {
  readonly to: string;
  readonly subject: string;
  readonly text: string;
  readonly html: string;
  /** `Content-Language`, `Auto-Submitted` and, on alerts, `List-Unsubscribe`(-Post). */
  readonly headers: Readonly<Record<string, string>>;
  /** `<id@domain>`; nodemailer makes a random one when absent. */
  readonly messageId?: string;
}

export interface MailerOptions {
  /** `smtp://user:pass@host:587` or `smtps://user:pass@host:465`. */
  readonly smtpUrl: string;
  /** The `From` of every mail and the envelope sender: `Usage-Limit Reset Tracker <alerts@host>`. */
  readonly from: string;
  /** Connections open at once. */
  readonly maxConnections?: number;
  /** Mails one connection carries before it is replaced. */
  readonly maxMessages?: number;
  /** Milliseconds to open the TCP (and, for smtps, TLS) connection. */
  readonly connectionTimeoutMs?: number;
  /** Milliseconds from connecting to the relay's greeting. */
  readonly greetingTimeoutMs?: number;
  /** Milliseconds a socket may stay silent in the middle of a mail. */
  readonly socketTimeoutMs?: number;
  /** Milliseconds an idle pooled connection is kept open for the next mail. */
  readonly idleTimeoutMs?: number;
}

export type SendResult =
  | { readonly ok: true; readonly messageId: string }
  | { readonly ok: false; readonly reason: string; readonly permanent: boolean };

export interface Mailer {
  /** Sends one mail (its `from` is the mailer's); resolves when the relay answers, never rejects. */
  send(message: MailContent): Promise<SendResult>;
  /** Closes the pool: idle connections at once, busy ones once their mail is answered. */
  close(): void;
}

const DEFAULTS = {
  maxConnections: 4,
  maxMessages: 100,
  connectionTimeoutMs: 10_000,
  greetingTimeoutMs: 10_000,
  socketTimeoutMs: 30_000,
  idleTimeoutMs: 60_000,
} as const;

const firstLine = (text: string) => text.split(/\r?\n/, 1)[0]!.trim().slice(0, 300);

/** What became of a failed send, in one line, and whether a later try can do better. */
export function describeSmtpError(error: unknown): { reason: string; permanent: boolean } {
  if (!(error instanceof Error)) return { reason: firstLine(String(error)), permanent: false };
  const failure = error as NodemailerError;
  const code = failure.code ?? '';
  if (code === 'EAUTH' || code === 'ENOAUTH')
    return {
      reason: `authentication failed${failure.responseCode ? ` (${failure.responseCode})` : ''}`,
      permanent: false,
    };
  if (typeof failure.responseCode === 'number' && failure.responseCode >= 400) {
    const reply = failure.response ? firstLine(failure.response) : String(failure.responseCode);
    const answered = reply.startsWith(String(failure.responseCode))
      ? reply
      : `${failure.responseCode} ${reply}`;
    return {
      reason: `${failure.command ? `${failure.command}: ` : ''}relay answered ${answered}`,
      permanent: failure.responseCode >= 500,
    };
  }
  // An address or message nodemailer refuses before any reply: no later try would do better.
  if (code === 'EENVELOPE' || code === 'EMESSAGE')
    return { reason: firstLine(failure.message), permanent: true };
  if (code === 'ETIMEDOUT')
    return { reason: `timed out${failure.timeoutType ? ` (${failure.timeoutType})` : ''}`, permanent: false };
  const cause = failure.originalCode ?? failure.errno ?? code;
  return { reason: `unreachable (${cause || firstLine(failure.message)})`, permanent: false };
}

/**
 * The relay of an `smtp://` or `smtps://` URL: host, port (587 or 465 when none), implicit TLS, and
 * the percent-decoded user and password. Throws a one-line error for anything else.
 */
export function relayOf(smtpUrl: string): {
  host: string;
  port: number;
  secure: boolean;
  auth?: { user: string; pass: string };
} {
  let url: URL;
  try {
    url = new URL(smtpUrl);
  } catch {
    throw new Error('the SMTP URL is not a URL');
  }
  if (url.protocol !== 'smtp:' && url.protocol !== 'smtps:')
    throw new Error(`the SMTP URL must start with smtp:// or smtps://, not ${url.protocol}//`);
  if (!url.hostname) throw new Error('the SMTP URL names no host');
  const secure = url.protocol === 'smtps:';
  const relay = {
    host: url.hostname.replace(/^\[(.*)\]$/, '$1'),
    port: url.port ? Number(url.port) : secure ? 465 : 587,
    secure,
  };
  if (!url.username && !url.password) return relay;
  return {
    ...relay,
    auth: { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) },
  };
}

/** The pooled transport of one relay, with every time-out bounded. Throws on an unusable URL. */
export function createMailer(options: MailerOptions): Mailer {
  const settings = { ...DEFAULTS, ...options };
  const pool: SMTPPoolOptions & { pool: true } = {
    pool: true,
    ...relayOf(settings.smtpUrl),
    maxConnections: settings.maxConnections,
    maxMessages: settings.maxMessages,
    // A connection closed under a mail is tried once more on a new one (an idle connection the
    // relay closed just as it was picked); after that the failure is the caller's to retry.
    maxRequeues: 1,
    idleTimeout: settings.idleTimeoutMs,
    connectionTimeout: settings.connectionTimeoutMs,
    greetingTimeout: settings.greetingTimeoutMs,
    socketTimeout: settings.socketTimeoutMs,
    dnsTimeout: settings.connectionTimeoutMs,
    logger: false,
  };
  const transport = nodemailer.createTransport(pool, { from: settings.from });
  return {
    async send(message) {
      const mail: SendMailOptions = { ...message, from: settings.from };
      try {
        const info = await transport.sendMail(mail);
        return { ok: true, messageId: info.messageId };
      } catch (error) {
        return { ok: false, ...describeSmtpError(error) };
      }
    },
    close() {
      transport.close();
    },
  };
}

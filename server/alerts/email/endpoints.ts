import type { Context, Middleware } from 'koa';
import type { Logger } from 'pino';
import { EmailSubscriptionRequest, MailLocale } from '../../../domain/schemas/alerts.js';
import { HttpProblem } from '../../http/http-problem.js';
import { makeProblem } from '../../http/problem-types.js';
import type { Lang } from '../../site/i18n/lang.js';
import { langOf } from '../../site/i18n/lang.js';
import type { Locale } from '../../../domain/locales.js';
import { DEFAULT_LOCALE, LOCALES, localePath } from '../../../domain/locales.js';
import { PAGE_CSP } from '../../site/pages/page-policies.js';
import { confirmUrlFor, EMAIL_CONFIRM_PATH, EMAIL_UNSUBSCRIBE_PATH } from './links.js';
import { confirmationMail } from './messages.js';
import type { EmailPage } from './pages.js';
import { emailPage, emailProblemPage } from './pages.js';
import { readBoundedBody } from '../../http/request-body.js';
import { checkRepeated, EMAIL_BODY_MAX_BYTES, isForm, isOneClick, linkToken, readFields } from './request.js';
import type { Mailer } from '../../outbound/smtp.js';
import { newToken } from './tokens.js';
import { hashToken } from '../token-hash.js';
import type { Store } from '../../store/index.js';
import type { WriteCount } from '../write-limit.js';
import { limitWrites } from '../write-limit.js';
import { checkedBody } from '../checked-body.js';
import type { StoreOutage } from '../store-outage.js';
import type { UnconfirmedShare } from './unconfirmed-share.js';
import { takeShare } from './unconfirmed-share.js';
import { OnceAMinute } from '../once-a-minute.js';

/** Runs `run` behind a middleware (an Origin check, a write limit), which may refuse it. */
async function through(middleware: Middleware, ctx: Context, run: () => Promise<void>): Promise<void> {
  await middleware(ctx, run);
}

/** Where an address asks for email alerts (JSON, or the alerts control's form). */
export const EMAIL_SUBSCRIBE_PATH = '/alerts/email';

/** What the email endpoints use when email is on. */
interface EmailAlerts {
  readonly store: Pick<Store, 'emails'>;
  readonly mailer: Mailer;
  /** Addresses in all: past it a request is refused (503 `subscriptions_full`), whatever the address. */
  readonly maxSubscriptions: number;
  /** Addresses never confirmed, a bound of their own (config `maxUnverified`). */
  readonly maxUnverified: number;
  /** Subscription writes per minute, per client address and per network. */
  readonly writeLimits: readonly WriteCount[];
  /** The part of `maxUnverified` one network may fill; none: no share. */
  readonly unconfirmedShare?: UnconfirmedShare;
}

export interface EmailEndpointsOptions {
  /** The store and the relay; null when email is off (no SMTP): every endpoint answers 503. */
  readonly email: EmailAlerts | null;
  /** `PUBLIC_BASE_URL`: the links in the mails, the pages' canonical links and the problems' types. */
  readonly origin: string;
  /** The Origin check of every write (server/http/same-origin.ts). */
  readonly sameOrigin: Middleware;
  readonly logger: Logger;
  /** Answers a store that does not answer; a form gets the answer as a page. */
  readonly outage?: StoreOutage;
  /** The time now, in milliseconds (the store-full warning's minute); `Date.now` by default. */
  readonly clock?: () => number;
}

/** A page's path in every language, with what GET and POST do there. */
interface EmailRoute {
  readonly path: string;
  readonly get: Middleware;
  readonly post: Middleware;
}

export interface EmailEndpoints {
  readonly subscribe: readonly Middleware[];
  /** The confirmation page and its button, then the unsubscribe page and its button, in every language. */
  readonly pages: readonly EmailRoute[];
}

/**
 * Email alerts' endpoints (docs/api.md): `POST /alerts/email` asks for a confirmation mail (202
 * whatever the address: the answer says nothing of whether it is known, was asked for within the
 * hour, or will get the mail); the confirmation and unsubscribe links open pages whose GET changes
 * nothing (mail scanners open links) and whose button POSTs; a one-click POST (RFC 8058) from a mail
 * provider unsubscribes with no Origin, the token being the capability. A form's answer, success or
 * refusal, is a page in its language; JSON gets JSON and problems.
 */
export function emailEndpoints(options: EmailEndpointsOptions): EmailEndpoints {
  const { origin, logger } = options;
  const off = () =>
    new HttpProblem(
      makeProblem(origin, 'alerts_unavailable', 'This server sends no email alerts: it has no SMTP relay.'),
      { headers: { 'Cache-Control': 'no-store', 'Retry-After': '3600' } },
    );
  const available = () => {
    if (!options.email) throw off();
    return options.email;
  };
  const { sameOrigin } = options;
  const writeLimit = limitWrites(options.email?.writeLimits ?? [], origin);

  /**
   * Answers with a page: never cached, never listed, its token sent to no other site (`same-origin`:
   * its button's POST still carries the `Origin` the check needs, which `no-referrer` would make null).
   */
  function answer(ctx: Context, status: number, body: string): void {
    ctx.status = status;
    ctx.type = 'text/html; charset=utf-8';
    ctx.set('Content-Security-Policy', PAGE_CSP);
    ctx.set('Cache-Control', 'no-store');
    ctx.set('X-Robots-Tag', 'noindex');
    ctx.set('Referrer-Policy', 'same-origin');
    ctx.body = body;
  }
  const page = (ctx: Context, lang: Lang, path: string, status: number, content: EmailPage) =>
    answer(ctx, status, emailPage(origin, lang, path, content));

  /** Runs `run`; a refusal becomes a page in `lang()` (the off page when email is off). */
  async function asPage(ctx: Context, lang: () => Lang, path: string, run: () => Promise<void>) {
    try {
      await run();
    } catch (thrown) {
      const error = thrown instanceof HttpProblem ? thrown : options.outage?.problemFor(thrown);
      if (!error) throw thrown;
      ctx.set(error.headers);
      if (error.problem.code === 'alerts_unavailable' && !options.email)
        page(ctx, lang(), path, 503, { kind: 'off' });
      else answer(ctx, error.problem.status, emailProblemPage(origin, lang(), path, error.problem));
    }
  }

  /** The confirmation page's button: the address of the token's hash is confirmed, once. */
  async function confirm(ctx: Context, lang: Lang): Promise<void> {
    const email = available();
    await readBoundedBody(ctx.req, EMAIL_BODY_MAX_BYTES, origin);
    const token = linkToken(ctx);
    const confirmed =
      token === null ? null : await email.store.emails.confirmEmail(hashToken(token, 'base64url'));
    if (token === null) page(ctx, lang, EMAIL_CONFIRM_PATH, 400, { kind: 'incomplete' });
    else if (!confirmed) page(ctx, lang, EMAIL_CONFIRM_PATH, 400, { kind: 'expired' });
    else
      page(ctx, lang, EMAIL_CONFIRM_PATH, 200, {
        kind: 'confirmed',
        audience: confirmed.audience,
        window: confirmed.window,
      });
  }

  const subscribe: Middleware = async (ctx) => {
    const form = isForm(ctx);
    let locale: Locale = DEFAULT_LOCALE;
    const run = () =>
      through(sameOrigin, ctx, async () => {
        const { fields, repeated } = await readFields(ctx, origin);
        const asked = MailLocale.safeParse((fields as { lang?: unknown } | null)?.lang);
        if (asked.success) locale = asked.data;
        checkRepeated(origin, repeated);
        const email = available();
        await through(writeLimit, ctx, async () => {
          const request = checkedBody(origin, EmailSubscriptionRequest, fields);
          // A full store refuses every address alike, known or not: the answer names none.
          if ((await email.store.emails.emailCount('verified')) >= email.maxSubscriptions) throw full();
          const confirm = newToken();
          const giveBack = email.unconfirmedShare
            ? await takeShare(email.unconfirmedShare, ctx.ip, origin)
            : async () => {};
          const outcome = await email.store.emails
            .requestEmail(
              {
                email: request.email,
                locale: request.lang,
                audience: request.audience,
                window: request.window,
                confirmHash: confirm.hash,
              },
              email.maxSubscriptions,
              email.maxUnverified,
            )
            .catch(async (error: unknown) => {
              await giveBack();
              throw error;
            });
          if (outcome.kind !== 'confirm') await giveBack();
          if (outcome.kind === 'full') throw full();
          // Sent after the answer is decided, not awaited: how long the relay takes tells nothing.
          if (outcome.kind === 'confirm') sendConfirmation(email, request, confirm, outcome.subscription.id);
          ctx.status = 202;
          if (form) page(ctx, langOf(locale), EMAIL_SUBSCRIBE_PATH, 202, { kind: 'sent' });
          else
            ctx.body = {
              email: request.email,
              audience: request.audience,
              window: request.window,
              lang: request.lang,
            };
        });
      });
    if (form) await asPage(ctx, () => langOf(locale), EMAIL_SUBSCRIBE_PATH, run);
    else await run();
  };

  /** Sends the confirmation; one the relay does not take is undone, so the address may ask again. */
  function sendConfirmation(
    email: EmailAlerts,
    request: EmailSubscriptionRequest,
    confirm: { token: string; hash: string },
    id: number,
  ): void {
    const mail = confirmationMail({
      to: request.email,
      locale: request.lang,
      confirmUrl: confirmUrlFor(origin, request.lang, confirm.token),
      audience: request.audience,
      window: request.window,
      origin,
    });
    void email.mailer
      .send(mail)
      .then(async (result) => {
        if (result.ok) return;
        // The address is personal data: the log says what failed, not to whom.
        logger.warn({ reason: result.reason }, 'alerts: a confirmation mail was not sent');
        await email.store.emails.confirmationNotSent(id, confirm.hash);
      })
      .catch((error: unknown) =>
        logger.error({ err: error }, 'alerts: a confirmation mail not sent could not be undone'),
      );
  }

  const fullWarning = new OnceAMinute(options.clock ?? Date.now);
  function full(): HttpProblem {
    if (fullWarning.due() !== null) {
      logger.warn(
        { max: options.email?.maxSubscriptions },
        'alerts: the store holds ALERTS_MAX_SUBSCRIPTIONS email addresses; new ones are refused',
      );
    }
    return new HttpProblem(
      makeProblem(origin, 'subscriptions_full', 'This server stores no new alert subscription now.'),
      { headers: { 'Cache-Control': 'no-store', 'Retry-After': '3600' } },
    );
  }

  const pages = LOCALES.flatMap((locale): EmailRoute[] => {
    const lang = langOf(locale);
    const confirmPath = localePath(locale, EMAIL_CONFIRM_PATH);
    const unsubscribePath = localePath(locale, EMAIL_UNSUBSCRIBE_PATH);
    /** The button's form posts to the page's own address, token and all. */
    const action = (path: string, token: string) => `${path}?token=${encodeURIComponent(token)}`;
    /** A GET: the page with its button, or why there is none. It reads nothing and changes nothing. */
    const ask =
      (path: string, englishPath: string, kind: 'confirm' | 'unsubscribe'): Middleware =>
      (ctx) => {
        const token = linkToken(ctx);
        if (!options.email) page(ctx, lang, englishPath, 503, { kind: 'off' });
        else if (token === null) page(ctx, lang, englishPath, 400, { kind: 'incomplete' });
        else page(ctx, lang, englishPath, 200, { kind, action: action(path, token) });
      };
    return [
      {
        path: confirmPath,
        get: ask(confirmPath, EMAIL_CONFIRM_PATH, 'confirm'),
        post: (ctx) =>
          asPage(
            ctx,
            () => lang,
            EMAIL_CONFIRM_PATH,
            () => through(sameOrigin, ctx, () => through(writeLimit, ctx, () => confirm(ctx, lang))),
          ),
      },
      {
        path: unsubscribePath,
        get: ask(unsubscribePath, EMAIL_UNSUBSCRIBE_PATH, 'unsubscribe'),
        // No Origin check: a mail provider's server sends the one-click POST, and the token is the
        // capability. Done whether the token was stored or not: the answer tells nobody which are.
        post: async (ctx) => {
          const oneClick = await isOneClick(ctx, origin);
          const token = linkToken(ctx);
          if (oneClick) {
            const email = available();
            if (token !== null) await email.store.emails.unsubscribeEmail(hashToken(token, 'base64url'));
            ctx.set('Cache-Control', 'no-store');
            ctx.type = 'text/plain; charset=utf-8';
            ctx.body = 'Unsubscribed.\n';
            return;
          }
          await asPage(
            ctx,
            () => lang,
            EMAIL_UNSUBSCRIBE_PATH,
            async () => {
              const email = available();
              if (token === null) page(ctx, lang, EMAIL_UNSUBSCRIBE_PATH, 400, { kind: 'incomplete' });
              else {
                await email.store.emails.unsubscribeEmail(hashToken(token, 'base64url'));
                page(ctx, lang, EMAIL_UNSUBSCRIBE_PATH, 200, { kind: 'unsubscribed' });
              }
            },
          );
        },
      },
    ];
  });

  const noStore: Middleware = async (ctx, next) => {
    await next();
    ctx.set('Cache-Control', 'no-store');
  };
  return { subscribe: [noStore, subscribe], pages };
}

import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { Context, Middleware } from 'koa';
import type { Logger } from 'pino';
import { HttpProblem } from '../../http/http-problem.js';
import { makeProblem } from '../../http/problem-types.js';
import { HTML, PAGE_CSP } from '../../site/pages/page-policies.js';
import type { StoredWebhook, WebhookStore } from '../../store/index.js';
import { hashToken } from '../token-hash.js';
import { readRegistration } from './request.js';
import { createdWebhookPage } from './created-page.js';
import { newWebhookSecret } from '../../outbound/webhook-signing.js';
import { parseWebhookTarget } from '../../outbound/webhook-target.js';
import type { DeliverFunction } from './verify.js';
import { verifyTarget } from './verify.js';
import type { WriteCount } from '../write-limit.js';
import { limitWrites } from '../write-limit.js';

export const WEBHOOKS_PATH = '/alerts/webhooks';
export const WEBHOOK_PATH = '/alerts/webhooks/:id';

export interface WebhookEndpointsOptions {
  /** The store and the rules; null when webhooks are off (every endpoint answers 503). */
  readonly webhooks: {
    readonly store: WebhookStore;
    /** Origins exempt from https, port 443 and the address check (`ALERTS_WEBHOOK_ORIGINS`). */
    readonly allowedOrigins: readonly string[];
    /** Webhooks in all: a new one past it is refused (503 `subscriptions_full`). */
    readonly maxSubscriptions: number;
    /** Webhooks never verified, a bound of their own (config `maxUnverified`). */
    readonly maxUnverified: number;
    /** Subscription writes per minute, per address and per network (shared with the other channels). */
    readonly writeLimits: readonly WriteCount[];
  } | null;
  /** The Origin check of every write (server/http/same-origin.ts). */
  readonly sameOrigin: Middleware;
  /** The site's public origin: the form's answer page and the "alerts are on" message link to it. */
  readonly origin: string;
  readonly logger: Logger;
  /** Sends the check of a new URL; `deliverWebhook` unless a test stands in for Discord or Slack. */
  readonly deliver?: DeliverFunction;
}

export interface WebhookEndpoints {
  readonly register: readonly Middleware[];
  readonly show: readonly Middleware[];
  readonly remove: readonly Middleware[];
}

/**
 * `POST /alerts/webhooks`, `GET` and `DELETE /alerts/webhooks/{id}` (docs/api.md, webhooks). A
 * registration is same-origin only, limited as browser subscriptions are, within the cap, and its URL
 * must pass the target rules (server/outbound/webhook-target.ts); the URL is then checked while the
 * request waits (./webhooks/verify.ts), and the webhook stored active or pending. Its id, secret and
 * token are answered once: the token is kept only as its SHA-256, and reading or deleting needs it
 * (`Authorization: Bearer`). An unknown id and a wrong token get the same 404, so the answer tells
 * nobody which ids exist.
 */
export function webhookEndpoints(options: WebhookEndpointsOptions): WebhookEndpoints {
  const origin = options.origin;
  const noStore = { 'Cache-Control': 'no-store' };
  const available = () => {
    if (!options.webhooks)
      throw new HttpProblem(
        makeProblem(origin, 'alerts_unavailable', 'This server sends no webhook alerts: they are off.'),
        { headers: noStore },
      );
    return options.webhooks;
  };
  const full = () =>
    new HttpProblem(makeProblem(origin, 'subscriptions_full', 'This server stores no new webhook now.'), {
      headers: { ...noStore, 'Retry-After': '3600' },
    });
  const notFound = () =>
    new HttpProblem(makeProblem(origin, 'not_found', 'There is no webhook with this id and token.'), {
      headers: noStore,
    });

  /** The webhook the request names and proves it owns, or the one 404 for any failure. */
  const owned = async (ctx: Context): Promise<{ store: WebhookStore; webhook: StoredWebhook }> => {
    const { store } = available();
    const id = (ctx.params as Readonly<Record<string, string | undefined>>)['id'] ?? '';
    const token = /^Bearer +(\S+) *$/i.exec(ctx.get('Authorization'))?.[1] ?? '';
    const webhook = await store.webhook(id);
    // Hashed and compared whether or not the id exists, in constant time.
    const given = Buffer.from(hashToken(token, 'hex'), 'hex');
    const stored = webhook ? Buffer.from(webhook.tokenHash, 'hex') : Buffer.alloc(given.length);
    const matches = stored.length === given.length && timingSafeEqual(stored, given);
    if (!webhook || token === '' || !matches) throw notFound();
    return { store, webhook };
  };

  const { sameOrigin } = options;
  const writeLimit = limitWrites(options.webhooks?.writeLimits ?? [], origin);
  const noStoreAfter: Middleware = async (ctx, next) => {
    await next();
    ctx.set(noStore);
  };

  return {
    register: [
      noStoreAfter,
      sameOrigin,
      writeLimit,
      async (ctx) => {
        const webhooks = available();
        const { request, lang } = await readRegistration(ctx, origin);
        const target = parseWebhookTarget(request.url, webhooks.allowedOrigins);
        if (!target.ok)
          throw new HttpProblem(
            makeProblem(origin, 'invalid_body', `The URL is refused: ${target.reason}.`, 'url'),
          );
        if ((await webhooks.store.webhookCount('verified')) >= webhooks.maxSubscriptions) throw full();
        const secret = newWebhookSecret();
        const id = `wh_${randomBytes(16).toString('base64url')}`;
        const token = randomBytes(32).toString('base64url');
        // Stored before the check, so that a URL registered twice at once is one webhook, and checked
        // once: the second registration is refused before anything is sent to the URL.
        const added = await webhooks.store.addWebhook(
          {
            publicId: id,
            url: target.url.href,
            kind: target.kind,
            secret,
            tokenHash: hashToken(token, 'hex'),
            audience: request.audience,
            window: request.window,
          },
          webhooks.maxSubscriptions,
          webhooks.maxUnverified,
        );
        if ('full' in added) throw full();
        if ('exists' in added)
          throw new HttpProblem(
            makeProblem(
              origin,
              'invalid_body',
              'The URL is refused: a webhook with this URL is registered already (delete it with its token first).',
              'url',
            ),
          );
        const verification = await verifyTarget(target, secret, {
          allowedOrigins: webhooks.allowedOrigins,
          filters: `audience ${request.audience}, window ${request.window}`,
          alertsUrl: `${options.origin}/alerts`,
          ...(options.deliver ? { deliver: options.deliver } : {}),
        });
        if (verification.status === 'refused') {
          await webhooks.store.removeWebhook(added.stored.id);
          throw new HttpProblem(
            makeProblem(origin, 'invalid_body', `The URL is refused: ${verification.reason}.`, 'url'),
          );
        }
        if (verification.status === 'active') await webhooks.store.activateWebhook(added.stored.id);
        options.logger.info(
          { webhook: id, host: target.url.host, kind: target.kind, status: verification.status },
          'alerts: a webhook registered',
        );
        const answer = {
          id,
          secret,
          token,
          status: verification.status,
          audience: request.audience,
          window: request.window,
          ...(verification.status === 'pending' ? { reason: verification.reason } : {}),
        };
        ctx.status = 201;
        ctx.set('Location', `${WEBHOOKS_PATH}/${id}`);
        if (lang === null) {
          ctx.body = answer;
          return;
        }
        ctx.set('Content-Security-Policy', PAGE_CSP);
        ctx.type = HTML;
        ctx.body = createdWebhookPage(options.origin, lang, { ...answer, url: target.url.href });
      },
    ],
    show: [
      noStoreAfter,
      async (ctx) => {
        const { webhook } = await owned(ctx);
        ctx.body = {
          id: webhook.publicId,
          url: webhook.url,
          status: webhook.state,
          audience: webhook.audience,
          window: webhook.window,
          failures: webhook.failures,
          last_delivery_at:
            webhook.lastDeliveryAt === null ? null : new Date(webhook.lastDeliveryAt).toISOString(),
          last_status: webhook.lastStatus,
          disabled_reason: webhook.disabledReason,
        };
      },
    ],
    remove: [
      noStoreAfter,
      sameOrigin,
      writeLimit,
      async (ctx) => {
        const { store, webhook } = await owned(ctx);
        await store.removeWebhook(webhook.id);
        ctx.status = 204;
      },
    ],
  };
}

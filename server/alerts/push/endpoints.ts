import type { Context, Middleware } from 'koa';
import type { Logger } from 'pino';
import type { z } from 'zod';
import { isKnownPushService } from '../../../domain/alerts.js';
import { AlertSubscriptionRequest, AlertUnsubscribeRequest } from '../../../domain/schemas/alerts.js';
import { HttpProblem } from '../../http/http-problem.js';
import { makeProblem } from '../../http/problem-types.js';
import { readBoundedBody, requireJson } from '../../http/request-body.js';
import type { Store } from '../../store/index.js';
import type { WriteCount } from '../write-limit.js';
import { limitWrites } from '../write-limit.js';
import { checkedBody } from '../checked-body.js';
import { OnceAMinute } from '../once-a-minute.js';
import type { WelcomeSender } from './welcome.js';
import { welcomeRefusal } from './welcome.js';

export const VAPID_KEY_PATH = '/alerts/vapid-public-key';
export const SUBSCRIPTIONS_PATH = '/alerts/subscriptions';
/** A browser's subscription is about 500 bytes; 4 KiB leaves room and nothing more. */
const ALERTS_BODY_MAX_BYTES = 4096;

export interface AlertEndpointsOptions {
  /** The store and the public key; null when alerts are off (every endpoint answers 503). */
  readonly alerts: {
    readonly store: Pick<Store, 'subscriptions'>;
    readonly publicKey: string;
    readonly pushHosts: readonly string[];
    /** Subscriptions in all: a new one past it is refused (503 `subscriptions_full`). */
    readonly maxSubscriptions: number;
    /** Subscription writes per minute, per address and per network. */
    readonly writeLimits: readonly WriteCount[];
    /** Sends the first message a new subscription (or new keys) must get before it is stored. */
    readonly welcome: WelcomeSender;
  } | null;
  /** The Origin check of every write (server/http/same-origin.ts). */
  readonly sameOrigin: Middleware;
  readonly origin: string;
  readonly logger: Logger;
  readonly clock?: () => number;
}

export interface AlertEndpoints {
  readonly vapidKey: Middleware;
  readonly subscribe: readonly Middleware[];
  readonly unsubscribe: readonly Middleware[];
}

/**
 * `GET /alerts/vapid-public-key`, `POST` and `DELETE /alerts/subscriptions` (docs/product-decisions.md
 * §15): same-origin only, JSON only, at most 4 KiB, every field checked by its schema
 * (domain/schemas/alerts.ts) and unknown ones refused, push endpoints only on a known push service,
 * and a new endpoint (or new keys) only once its push service has taken a welcome (./welcome.ts).
 * Each refusal is a problem naming the field; nothing is stored unless all of it is right.
 */
export function alertEndpoints(options: AlertEndpointsOptions): AlertEndpoints {
  const origin = options.origin;
  const problem = (code: Parameters<typeof makeProblem>[1], detail: string, parameter?: string) =>
    new HttpProblem(makeProblem(origin, code, detail, parameter));
  const available = () => {
    if (!options.alerts)
      throw new HttpProblem(
        makeProblem(
          origin,
          'alerts_unavailable',
          'This server sends no browser alerts: it has no VAPID key pair.',
        ),
        { headers: { 'Cache-Control': 'no-store' } },
      );
    return options.alerts;
  };

  async function readJson<T extends z.ZodType>(ctx: Context, schema: T): Promise<z.infer<T>> {
    requireJson(ctx, origin, 'the body');
    const text = (await readBoundedBody(ctx.req, ALERTS_BODY_MAX_BYTES, origin)).toString('utf8');
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      throw problem('invalid_body', 'The body is not valid JSON.');
    }
    return checkedBody(origin, schema, body);
  }

  const knownService = (endpoint: string, hosts: readonly string[], field: string) => {
    if (!isKnownPushService(endpoint, hosts))
      throw problem(
        'invalid_body',
        `The push endpoint must be on a known push service over https; its origin ${new URL(endpoint).origin} is not one.`,
        field,
      );
  };

  const clock = options.clock ?? Date.now;
  // The store's being full is logged at most once a minute, however many subscriptions it refuses.
  const fullWarning = new OnceAMinute(clock);
  const full = () => {
    if (fullWarning.due() !== null) {
      options.logger.warn(
        { max: options.alerts?.maxSubscriptions },
        'alerts: the store holds ALERTS_MAX_SUBSCRIPTIONS subscriptions; new ones are refused',
      );
    }
    return new HttpProblem(
      makeProblem(origin, 'subscriptions_full', 'This server stores no new alert subscription now.'),
      { headers: { 'Cache-Control': 'no-store', 'Retry-After': '3600' } },
    );
  };

  const { sameOrigin } = options;
  const writeLimit = limitWrites(options.alerts?.writeLimits ?? [], origin);
  const noStore: Middleware = async (ctx, next) => {
    await next();
    ctx.set('Cache-Control', 'no-store');
  };

  return {
    vapidKey: (ctx) => {
      const { publicKey } = available();
      ctx.set('Cache-Control', 'public, max-age=300');
      ctx.body = { key: publicKey };
    },
    subscribe: [
      noStore,
      sameOrigin,
      writeLimit,
      async (ctx) => {
        const alerts = available();
        const request = await readJson(ctx, AlertSubscriptionRequest);
        const { subscription } = request;
        knownService(subscription.endpoint, alerts.pushHosts, 'subscription.endpoint');
        const expiresAt = subscription.expirationTime ?? null;
        if (expiresAt !== null && expiresAt <= clock())
          throw problem(
            'invalid_body',
            'The subscription has expired (its expirationTime has passed): subscribe again in the browser.',
            'subscription.expirationTime',
          );
        const row = {
          endpoint: subscription.endpoint,
          p256dh: subscription.keys.p256dh,
          auth: subscription.keys.auth,
          audience: request.audience,
          window: request.window,
          expiresAt,
        };
        // A store that fails rejects here: the error reaches the app's problem handler as a throw did.
        // The endpoint stored with these keys was checked when it was stored: it is renewed at once.
        const renewal = await alerts.store.subscriptions.renewSubscription(row);
        let created = false;
        if (renewal !== 'renewed') {
          // A new endpoint, or new keys: stored only once its push service takes a message to it.
          if (
            renewal === 'unknown' &&
            (await alerts.store.subscriptions.subscriptionCount()) >= alerts.maxSubscriptions
          )
            throw full();
          const outcome = await alerts.welcome({ endpoint: subscription.endpoint, keys: subscription.keys });
          const refusal = welcomeRefusal(outcome, subscription.endpoint, origin, options.logger);
          if (refusal) throw refusal;
          const stored = await alerts.store.subscriptions.subscribe(row, alerts.maxSubscriptions);
          if (stored.full) throw full();
          created = stored.created;
        }
        ctx.status = created ? 201 : 200;
        ctx.body = { endpoint: subscription.endpoint, audience: request.audience, window: request.window };
      },
    ],
    unsubscribe: [
      noStore,
      sameOrigin,
      writeLimit,
      async (ctx) => {
        const alerts = available();
        const { endpoint } = await readJson(ctx, AlertUnsubscribeRequest);
        // 204 whether it was stored or not: the answer tells nobody which endpoints are subscribed.
        await alerts.store.subscriptions.unsubscribe(endpoint);
        ctx.status = 204;
      },
    ],
  };
}

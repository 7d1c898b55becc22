import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import test from 'ava';
import { generateVapidKeys } from '../../tools/vapid-keys.js';
import type { ServerEnv } from './with-server.js';
import { vapidEnv } from './alerts.js';
import type { PushService, Subscriber } from './push-service.js';
import { startPushService } from './push-service.js';

/**
 * What the tests of `POST` and `DELETE /alerts/subscriptions` share (subscription-fields.test.ts,
 * write-surface.test.ts): a recording push service, and each server's own store in a temporary
 * folder. The state is this module's, read by the test file that calls `useSubscriptionWrites()`
 * (each test file is its own process).
 */

const vapid = generateVapidKeys();
export let push: PushService;
let data: string;
let files = 0;

/** Starts the push service and makes the folder before the calling file's tests; both go after. */
export function useSubscriptionWrites(): void {
  test.before(async () => {
    push = await startPushService(vapid.publicKey);
    data = await mkdtemp(path.join(os.tmpdir(), 'reset-tracker-writes-'));
  });
  test.after.always(async () => {
    await push?.stop();
    await rm(data, { recursive: true, force: true });
  });
}

/** Alerts on, with a store of its own (a new file each call) and the push service as the only host. */
export function alertsEnv(more: ServerEnv = {}): ServerEnv & { ALERTS_DB: string } {
  files += 1;
  return {
    ...vapidEnv(vapid),
    ALERTS_DB: path.join(data, `alerts-${files}.sqlite`),
    ALERTS_PUSH_HOSTS: push.origin,
    ...more,
  };
}

/** Sends `body` (JSON unless a string) to /alerts/subscriptions; the status and the parsed answer. */
export function post(
  url: string,
  body: unknown,
  headers: Record<string, string> = {},
  method = 'POST',
): Promise<{ status: number; body: { code?: string; parameter?: string; endpoint?: string } | null }> {
  return fetch(`${url}/alerts/subscriptions`, {
    method,
    headers: { 'Content-Type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  }).then(async (response) => {
    const text = await response.text();
    return {
      status: response.status,
      body: text ? (JSON.parse(text) as { code?: string; parameter?: string; endpoint?: string }) : null,
    };
  });
}

/** The body that subscribes `subscriber`, with another spelling of its endpoint when given. */
export const subscriptionOf = (subscriber: Subscriber, endpoint = subscriber.subscription.endpoint) => ({
  subscription: { ...subscriber.subscription, endpoint },
});

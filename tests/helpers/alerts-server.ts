import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import test from 'ava';
import { generateVapidKeys } from '../../tools/vapid-keys.js';
import type { RunningServer } from './with-server.js';
import { startServer } from './with-server.js';
import type { PushService } from './push-service.js';
import { startPushService } from './push-service.js';
import { copyContent, DEMO_FIXTURE } from './fixtures.js';

/**
 * The alerts suite's server: alerts on (a VAPID key pair, a store in a temporary folder) with a
 * recording push service and a copy of the content to publish resets into. The state is this
 * module's, read by the test file that calls `useAlertsServer()` (each test file is its own process).
 */

export const vapid = generateVapidKeys();
export let push: PushService;
export let server: RunningServer;
export let content: { dir: string; dispose: () => Promise<void> };
let data: string;
export let db: string;

/** Starts the server before the calling file's tests and stops it after them. */
export function useAlertsServer(): void {
  test.before(async () => {
    push = await startPushService(vapid.publicKey);
    content = await copyContent(DEMO_FIXTURE);
    data = await mkdtemp(path.join(os.tmpdir(), 'reset-tracker-alerts-'));
    db = path.join(data, 'alerts.sqlite');
    server = await startServer({
      content: content.dir,
      env: {
        VAPID_PUBLIC_KEY: vapid.publicKey,
        VAPID_PRIVATE_KEY: vapid.privateKey,
        ALERTS_DB: db,
        ALERTS_PUSH_HOSTS: push.origin,
      },
    });
  });

  test.after.always(async () => {
    await server?.stop();
    await push?.stop();
    await content?.dispose();
    await rm(data, { recursive: true, force: true });
  });
}

export async function send(method: string, body: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${server.url}/alerts/subscriptions`, {
    method,
    headers: { 'Content-Type': 'application/json', ...headers },
    body,
  });
  const text = await response.text();
  return {
    status: response.status,
    type: response.headers.get('content-type'),
    body: (text ? JSON.parse(text) : null) as { code?: string; type?: string; parameter?: string } | null,
  };
}

import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import test from 'ava';
import { openStore } from '../../server/store/index.js';
import { copyContent, DEMO_FIXTURE } from './fixtures.js';
import type { Reply, WebhookReceiver } from './webhook-receiver.js';
import { startWebhookReceiver } from './webhook-receiver.js';
import type { RunningServer } from './with-server.js';
import { startServer } from './with-server.js';

/**
 * The webhook suite's server: webhooks on, a store in a temporary folder, a local receiver whose
 * origin is allowed (`ALERTS_WEBHOOK_ORIGINS`) and a copy of the content to publish resets into. The
 * state is this module's, read by the test file that calls `useWebhooksServer()` (each test file is
 * its own process). The tests of a file share the receiver's answers in order, so they run serially.
 */

export let receiver: WebhookReceiver;
export let server: RunningServer;
export let content: { dir: string; dispose: () => Promise<void> };
let data: string;
export let db: string;
/** The secret of each receiver path, once its registration answered it. */
const secrets = new Map<string, string>();

/** Starts the server and the receiver before the calling file's tests and stops them after. */
export function useWebhooksServer(): void {
  test.before(async () => {
    receiver = await startWebhookReceiver((at) => secrets.get(at));
    content = await copyContent(DEMO_FIXTURE);
    data = await mkdtemp(path.join(os.tmpdir(), 'reset-tracker-webhooks-'));
    db = path.join(data, 'alerts.sqlite');
    server = await startServer({
      content: content.dir,
      env: { ALERTS_WEBHOOKS: 'on', ALERTS_WEBHOOK_ORIGINS: receiver.origin, ALERTS_DB: db },
    });
  });

  test.after.always(async () => {
    await server?.stop();
    await receiver?.stop();
    await content?.dispose();
    await rm(data, { recursive: true, force: true });
  });
}

interface Challenge {
  readonly data: { readonly challenge: string };
}

/** The challenge of a verification message. */
export const challengeOf = (body: string) => (JSON.parse(body) as Challenge).data.challenge;

/** Echoes a verification's challenge as JSON. */
export const echo: Reply = { body: (message) => JSON.stringify({ challenge: challengeOf(message.body) }) };

interface Created {
  id: string;
  secret: string;
  token: string;
  status: string;
  audience: string;
  window: string;
  reason?: string;
}

/** POSTs a registration (JSON unless the headers say otherwise) and reads the answer. */
export async function register(body: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(`${server.url}/alerts/webhooks`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await response.text();
  return { response, body: (text ? JSON.parse(text) : null) as Created & Record<string, unknown> };
}

/** Registers the receiver's `at` path, answering its check with `reply`; remembers its secret. */
export async function registered(at: string, reply: Reply | null, filters: Record<string, string> = {}) {
  if (reply) receiver.next(reply);
  const { response, body } = await register({ url: `${receiver.origin}${at}`, ...filters });
  if (response.status !== 201) throw new Error(`registration answered ${response.status}`);
  secrets.set(at, body.secret);
  return body;
}

/** `GET /alerts/webhooks/{id}` with the token (none when null). */
export const show = (id: string, token: string | null, headers: Record<string, string> = {}) =>
  fetch(`${server.url}/alerts/webhooks/${id}`, {
    headers: token === null ? headers : { Authorization: `Bearer ${token}`, ...headers },
  });

/** Webhooks in the store now. */
export async function webhookCount(): Promise<number> {
  const store = await openStore(db);
  try {
    return await store.webhooks.webhookCount();
  } finally {
    await store.close();
  }
}

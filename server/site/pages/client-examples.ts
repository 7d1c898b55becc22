/**
 * The client examples shown on `/docs` and in docs/clients.md, word for word (a test compares them and
 * runs both against a live server).
 */

/** The typed client package. */
export const trpcClientExample = (
  origin: string,
) => `import { ResetTrackerError, createResetTrackerClient } from 'usage-limit-reset-tracker-client';

const tracker = createResetTrackerClient({ url: '${origin}' });

// Queries made together travel as one GET, cached like the REST responses.
const [status, history] = await Promise.all([
  tracker.getResetStatus.query(), // or .query({ audience: 'max', window: 'weekly' })
  tracker.listResets.query({ limit: 3 }),
]);
const { latest_reset: latest, stats } = status.data;
if (latest) console.log(\`Latest reset: \${latest.title} (\${latest.announced_at ?? latest.announced_on})\`);
const days = stats.days_since_last;
if (days !== null) console.log(\`\${days.toFixed(1)} days since it; \${stats.total} counted resets\`);
for (const reset of history.data) console.log(\`\${reset.utc_day ?? reset.announced_on}  \${reset.title}\`);

try {
  await tracker.listResets.query({ limit: 500 });
} catch (error) {
  if (!(error instanceof ResetTrackerError)) throw error;
  console.log(\`\${error.status} \${error.code}: \${error.problem.detail}\`); // the REST problem
}`;

/** A client generated from the OpenAPI document. */
export const openapiFetchExample = (
  origin: string,
) => `// npx openapi-typescript ${origin}/api/openapi.json -o reset-tracker.d.ts
import createClient from 'openapi-fetch';
import type { paths } from './reset-tracker.js';

const api = createClient<paths>({ baseUrl: '${origin}/api' }); // the document's server

const { data, error } = await api.GET('/v1/resets', { params: { query: { limit: 3, audience: 'max' } } });
if (error) throw new Error(\`\${error.code}: \${error.detail}\`); // application/problem+json
for (const reset of data.data) console.log(reset.id, reset.announced_at ?? reset.announced_on);`;

/** The live status through the typed client (Node; a browser has its own EventSource). */
export const liveStatusExample = (origin: string) => `import { EventSource } from 'eventsource';
import { createResetTrackerClient } from 'usage-limit-reset-tracker-client';

const tracker = createResetTrackerClient({ url: '${origin}', EventSource });

// The status now, then again each time the tracker republishes; call .unsubscribe() to stop.
tracker.onResetStatus.subscribe(
  { audience: 'max' },
  {
    onData: ({ id, data: status }) =>
      console.log(
        \`revision \${id}: \${status.data.stats.total} counted resets, last \${status.data.stats.last_reset_at}\`,
      ),
    onError: (error) => console.error(error.message),
  },
);`;

/**
 * A webhook receiver (Node) that registers itself: it answers the check, then verifies each alert's
 * Standard Webhooks signature with the secret the registration's answer gave. `hookUrl` is its
 * public address; the server listens on `port` behind it.
 */
export const webhookReceiverExample = (
  origin: string,
  hookUrl: string,
  port: number,
) => `import http from 'node:http';
import { Webhook } from 'standardwebhooks';

let webhook; // verifies the alerts, once the registration's answer has given the secret

http
  .createServer(async (req, res) => {
    let body = '';
    for await (const chunk of req) body += chunk;
    let message;
    try {
      message = JSON.parse(body);
      // The check comes while the registration waits, signed with a secret not known here yet.
      if (message.type !== 'webhook.verification') webhook.verify(body, req.headers);
    } catch {
      return res.writeHead(401).end(); // not signed with this webhook's secret, or too old
    }
    if (message.type === 'webhook.verification') {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      return res.end(JSON.stringify({ challenge: message.data.challenge }));
    }
    // webhook-id is the same for every try of one alert: handle each id once.
    console.log(\`\${req.headers['webhook-id']} \${message.type}: \${message.data.title}\`);
    res.writeHead(204).end();
  })
  .listen(${port}); // reached at ${hookUrl}

const answer = await fetch('${origin}/alerts/webhooks', {
  method: 'POST',
  headers: { 'Content-Type': 'application/json' },
  body: JSON.stringify({ url: '${hookUrl}', audience: 'max', window: 'any' }),
});
const created = await answer.json();
if (!answer.ok) throw new Error(\`\${created.code}: \${created.detail}\`);
webhook = new Webhook(created.secret);
// The token reads (GET) and deletes (DELETE) /alerts/webhooks/{id}: keep it.
console.log(\`webhook \${created.id} is \${created.status}; token \${created.token}\`);`;

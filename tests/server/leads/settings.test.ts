import test from 'ava';
import { readLeadSettings } from '../../../server/leads/settings.js';

const userAgentOf = (env: Record<string, string>) => readLeadSettings({ ...env }).userAgent;

test("the User-Agent names the service's public address or the operator's contact, never localhost", (t) => {
  t.is(
    userAgentOf({ PUBLIC_BASE_URL: 'https://tracker.example' }),
    'usage-limit-reset-tracker-leads/1 (+https://tracker.example)',
  );
  t.is(
    userAgentOf({ PUBLIC_BASE_URL: 'https://tracker.example', LEADS_CONTACT: 'ops@example.org' }),
    'usage-limit-reset-tracker-leads/1 (+mailto:ops@example.org)',
    "the operator's contact first",
  );
  t.is(userAgentOf({}), null, 'no PUBLIC_BASE_URL: not http://localhost:3000');
  t.is(userAgentOf({ PUBLIC_BASE_URL: 'http://localhost:3000' }), null);
  t.is(userAgentOf({ PUBLIC_BASE_URL: 'http://192.168.1.20:3000' }), null);
  t.is(
    userAgentOf({ LEADS_CONTACT: 'https://ops.example.org/contact' }),
    'usage-limit-reset-tracker-leads/1 (+https://ops.example.org/contact)',
  );
  t.throws(() => readLeadSettings({ LEADS_CONTACT: 'http://insecure.example' }), {
    message: /LEADS_CONTACT/,
  });
});

test('X_API_ORIGIN is https, or plain http only on this machine: the bearer token never crosses the network in clear', (t) => {
  const x = (origin: string) => readLeadSettings({ X_BEARER_TOKEN: 'token', X_API_ORIGIN: origin }).x;
  t.like(x('https://api.x.com'), { origin: 'https://api.x.com' });
  t.like(x('http://127.0.0.1:8080'), { origin: 'http://127.0.0.1:8080' });
  t.throws(() => x('http://api.x.com'), { message: /X_API_ORIGIN: https/ });
});

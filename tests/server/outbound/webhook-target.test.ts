import test from 'ava';
import { parseWebhookTarget } from '../../../server/outbound/webhook-target.js';

const allowed = ['http://127.0.0.1:9100', 'https://relay.internal.test:8443/'];

test('an https URL on port 443 with a DNS name or public address is a generic target', (t) => {
  for (const url of [
    'https://hooks.example.com/in/abc?x=1',
    'https://hooks.example.com:443/in',
    'https://8.8.8.8/hook',
    'https://[2606:4700::1111]/hook',
    'https://bücher.example/hook',
  ]) {
    const parsed = parseWebhookTarget(url, []);
    t.like(parsed, { ok: true, kind: 'generic' }, url);
  }
  const parsed = parseWebhookTarget('https://hooks.example.com:443/in', []);
  t.is(parsed.ok && parsed.url.href, 'https://hooks.example.com/in');
});

test('Discord and Slack incoming webhooks are told apart by exact host and path', (t) => {
  const kinds: [string, string][] = [
    ['https://discord.com/api/webhooks/123/abc', 'discord'],
    ['https://discordapp.com/api/webhooks/123/abc?wait=true', 'discord'],
    ['https://hooks.slack.com/services/T0/B0/xyz', 'slack'],
    ['https://discord.com/api/v10/channels/1', 'generic'],
    ['https://evil-discord.com/api/webhooks/1/a', 'generic'],
    ['https://discord.com.evil.test/api/webhooks/1/a', 'generic'],
    ['https://hooks.slack.com/workflows/T0/A0', 'generic'],
    ['https://slack.com/services/T0/B0/xyz', 'generic'],
  ];
  for (const [url, kind] of kinds) t.like(parseWebhookTarget(url, []), { ok: true, kind }, url);
});

test('each rule refuses with a one-line reason naming it', (t) => {
  const refusals: [string, RegExp][] = [
    ['http://hooks.example.com/in', /must use https/],
    ['ftp://hooks.example.com/in', /must use https/],
    ['https://hooks.example.com:8443/in', /port 443/],
    ['https://user:pass@hooks.example.com/in', /user name or password/],
    ['https://token@hooks.example.com/in', /user name or password/],
    ['https://hooks.example.com/in#part', /fragment/],
    ['https://hooks.example.com/in#', /fragment/],
    [`https://hooks.example.com/${'a'.repeat(2048)}`, /longer than 2048/],
    ['not a url', /not a valid absolute URL/],
    ['/relative/path', /not a valid absolute URL/],
    ['https://127.0.0.1/in', /127\.0\.0\.1 is not a public address/],
    ['https://0x7f.1/in', /127\.0\.0\.1 is not a public address/],
    ['https://[::1]/in', /\[::1\] is not a public address/],
    ['https://[::ffff:169.254.169.254]/in', /not a public address/],
    ['https://10.1.2.3/in', /not a public address/],
    ['https://hooks.example.com./in', /DNS name or an IP address/],
    ['https://a..b/in', /DNS name or an IP address/],
    ['https://-bad.example/in', /DNS name or an IP address/],
    ['https://a*b.example/in', /DNS name or an IP address/],
  ];
  for (const [url, reason] of refusals) {
    const parsed = parseWebhookTarget(url, []);
    t.false(parsed.ok, url);
    if (!parsed.ok) {
      t.regex(parsed.reason, reason, url);
      t.false(parsed.reason.includes('\n'), url);
    }
  }
});

test('the length limit counts 2,048 characters', (t) => {
  const base = 'https://hooks.example.com/';
  t.true(parseWebhookTarget(base + 'a'.repeat(2048 - base.length), []).ok);
  t.false(parseWebhookTarget(base + 'a'.repeat(2049 - base.length), []).ok);
  // Normalising can lengthen a URL: a space becomes %20.
  t.false(parseWebhookTarget(base + ' '.repeat(2048 - base.length - 1) + 'a', []).ok);
});

test('an allowed origin may use http, another port and a local address, exactly that origin', (t) => {
  t.like(parseWebhookTarget('http://127.0.0.1:9100/hook', allowed), { ok: true, kind: 'generic' });
  t.like(parseWebhookTarget('https://relay.internal.test:8443/x', allowed), { ok: true });
  t.like(parseWebhookTarget('http://127.0.0.1:9101/hook', allowed), { ok: false });
  t.like(parseWebhookTarget('https://127.0.0.1:9100/hook', allowed), { ok: false });
  t.like(parseWebhookTarget('http://localhost:9100/hook', allowed), { ok: false });
  t.like(parseWebhookTarget('http://relay.internal.test:8443/x', allowed), { ok: false });
  // Still no credentials or fragment.
  t.like(parseWebhookTarget('http://u:p@127.0.0.1:9100/hook', allowed), { ok: false });
  t.like(parseWebhookTarget('http://127.0.0.1:9100/hook#x', allowed), { ok: false });
  // An unreadable allowed origin allows nothing.
  t.like(parseWebhookTarget('http://127.0.0.1:9100/hook', ['127.0.0.1:9100 ']), { ok: false });
});

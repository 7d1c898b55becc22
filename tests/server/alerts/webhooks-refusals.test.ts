import test from 'ava';
import {
  receiver,
  register,
  server,
  useWebhooksServer,
  webhookCount,
} from '../../helpers/webhooks-server.js';

/** What a registration refuses: each a problem, nothing stored and nothing sent. */
useWebhooksServer();

test.serial('each refusal is a problem naming the field, stores nothing and sends nothing', async (t) => {
  const before = await webhookCount();
  const requests = receiver.requests.length;
  const url = `${receiver.origin}/refused`;
  const cases: [string, unknown, number, string, string?][] = [
    ['plain http', { url: 'http://hooks.example/x' }, 400, 'invalid_body', 'url'],
    ['a private address', { url: 'https://10.0.0.1/x' }, 400, 'invalid_body', 'url'],
    ['the loopback address', { url: 'https://127.0.0.1/x' }, 400, 'invalid_body', 'url'],
    ['another port', { url: 'https://hooks.example:8443/x' }, 400, 'invalid_body', 'url'],
    ['a URL too long', { url: `https://hooks.example/${'a'.repeat(2100)}` }, 400, 'invalid_body', 'url'],
    ['not a URL', { url: 'hooks' }, 400, 'invalid_body', 'url'],
    ['no URL', { audience: 'pro' }, 400, 'invalid_body', 'url'],
    ['an unknown field', { url, secret: 'mine' }, 400, 'invalid_body', 'secret'],
    ['an unknown audience', { url, audience: 'gold' }, 400, 'invalid_body', 'audience'],
    ['an unknown window', { url, window: 'daily' }, 400, 'invalid_body', 'window'],
    ['not JSON', '{"url":', 400, 'invalid_body'],
    ['an array', '[]', 400, 'invalid_body'],
  ];
  for (const [what, body, status, code, parameter] of cases) {
    const { response, body: problem } = await register(body);
    t.is(response.status, status, what);
    t.is(response.headers.get('content-type'), 'application/problem+json', what);
    t.like(problem, { code, ...(parameter ? { parameter } : {}) }, what);
  }
  const { body: http } = await register({ url: 'http://hooks.example/x' });
  t.is(http.detail, 'The URL is refused: the URL must use https.');
  const { body: loopback } = await register({ url: 'https://127.0.0.1/x' });
  t.is(loopback.detail, 'The URL is refused: the host 127.0.0.1 is not a public address.');

  const form = (fields: Record<string, string>) =>
    fetch(`${server.url}/alerts/webhooks`, { method: 'POST', body: new URLSearchParams(fields) });
  const badLang = await form({ url, lang: 'fr' });
  t.is(badLang.status, 400);
  t.like(await badLang.json(), { code: 'invalid_body', parameter: 'lang' });
  const twice = await fetch(`${server.url}/alerts/webhooks`, {
    method: 'POST',
    body: new URLSearchParams([
      ['url', url],
      ['url', url],
      ['lang', 'en'],
    ]),
  });
  t.like(await twice.json(), { code: 'invalid_body', parameter: 'url' });
  const crossOrigin = await register({ url }, { Origin: 'https://elsewhere.example' });
  t.is(crossOrigin.response.status, 403);
  t.is(crossOrigin.body.code, 'forbidden');
  const text = await register(JSON.stringify({ url }), { 'Content-Type': 'text/plain' });
  t.is(text.response.status, 415);
  const latin1 = await register(JSON.stringify({ url }), {
    'Content-Type': 'application/json; charset=latin1',
  });
  t.is(latin1.response.status, 415);

  t.is(await webhookCount(), before, 'nothing stored');
  t.is(receiver.requests.length, requests, 'nothing sent');
});

test.serial(
  'a name with no public address is refused at registration by the rule, not the resolver',
  async (t) => {
    const before = await webhookCount();
    for (const url of ['https://localhost/hook', 'https://nothing.invalid/hook']) {
      const { response, body } = await register({ url });
      t.is(response.status, 400, url);
      t.like(body, { code: 'invalid_body', parameter: 'url' }, url);
      t.is(body.detail, 'The URL is refused: the host must resolve to public addresses only.', url);
      t.notRegex(String(body.detail), /127\.0\.0\.1|::1|ENOTFOUND|EAI_|resolves to/, url);
    }
    t.is(await webhookCount(), before, 'nothing stored');
  },
);

test.serial('registering a stored URL again is refused: one webhook, one check sent', async (t) => {
  const before = await webhookCount();
  const url = `${receiver.origin}/registered-twice`;
  const sentTo = () => receiver.requests.filter((request) => request.path === '/registered-twice').length;
  t.is((await register({ url })).response.status, 201);
  const again = await register({ url, audience: 'pro' });
  t.is(again.response.status, 400);
  t.like(again.body, { code: 'invalid_body', parameter: 'url' });
  t.regex(String(again.body.detail), /registered already/);
  t.is(await webhookCount(), before + 1, 'one webhook');
  t.is(sentTo(), 1, 'one check reached the URL');
});

test.serial(
  'spellings of one URL after RFC 3986 normalization are one webhook; a path of its own is another',
  async (t) => {
    const before = await webhookCount();
    const port = new URL(receiver.origin).port;
    const sentTo = (path: string) => receiver.requests.filter((request) => request.path === path).length;
    t.is((await register({ url: `${receiver.origin}/spelled` })).response.status, 201);
    const spellings = [
      `${receiver.origin}/spelled?`,
      `${receiver.origin}/%73pelled`,
      `${receiver.origin}/%73%70elled?`,
      `HTTP://127.0.0.1:${port}/spelled`,
      `${receiver.origin}/x/../spelled`,
      `${receiver.origin}/./spelled`,
      `${receiver.origin}/%2E/spelled`,
    ];
    for (const url of spellings) {
      const again = await register({ url });
      t.is(again.response.status, 400, url);
      t.regex(String(again.body.detail), /registered already/, url);
    }
    t.is(await webhookCount(), before + 1, 'one webhook for every spelling');
    t.is(sentTo('/spelled'), 1, 'one check reached the receiver');
    for (const other of ['/spelled/', '//spelled', '/spelled?a'])
      t.is((await register({ url: `${receiver.origin}${other}` })).response.status, 201, other);
  },
);

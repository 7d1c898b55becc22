import test from 'ava';
import type { Mailer } from '../../../server/outbound/smtp.js';
import { Watcher } from '../../../server/leads/watcher.js';
import { noneAnswered, setUp, watcherOptions } from '../../helpers/lead-watcher.js';

const entry = (link: string, title: string) => `<entry>
    <id>${link}</id>
    <published>2026-11-20T07:35:00Z</published>
    <link rel="alternate" type="text/html" href="${link}"/>
    <title>${title}</title>
    <content type="html">&lt;p&gt;We have reset weekly limits for all affected users.&lt;/p&gt;</content>
  </entry>`;
const atom = (...entries: string[]) =>
  `<?xml version="1.0" encoding="UTF-8"?><feed xmlns="http://www.w3.org/2005/Atom"><id>x</id><title>t</title><updated>2026-11-20T07:35:00Z</updated>${entries.join('')}</feed>`;

test('a feed entry whose link is javascript:, file: or mailto: is no lead; an https one is', async (t) => {
  const setup = await setUp(t);
  setup.site.set('/history.atom', { body: atom() });
  const watcher = setup.watcher(
    [{ name: 'status', kind: 'status_page', url: `${setup.site.origin}/history.atom` }],
    {
      answered: noneAnswered,
    },
  );
  await watcher.round();
  setup.site.set('/history.atom', {
    body: atom(
      entry('javascript:fetch(&quot;https://evil.example&quot;)', 'Limits reset (one)'),
      entry('file:///etc/passwd', 'Limits reset (two)'),
      entry('mailto:curator@example.org', 'Limits reset (three)'),
      entry('https://status.claude.com/incidents/abc', 'Limits reset (four)'),
    ),
  });
  setup.now += 3 * 60_000;
  await watcher.round();
  t.deepEqual(
    (await setup.store.leads.leads()).map((lead) => lead.url),
    ['https://status.claude.com/incidents/abc'],
  );
});

test('the mail and the webhook to the curator never carry a lead address that is not http(s)', async (t) => {
  const setup = await setUp(t);
  // A lead stored before the rule (or by another writer) with a mailto: address.
  await setup.store.leads.recordLead({
    key: 'mailto:curator@example.org',
    url: 'mailto:curator@example.org',
    postId: null,
    postedAt: null,
    title: 'Limits reset',
    words: 'We have reset weekly limits.',
    matched: ['weekly limits'],
    source: 'status',
  });
  await setup.store.leads.recordLead({
    key: 'js',
    url: 'javascript:alert(1)',
    postId: null,
    postedAt: null,
    title: 'Limits reset',
    words: 'We have reset weekly limits.',
    matched: ['weekly limits'],
    source: 'status',
  });
  const sent: Parameters<Mailer['send']>[0][] = [];
  const watcher = new Watcher({
    ...watcherOptions(setup, setup.store),
    sources: [{ name: 'x', kind: 'x_recent' }],
    channels: {
      email: {
        to: 'curator@example.org',
        mailer: {
          send: (message) => {
            sent.push(message);
            return Promise.resolve({ ok: true as const, messageId: 'm' });
          },
          close: () => undefined,
        },
      },
    },
  });
  await watcher.round(true);
  t.true(sent.length > 0, 'the curator is told');
  for (const message of sent) {
    t.notRegex(message.text, /mailto:|javascript:/);
    t.notRegex(message.html ?? '', /mailto:|javascript:/);
  }
});

test('a feed entry dated in year 10000 is a lead without a date', async (t) => {
  const setup = await setUp(t);
  setup.site.set('/history.atom', { body: atom() });
  const watcher = setup.watcher(
    [{ name: 'status', kind: 'status_page', url: `${setup.site.origin}/history.atom` }],
    {
      answered: noneAnswered,
    },
  );
  await watcher.round();
  setup.site.set('/history.atom', {
    body: atom(
      entry('https://status.claude.com/incidents/far', 'Limits reset').replace(
        '2026-11-20T07:35:00Z',
        '+010000-01-01T00:00:00Z',
      ),
    ),
  });
  setup.now += 3 * 60_000;
  await watcher.round();
  const [lead] = await setup.store.leads.leads();
  t.like(lead, { url: 'https://status.claude.com/incidents/far', postedAt: null });
});

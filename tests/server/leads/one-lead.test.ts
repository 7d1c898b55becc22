import test from 'ava';
import type { Answered } from '../../../server/leads/answered.js';
import type { SourceEntry } from '../../../server/leads/sources-file.js';
import { fixture, noneAnswered, setUp } from '../../helpers/lead-watcher.js';

const LINK = 'https://github.com/anthropics/claude-code/blob/main/CHANGELOG.md';
const SAID = "To give you room to try out our new model, we've updated usage limits for Claude Code users";

test('a release is one lead whichever of the changelog, feed.xml and releases.atom carries it', async (t) => {
  const setup = await setUp(t);
  const at = (route: string) => `${setup.site.origin}${route}`;
  const changelog = await fixture('claude-code-changelog.md');
  const atom = await fixture('corpus/claude-code-releases.atom');
  const feed = await fixture('claude-code-feed.xml');
  setup.site.set('/CHANGELOG.md', { body: changelog.replace(/^## 2\.0\.52[\s\S]*?(?=^## )/m, '') });
  setup.site.set('/releases.atom', { body: atom });
  setup.site.set('/feed.xml', { body: feed });
  const sources: SourceEntry[] = [
    { name: 'claude-code-changelog', kind: 'changelog', url: at('/CHANGELOG.md'), link: LINK },
    { name: 'claude-code-releases', kind: 'feed', url: at('/releases.atom') },
    { name: 'claude-code-feed', kind: 'feed', url: at('/feed.xml') },
  ];
  const watcher = setup.watcher(sources, { answered: noneAnswered });
  await watcher.round();
  // A new release, 2.1.294, in all three, its note in the provider's voice.
  setup.site.set('/CHANGELOG.md', { body: `# Changelog\n\n## 2.1.294\n\n- ${SAID}\n\n${changelog}` });
  setup.site.set('/releases.atom', {
    body: atom.replace(
      '<entry>',
      `<entry><id>tag:github.com,2008:Repository/937253475/v2.1.294</id><updated>2026-10-08T18:00:00Z</updated><link rel="alternate" type="text/html" href="https://github.com/anthropics/claude-code/releases/tag/v2.1.294"/><title>v2.1.294</title><content type="html">&lt;ul&gt;&lt;li&gt;${SAID.replace("'", '&#39;')}&lt;/li&gt;&lt;/ul&gt;</content></entry><entry>`,
    ),
  });
  setup.site.set('/feed.xml', {
    body: feed.replace(
      '<entry>',
      `<entry><id>https://github.com/anthropics/claude-code/releases/tag/v2.1.294</id><title>Claude Code v2.1.294</title><link rel="alternate" type="text/html" href="https://github.com/anthropics/claude-code/releases/tag/v2.1.294"/><updated>2026-10-08T18:00:00Z</updated><content type="html">&lt;ul&gt;&lt;li&gt;${SAID.replace("'", '&#39;')}&lt;/li&gt;&lt;/ul&gt;</content></entry><entry>`,
    ),
  });
  const summaries = await watcher.round(true);
  t.deepEqual(
    summaries.map((summary) => summary.leads),
    [1, 0, 0],
  );
  const leads = await setup.store.leads.leads();
  t.is(leads.length, 1, 'one lead for the release');
  t.like(leads[0], { key: 'release:anthropics/claude-code@2.1.294' });
  t.deepEqual(leads[0]!.sources, ['claude-code-changelog', 'claude-code-releases', 'claude-code-feed']);
});

test("an incident's later update that may be an event reaches the curator as a lead naming the first", async (t) => {
  const setup = await setUp(t);
  const atom = await fixture('status-history.atom');
  setup.site.set('/history.atom', { body: atom });
  const watcher = setup.watcher(
    [{ name: 'status-page', kind: 'status_page', url: `${setup.site.origin}/history.atom` }],
    { answered: noneAnswered },
  );
  await watcher.round();
  // An incident the first read learned becomes a lead once an update speaks of usage; then a
  // later update resets limits.
  const update = (extra: string) =>
    atom.replace(
      '&lt;strong&gt;Investigating&lt;/strong&gt; - We are currently investigating this issue.&lt;/p&gt;',
      `&lt;strong&gt;Investigating&lt;/strong&gt; - We are currently investigating this issue.&lt;/p&gt;${extra}`,
    );
  const first = update(
    '&lt;p&gt;&lt;strong&gt;Update&lt;/strong&gt; - Some requests counted against usage limits.&lt;/p&gt;',
  );
  setup.site.set('/history.atom', { body: first });
  await watcher.round(true);
  const [opened] = await setup.store.leads.leads();
  t.like(opened, {
    url: 'https://status.claude.com/incidents/hlt0yqp4lkww',
    title: 'Update: Elevated error rates for Opus 4.5',
  });
  setup.site.set('/history.atom', {
    body: update(
      '&lt;p&gt;&lt;strong&gt;Update&lt;/strong&gt; - Some requests counted against usage limits.&lt;/p&gt;&lt;p&gt;&lt;strong&gt;Resolved&lt;/strong&gt; - We have reset weekly limits for all affected users.&lt;/p&gt;',
    ),
  });
  const [read] = await watcher.round(true);
  t.like(read, { leads: 1 }, 'the update is not dropped');
  const [latest] = await setup.store.leads.leads();
  t.is(latest!.url, opened!.url);
  t.is(latest!.title, `Update: Elevated error rates for Opus 4.5 (follows lead #${opened!.id})`);
  t.regex(latest!.words, /We have reset weekly limits for all affected users/);
  t.notRegex(latest!.words, /currently investigating/, 'only what is new');
});

test("a help article's date line or related list moving is no lead; a changed text is, and stays open when an event cites the page", async (t) => {
  const setup = await setUp(t);
  const page =
    'https://support.claude.com/en/articles/15036540-use-the-claude-agent-sdk-with-your-claude-plan';
  const before = await fixture('help-article-before.md');
  const related = (title: string) =>
    `\n## Related Articles\n\n- [${title}](https://support.claude.com/en/articles/1)\n`;
  setup.site.set('/article.md', {
    body: `*Updated yesterday*\n\n${before}${related('Holiday 2025 usage promotion')}`,
  });
  const citing: Answered = { has: () => false, eventCiting: (url) => (url === page ? 'an-event' : null) };
  const watcher = setup.watcher(
    [{ name: 'help-15036540', kind: 'help_article', url: `${setup.site.origin}/article.md`, page }],
    { answered: () => Promise.resolve(citing) },
  );
  await watcher.round();
  setup.site.set('/article.md', { body: `*Updated today*\n\n${before}${related('Extra usage credit')}` });
  t.like(
    (await watcher.round(true))[0],
    { outcome: 'read', leads: 0 },
    'the help centre moved, the text did not',
  );
  const after = await fixture('help-article-after.md');
  setup.site.set('/article.md', { body: `*Updated today*\n\n${after}${related('Extra usage credit')}` });
  t.like((await watcher.round(true))[0], { leads: 1 });
  await watcher.round(true);
  const [lead] = await setup.store.leads.leads();
  t.like(lead, { url: page, outcome: 'open' }, 'an event citing the page does not close its change');
  t.regex(lead!.words, /^\+ Update June 15/);
});

test('news: a launch page outside /news/ is read; dates moving together are no new lead; a failing page waits', async (t) => {
  const setup = await setUp(t);
  const site = setup.site;
  const urlset = (pages: [string, string][]) =>
    `<urlset>${pages.map(([loc, lastmod]) => `<url><loc>${site.origin}${loc}</loc><lastmod>${lastmod}</lastmod></url>`).join('')}</urlset>`;
  site.set('/sitemap.xml', { body: urlset([['/news/old', '2026-01-01']]) });
  site.set('/news/old', { body: '<title>Old</title><p>We raised rate limits for all Max users.</p>' });
  site.set('/claude/haiku-5-5', { body: await fixture('news-sonnet-5.html') });
  site.set('/news/broken', { status: 500 });
  site.set('/news/away', { redirect: `${site.origin.replace('127.0.0.1', 'localhost')}/elsewhere` });
  const watcher = setup.watcher(
    [
      {
        name: 'news',
        kind: 'sitemap',
        url: `${site.origin}/sitemap.xml`,
        match: [`${site.origin}/news/`, `${site.origin}/claude/`],
      },
    ],
    { answered: noneAnswered },
  );
  const asked = () => site.requests.map((request) => request.path);
  const round = async (pages: [string, string][]) => {
    site.set('/sitemap.xml', { body: urlset(pages) });
    const before = asked().length;
    const [summary] = await watcher.round(true);
    return { leads: summary!.leads, asked: asked().slice(before) };
  };
  await round([['/news/old', '2026-01-01']]);
  const launch = await round([
    ['/news/old', '2026-11-01'],
    ['/claude/haiku-5-5', '2026-11-01'],
  ]);
  t.is(launch.leads, 1, 'the launch page; the old page only moved its date');
  t.deepEqual(
    (await setup.store.leads.leads()).map((lead) => lead.url),
    [`${site.origin}/claude/haiku-5-5`],
  );
  const together = await round([
    ['/news/old', '2026-11-02'],
    ['/claude/haiku-5-5', '2026-11-02'],
  ]);
  t.is(together.leads, 0, 'the dates moved together, the texts did not');
  t.true(together.asked.includes('/claude/haiku-5-5'));
  const pages: [string, string][] = [
    ['/news/old', '2026-11-02'],
    ['/claude/haiku-5-5', '2026-11-02'],
    ['/news/broken', '2026-11-03'],
    ['/news/away', '2026-11-03'],
  ];
  const failing = await round(pages);
  t.true(failing.asked.includes('/news/broken') && failing.asked.includes('/news/away'));
  const next = await round(pages);
  t.false(next.asked.includes('/news/away'), 'a cross-host redirect waits for its lastmod to move');
  t.false(next.asked.includes('/news/broken'), 'a failed page waits a poll');
  t.true((await round(pages)).asked.includes('/news/broken'), 'and is asked again after its wait');
  t.is((await setup.store.leads.leads()).length, 1);
});

test('oEmbed is read once per post, however often the peers name it', async (t) => {
  const setup = await setUp(t);
  setup.site.set('/shixi.json', { body: await fixture('peer-shixi.json') });
  setup.site.set('/oembed', { status: 503 });
  const watcher = setup.watcher(
    [{ name: 'peer-shixi', kind: 'peer_data', url: `${setup.site.origin}/shixi.json` }],
    { answered: noneAnswered },
  );
  await watcher.round();
  await watcher.round(true);
  await watcher.round(true);
  const oembed = setup.site.requests.filter((request) => request.path.startsWith('/oembed'));
  t.is(oembed.length, 2, 'one per post, not one per post per poll');
});

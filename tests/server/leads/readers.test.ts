import { readFile } from 'node:fs/promises';
import test from 'ava';
import { readChangelog } from '../../../server/leads/read/changelog.js';
import { readFeed } from '../../../server/leads/read/feed.js';
import { changedLines, readHelpArticle } from '../../../server/leads/read/help-article.js';
import { readPeerData } from '../../../server/leads/read/peer-data.js';
import { readSitemap } from '../../../server/leads/read/sitemap.js';
import { UnreadableAnswer } from '../../../server/leads/read/types.js';
import { readXRecent, recentSearch } from '../../../server/leads/read/x-recent.js';
import { usageTerms } from '../../../server/leads/words.js';
import { fixtureDir } from '../../helpers/fixtures.js';

const fixture = (name: string) => readFile(`${fixtureDir('leads')}/${name}`, 'utf8');
const LINK = 'https://github.com/anthropics/claude-code/blob/main/CHANGELOG.md';

test('usage words: what speaks of limits matches, and says which terms', (t) => {
  t.deepEqual(usageTerms('Fable 5 requiring usage credits on Max plans'), ['usage credits']);
  t.deepEqual(usageTerms("we've updated usage limits for Claude Code users"), ['usage limits']);
  t.deepEqual(usageTerms("We've reset 5-hour and weekly rate limits for all users."), [
    'rate limits',
    'weekly limits',
    'reset',
  ]);
  t.deepEqual(usageTerms('Improved clarity of 5-hour session limit warning message'), ['session limits']);
  t.deepEqual(usageTerms('Elevated errors for multiple models'), []);
  t.deepEqual(usageTerms('Added readline-style ctrl-y for pasting deleted text'), []);
});

test('who speaks: a notice resets only limits; a client note of its own behaviour is no event', (t) => {
  t.deepEqual(usageTerms('Delays in password reset and login emails', 'notice'), [], 'a password reset');
  t.deepEqual(usageTerms('We have reset weekly limits for all affected users.', 'notice'), [
    'weekly limits',
    'reset',
  ]);
  t.deepEqual(
    usageTerms('Fixed `/usage` weekly reset showing time of day instead of the calendar date', 'client'),
    [],
  );
  t.deepEqual(
    usageTerms(
      'Improved error messages: server rate limits are now distinguished from plan usage limits',
      'client',
    ),
    [],
  );
  t.deepEqual(
    usageTerms(
      "To give you room to try out our new model, we've updated usage limits for Claude Code users",
      'client',
    ),
    ['usage limits'],
  );
  t.deepEqual(usageTerms("We're doubling usage outside our peak hours for the next two weeks."), ['usage']);
  t.deepEqual(usageTerms('lowering the price of cache reads on usage-based billing'), []);
});

test('status page: incidents that touch usage are leads, the rest are counted; first read only learns', async (t) => {
  const atom = await fixture('status-history.atom');
  const first = await readFeed(atom, null);
  t.deepEqual(first.sightings, [], 'a first read learns what is there');
  t.is(first.passed, 4);
  const backfilled = await readFeed(atom, null, { backfill: true });
  t.deepEqual(
    backfilled.sightings.map((sighting) => [sighting.title, sighting.url, sighting.matched]),
    [
      [
        'Fable 5 requiring usage credits on Max plans',
        'https://status.claude.com/incidents/tnypgb2jbqnq',
        ['usage credits'],
      ],
      [
        'Users incorrectly required to use usage credits',
        'https://status.claude.com/incidents/q7bz3usagecr',
        ['usage credits'],
      ],
    ],
  );
  t.is(backfilled.passed, 2, 'the other two incidents are counted, not listed');
  t.is(backfilled.sightings[0]!.postedAt, Date.parse('2026-07-20T07:35:00Z'));
  t.regex(backfilled.sightings[0]!.words, /Monitoring - A fix has been implemented/);
  // Seen once, never again; an entry that did not match is read again when it changes.
  const again = await readFeed(atom, backfilled.memory);
  t.deepEqual(again.sightings, []);
  const updated = atom.replace('Elevated errors for multiple models', 'Elevated errors; usage limits reset');
  t.deepEqual(
    (await readFeed(updated, again.memory)).sightings.map((sighting) => sighting.url),
    ['https://status.claude.com/incidents/461yvfrzpwtt'],
  );
});

test("claude-code's feed: a release's notes of the client's own behaviour are no lead; the provider speaking is one", async (t) => {
  const xml = await fixture('claude-code-feed.xml');
  const feed = await readFeed(xml, { seen: [] });
  t.deepEqual(
    feed.sightings,
    [],
    '"server rate limits are now distinguished" is the client, not a limit change',
  );
  t.is(feed.passed, 2);
  const speaking = xml.replace(
    'Improved the extended-thinking indicator with a rotating progress hint',
    'To give you room to try out our new model, we&#39;ve updated usage limits for Claude Code users',
  );
  const [release] = (await readFeed(speaking, { seen: [] })).sightings;
  t.like(release, {
    key: 'release:anthropics/claude-code@2.1.109',
    url: 'https://github.com/anthropics/claude-code/releases/tag/v2.1.109',
    matched: ['usage limits'],
  });
});

test("claude-code's changelog: only 2.0.51's updated usage limits is a lead, keyed as the release", async (t) => {
  const changelog = await fixture('claude-code-changelog.md');
  const read = readChangelog(changelog, { seen: [] }, { link: LINK });
  t.deepEqual(
    read.sightings.map((sighting) => [sighting.key, sighting.url, sighting.title]),
    [['release:anthropics/claude-code@2.0.51', `${LINK}#2051`, 'Claude Code 2.0.51']],
    "2.0.50's and 2.0.49's limit warnings are the client's own",
  );
  t.regex(read.sightings[0]!.words, /we've updated usage limits for Claude Code users/);
  t.notRegex(read.sightings[0]!.words, /Opus 4.5!/, 'only the items that speak of usage');
  t.is(read.passed, 3);
  t.deepEqual(readChangelog(changelog, null, { link: LINK }).sightings, [], 'a first read only learns');
  t.throws(() => readChangelog('<html>not found</html>', null, { link: LINK }), {
    instanceOf: UnreadableAnswer,
  });
});

test('a help article: a change is a lead with the lines removed and added; the first read learns it', async (t) => {
  const page =
    'https://support.claude.com/en/articles/15036540-use-the-claude-agent-sdk-with-your-claude-plan';
  const before = readHelpArticle(await fixture('help-article-before.md'), null, { page });
  t.deepEqual(before.sightings, []);
  t.deepEqual(
    readHelpArticle(await fixture('help-article-before.md'), before.memory, { page }).sightings,
    [],
  );
  const after = readHelpArticle(await fixture('help-article-after.md'), before.memory, { page });
  const [lead] = after.sightings;
  t.is(lead!.url, page);
  t.is(lead!.key, `${page}#${after.memory.hash}`, 'a change is keyed by its text: a later change asks again');
  t.is(lead!.title, 'Changed: Use the Claude Agent SDK with your Claude plan');
  t.regex(lead!.words, /^\+ Update June 15: We're pausing the changes/);
  t.deepEqual(lead!.matched, ['usage limits']);
  t.deepEqual(changedLines(['a', 'b'], ['b', 'c']), ['− a', '+ c']);
  t.throws(() => readHelpArticle('<!DOCTYPE html><html></html>', before.memory, { page }), {
    instanceOf: UnreadableAnswer,
  });
});

test('the news sitemap: a new page under the match is a candidate, newest first; others are passed', async (t) => {
  const xml = await fixture('sitemap.xml');
  const match = 'https://www.anthropic.com/news/';
  const first = readSitemap(xml, null, { match });
  t.deepEqual(first.candidates, [], 'a first read only learns');
  const added = xml.replace(
    '</urlset>',
    '<url><loc>https://www.anthropic.com/news/claude-sonnet-5</loc><lastmod>2026-06-30T17:00:00.000Z</lastmod></url></urlset>',
  );
  const next = readSitemap(added, first.learned, { match });
  t.deepEqual(next.candidates, [
    { url: 'https://www.anthropic.com/news/claude-sonnet-5', lastmod: '2026-06-30T17:00:00.000Z' },
  ]);
  t.is(next.passed, 2, 'the careers page is not news; Opus 4.8 did not change');
  t.throws(() => readSitemap('{}', null, { match }), { instanceOf: UnreadableAnswer });
});

test("peers' data: only the watched accounts' post links and ids are taken, never their words", async (t) => {
  const handles = ['ClaudeDevs', 'claudeai'];
  const shixi = readPeerData(await fixture('peer-shixi.json'), handles);
  t.deepEqual(
    shixi.sightings.map((sighting) => sighting.url),
    [
      'https://x.com/ClaudeDevs/status/2104641323198472430',
      'https://x.com/claudeai/status/2105721630051692804',
    ],
  );
  t.true(shixi.sightings.every((sighting) => sighting.words === '' && sighting.matched.length === 0));
  t.is(shixi.sightings[0]!.postedAt, Date.parse('2026-09-28T18:36:08.452Z'));
  const gmk = readPeerData(await fixture('peer-gmkbenjamin.json'), handles);
  t.deepEqual(
    gmk.sightings.map((sighting) => sighting.postId),
    ['2044868953206612154', '2047371123185287223'],
  );
  t.throws(() => readPeerData('<html>', handles), { instanceOf: UnreadableAnswer });
});

test('the X search: a post that speaks of usage is a lead with its words; the cursor moves on', async (t) => {
  t.is(
    recentSearch(['ClaudeDevs', 'claudeai'], '5'),
    '/2/tweets/search/recent?query=%28from%3AClaudeDevs+OR+from%3Aclaudeai%29+-is%3Aretweet&max_results=100&tweet.fields=created_at%2Cauthor_id%2Cnote_tweet&expansions=author_id&user.fields=username&since_id=5',
    'reposts out, long posts whole',
  );
  const read = readXRecent(await fixture('x-search.json'), null);
  t.deepEqual(
    read.sightings.map((sighting) => [sighting.url, sighting.matched]),
    [['https://x.com/ClaudeDevs/status/2104641323198472430', ['reset']]],
  );
  t.is(read.passed, 1);
  t.deepEqual(read.memory, { sinceId: '2104641323198472430' });
  t.deepEqual(readXRecent('{"meta":{"result_count":0}}', read.memory), {
    sightings: [],
    passed: 0,
    memory: read.memory,
  });
  t.throws(() => readXRecent('{"data": 3}', null), { instanceOf: UnreadableAnswer });
  t.throws(() => readXRecent('not json', null), { instanceOf: UnreadableAnswer });
});

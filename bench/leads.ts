/**
 * The lead watcher's precision and recall per source on its labelled corpus of real copies
 * (tests/helpers/lead-corpus.ts), the replay of claude-code's changelog, and the requests a day the
 * shipped sources file makes; then the watcher against local stand-ins of every source
 * (tests/fixtures/leads, served by tests/helpers/source-stand-in.ts) on a fake clock: after a first round learns each source, an item
 * appears in each at a time of its own, and the clock moves a second per tick until the curator's
 * webhook has been told of every one. Reports, per source, the minutes from the item appearing to
 * the curator being told (at most its poll interval plus a tick, when the watcher keeps its promise),
 * then, on the real clock, the CPU and memory of the watcher idling (ticks with nothing due) and of
 * one round in which every source answers 304.
 *
 *   npm run bench:leads [-- --idle-seconds 20]
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { openStore } from '../server/store/index.js';
import type { Answered } from '../server/leads/index.js';
import { PoliteClient } from '../server/leads/index.js';
import type { SourceEntry } from '../server/leads/index.js';
import { dailyRequests, intervalMs, readSourcesFile } from '../server/leads/index.js';
import { PAGES_PER_POLL } from '../server/leads/index.js';
import { replayChangelog, scoreCorpus } from '../tests/helpers/lead-corpus.js';
import { Watcher } from '../server/leads/index.js';
import { fixtureDir } from '../tests/helpers/fixtures.js';
import { startSourceStandIn } from '../tests/helpers/source-stand-in.js';
import { signatureProblem } from '../tests/helpers/webhook-receiver.js';
import { readCommandLine } from '../tools/command-line.js';
import { median } from './report.js';

const { positiveWhole, values } = readCommandLine({
  usage: 'tsx bench/leads.ts [--idle-seconds <n>]',
  description:
    'Minutes from an item appearing at each source to the curator being told, on a fake clock; the idle watcher’s CPU and RSS.',
  options: {
    'idle-seconds': {
      type: 'string',
      value: '<n>',
      description: 'how long the idle watcher is measured (default 20)',
    },
  },
});
const idleSeconds = positiveWhole('idle-seconds', values['idle-seconds'] ?? '20');
const SECRET = `whsec_${Buffer.from('bench-curator-webhook-secret').toString('base64')}`;
const fixture = (name: string) => readFile(path.join(fixtureDir('leads'), name), 'utf8');
const TWITTER_EPOCH_MS = 1_288_834_974_657n;

const dir = await mkdtemp(path.join(os.tmpdir(), 'reset-tracker-bench-leads-'));
const site = await startSourceStandIn();
/** The curator's webhook: each message's signature checked against its own timestamp (the clock is fake). */
/** Each lead the curator's webhook carried (a digest, `data.leads`), with when: its address, if http(s). */
const told: { url: string | null; at: number }[] = [];
let now = Date.now();
const curator = createServer((request, response) => {
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', () => {
    const body = Buffer.concat(chunks);
    const problem = signatureProblem(
      SECRET,
      request.headers,
      body,
      Number(request.headers['webhook-timestamp']),
    );
    if (problem) throw new Error(`the curator's webhook refused a message: ${problem}`);
    const { data } = JSON.parse(body.toString()) as { data: { leads: { url: string | null }[] } };
    for (const lead of data.leads) told.push({ url: lead.url, at: now });
    response.writeHead(204).end();
  });
});
await new Promise<void>((resolve) => curator.listen(0, '127.0.0.1', resolve));
const curatorUrl = `http://127.0.0.1:${(curator.address() as AddressInfo).port}/curator`;
const store = await openStore(path.join(dir, 'alerts.sqlite'), () => now);

try {
  console.log('Precision and recall on the labelled corpus (tests/fixtures/leads/corpus/):');
  console.log('| source | items | labelled events | leads | precision | recall |');
  console.log('| --- | ---: | ---: | ---: | ---: | ---: |');
  const percent = (value: number | null) => (value === null ? '—' : `${(value * 100).toFixed(0)} %`);
  for (const score of await scoreCorpus())
    console.log(
      `| ${score.source} | ${score.items} | ${score.events} | ${score.leads} | ${percent(score.precision)} | ${percent(score.recall)} |`,
    );
  const replay = await replayChangelog('2.0.51');
  console.log(
    `claude-code's CHANGELOG.md replayed from 2.0.51: ${replay.leads.length} lead(s) for ${replay.releases.length} releases (${replay.leads.join(', ')})`,
  );
  const shipped = await readSourcesFile('deploy/leads-sources.json');
  const perDay = dailyRequests(shipped, PAGES_PER_POLL);
  console.log('');
  console.log(
    'Requests a day at most, the shipped sources file (deploy/leads-sources.json), while they change:',
  );
  for (const source of perDay) console.log(`  ${source.name}: ${source.perDay}`);
  console.log(
    `  in all: ${perDay.reduce((sum, source) => sum + source.perDay, 0)} (and one oEmbed read per new X post)`,
  );
  console.log('');

  const at = (route: string) => `${site.origin}${route}`;
  const sources: SourceEntry[] = [
    { name: 'status-page', kind: 'status_page', url: at('/history.atom') },
    { name: 'claude-code-feed', kind: 'feed', url: at('/feed.xml') },
    {
      name: 'claude-code-changelog',
      kind: 'changelog',
      url: at('/CHANGELOG.md'),
      link: 'https://github.com/anthropics/claude-code/blob/main/CHANGELOG.md',
    },
    {
      name: 'help-article',
      kind: 'help_article',
      url: at('/article.md'),
      page: 'https://support.claude.com/en/articles/15036540',
    },
    {
      name: 'anthropic-news',
      kind: 'sitemap',
      url: at('/sitemap.xml'),
      match: at('/news/'),
    },
    { name: 'peer', kind: 'peer_data', url: at('/peer.json') },
    { name: 'x', kind: 'x_recent' },
  ];
  const baseline: Record<string, string> = {
    '/history.atom': await fixture('status-history.atom'),
    '/feed.xml': await fixture('claude-code-feed.xml'),
    '/CHANGELOG.md': await fixture('claude-code-changelog.md'),
    '/article.md': await fixture('help-article-before.md'),
    '/sitemap.xml': await fixture('sitemap.xml'),
    '/peer.json': '[]',
    '/2/tweets/search/recent': '{"meta":{"result_count":0}}',
  };
  let version = 0;
  const serve = (route: string, body: string) => site.set(route, { body, etag: `"${(version += 1)}"` });
  for (const [route, body] of Object.entries(baseline)) serve(route, body);
  site.set('/oembed', { body: await fixture('oembed.json') });

  const nothingAnswered = (): Promise<Answered> =>
    Promise.resolve({ has: () => false, eventCiting: () => null });
  const client = new PoliteClient({
    userAgent: 'bench',
    timeoutMs: 5_000,
    maxBytes: 4 * 1024 * 1024,
    clock: () => now,
  });
  const watcher = new Watcher({
    store,
    sources,
    context: {
      client,
      handles: ['ClaudeDevs', 'claudeai'],
      x: { token: 'bench', origin: site.origin },
      backfill: false,
    },
    clock: () => now,
    answered: nothingAnswered,
    channels: {
      webhook: { url: curatorUrl, secret: SECRET, post: { allowedOrigins: [new URL(curatorUrl).origin] } },
    },
    oembedOrigin: site.origin,
    log: pino({ level: 'warn' }),
    holder: 'bench',
  });
  await watcher.round(true);

  /** What appears at each source, when (seconds after the first round), and the lead it makes. */
  const post = (iso: string) => String((BigInt(Date.parse(iso)) - TWITTER_EPOCH_MS) << 22n);
  const xId = post('2026-11-28T10:00:00Z');
  const peerPost = `https://x.com/claudeai/status/${post('2026-11-28T09:00:00Z')}`;
  const appearances: { source: string; after: number; url: string; change: () => void | Promise<void> }[] = [
    {
      source: 'status-page',
      after: 37,
      url: 'https://status.claude.com/incidents/bench-usage',
      change: () =>
        serve(
          '/history.atom',
          baseline['/history.atom']!.replace(
            '<entry>',
            '<entry><id>tag:x</id><link rel="alternate" href="https://status.claude.com/incidents/bench-usage"/><title>Usage limits reached early</title><content type="html">x</content></entry><entry>',
          ),
        ),
    },
    {
      source: 'claude-code-feed',
      after: 131,
      url: 'https://github.com/anthropics/claude-code/releases/tag/v9.9.8',
      change: () =>
        serve(
          '/feed.xml',
          baseline['/feed.xml']!.replace(
            '<entry>',
            '<entry><id>v9.9.8</id><link rel="alternate" href="https://github.com/anthropics/claude-code/releases/tag/v9.9.8"/><title>Claude Code v9.9.8</title><content type="html">We&#39;ve updated usage limits for all Max users</content></entry><entry>',
          ),
        ),
    },
    {
      source: 'claude-code-changelog',
      after: 223,
      url: 'https://github.com/anthropics/claude-code/blob/main/CHANGELOG.md#999',
      change: () =>
        serve(
          '/CHANGELOG.md',
          baseline['/CHANGELOG.md']!.replace(
            '# Changelog\n',
            "# Changelog\n\n## 9.9.9\n\n- We've updated usage limits for all Max users\n",
          ),
        ),
    },
    {
      source: 'help-article',
      after: 317,
      url: 'https://support.claude.com/en/articles/15036540',
      change: async () => serve('/article.md', await fixture('help-article-after.md')),
    },
    {
      source: 'anthropic-news',
      after: 401,
      url: at('/news/claude-sonnet-5'),
      change: () =>
        serve(
          '/sitemap.xml',
          baseline['/sitemap.xml']!.replace(
            '</urlset>',
            `<url><loc>${at('/news/claude-sonnet-5')}</loc><lastmod>2026-11-28T10:00:00Z</lastmod></url></urlset>`,
          ),
        ),
    },
    {
      source: 'peer',
      after: 479,
      url: peerPost,
      change: () => serve('/peer.json', JSON.stringify([{ url: peerPost }])),
    },
    {
      source: 'x',
      after: 563,
      url: `https://x.com/ClaudeDevs/status/${xId}`,
      change: () =>
        serve(
          '/2/tweets/search/recent',
          JSON.stringify({
            data: [{ id: xId, author_id: '1', text: "We've reset weekly limits for everyone." }],
            includes: { users: [{ id: '1', username: 'ClaudeDevs' }] },
            meta: { newest_id: xId },
          }),
        ),
    },
  ];
  // The sitemap's pages are the stand-in's, so the watcher reads the new one there.
  site.set('/news/claude-sonnet-5', { body: await fixture('news-sonnet-5.html') });
  const start = now;
  // The slowest source (the help articles, twice a day) bounds how long the clock runs.
  const limit = start + Math.max(...sources.map(intervalMs)) + 3_600_000;
  const appeared = new Map<string, number>();
  while (now < limit && told.length < appearances.length) {
    now += 1_000;
    for (const item of appearances)
      if (!appeared.has(item.source) && now - start >= item.after * 1000) {
        await item.change();
        appeared.set(item.source, now);
      }
    await watcher.round();
  }
  console.log('From an item appearing to the curator told (fake clock, a tick a second):');
  console.log('| source | interval | told after | within interval + 10 s |');
  console.log('| --- | ---: | ---: | :---: |');
  for (const item of appearances) {
    const source = sources.find((entry) => entry.name === item.source)!;
    const told_ = told.find((message) => message.url?.startsWith(item.url) === true);
    const after = told_ ? (told_.at - appeared.get(item.source)!) / 1000 : null;
    const within = after !== null && after * 1000 <= intervalMs(source) + 10_000;
    console.log(
      `| ${item.source} | ${intervalMs(source) / 60_000} min | ${after === null ? 'never' : `${(after / 60).toFixed(1)} min`} | ${within ? 'yes' : 'NO'} |`,
    );
  }

  // The real clock: idle ticks (nothing due), then one round of every source answering 304.
  now = Date.now();
  const idle = new Watcher({ ...watcherOptions(), clock: Date.now });
  function watcherOptions() {
    return {
      store,
      sources,
      context: {
        client,
        handles: ['ClaudeDevs'],
        x: { token: 'bench', origin: site.origin },
        backfill: false,
      },
      clock: Date.now,
      answered: nothingAnswered,
      channels: {},
      log: pino({ level: 'warn' }),
      holder: 'bench',
    };
  }
  for (const source of sources)
    await store.leads.saveSourceState(
      source.name,
      JSON.stringify({
        ...JSON.parse((await store.leads.sourceState(source.name)) ?? '{}'),
        nextAt: Date.now() + 3_600_000,
      }),
    );
  /** CPU ms this process spends in `seconds` while `during` runs (nothing, or the watcher idling). */
  const cpuOver = async (seconds: number, during?: { start(): void; stop(): Promise<void> }) => {
    const before = process.cpuUsage();
    during?.start();
    await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
    await during?.stop();
    const used = process.cpuUsage(before);
    return (used.user + used.system) / 1000;
  };
  const rssBefore = process.memoryUsage().rss;
  // Alternating windows, the process at rest and the watcher idling, compared by their medians: the
  // machine's own noise moves both alike.
  const windows = 5;
  const seconds = idleSeconds / windows;
  const rest: number[] = [];
  const watching: number[] = [];
  for (let round = 0; round < windows; round += 1) {
    rest.push(await cpuOver(seconds));
    watching.push(await cpuOver(seconds, idle));
  }
  const quiet = median(rest);
  const idleCpuMs = Math.max(0, median(watching) - quiet);
  const roundCpu = process.cpuUsage();
  await idle.round(true);
  const roundUsage = process.cpuUsage(roundCpu);
  console.log('');
  console.log(
    `idle: ${(idleCpuMs / seconds).toFixed(2)} ms of CPU a second more than the process at rest (${(quiet / seconds).toFixed(2)} ms a second), medians of ${windows} windows of ${seconds} s each`,
  );
  console.log(
    `a round of ${sources.length} sources answering 304: ${((roundUsage.user + roundUsage.system) / 1000).toFixed(1)} ms of CPU`,
  );
  console.log(
    `RSS: ${(rssBefore / 2 ** 20).toFixed(0)} MB before idling, ${(process.memoryUsage().rss / 2 ** 20).toFixed(0)} MB after`,
  );
} finally {
  await store.close();
  await site.stop();
  await new Promise<void>((resolve) => curator.close(() => resolve()));
  await rm(dir, { recursive: true, force: true });
}

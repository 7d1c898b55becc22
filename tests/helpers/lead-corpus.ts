/**
 * The lead watcher's precision and recall on its labelled corpus (tests/fixtures/leads/corpus/):
 * each item read as its source's reader reads it, and compared with its label. Used by the test
 * that holds the numbers (tests/server/leads/corpus.test.ts) and by `npm run bench:leads`.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { readChangelog } from '../../server/leads/read/changelog.js';
import { readFeed } from '../../server/leads/read/feed.js';
import { readHelpArticle } from '../../server/leads/read/help-article.js';
import { usageTerms } from '../../server/leads/words.js';
import { fixtureDir } from './fixtures.js';

const corpus = (name: string) => readFile(path.join(fixtureDir('leads'), 'corpus', name), 'utf8');
const LINK = 'https://github.com/anthropics/claude-code/blob/main/CHANGELOG.md';

type Item =
  | {
      readonly source: 'x' | 'status_page' | 'news';
      readonly title: string;
      readonly text: string;
      readonly event: boolean;
    }
  | {
      readonly source: 'help_article';
      readonly title: string;
      readonly before: string;
      readonly after: string;
      readonly event: boolean;
    };

export interface SourceScore {
  readonly source: string;
  readonly items: number;
  readonly events: number;
  readonly leads: number;
  /** Leads that are labelled events. */
  readonly hits: number;
  /** hits / leads; null with no lead. */
  readonly precision: number | null;
  /** hits / events; null with no labelled event. */
  readonly recall: number | null;
  /** The labelled events that were no lead. */
  readonly missed: readonly string[];
}

function score(source: string, judged: readonly { name: string; event: boolean; lead: boolean }[]) {
  const events = judged.filter((one) => one.event).length;
  const leads = judged.filter((one) => one.lead).length;
  const hits = judged.filter((one) => one.event && one.lead).length;
  return {
    source,
    items: judged.length,
    events,
    leads,
    hits,
    precision: leads === 0 ? null : hits / leads,
    recall: events === 0 ? null : hits / events,
    missed: judged.filter((one) => one.event && !one.lead).map((one) => one.name),
  };
}

/** Whether the reader of `item`'s source makes it a lead. */
function isLead(item: Item): boolean {
  switch (item.source) {
    case 'x':
      return usageTerms(`${item.text}`, 'provider').length > 0;
    case 'status_page':
    case 'news':
      return usageTerms(`${item.title}\n${item.text}`, 'notice').length > 0;
    case 'help_article': {
      const page = 'https://support.claude.com/en/articles/0';
      const before = readHelpArticle(item.before, null, { page });
      return readHelpArticle(item.after, before.memory, { page }).sightings.length > 0;
    }
  }
}

/** claude-code's releases from `since` on, and which of them the changelog's reader makes leads. */
export async function replayChangelog(since = '2.0.51'): Promise<{ releases: string[]; leads: string[] }> {
  const markdown = await corpus('claude-code-CHANGELOG.md');
  const versions = [...markdown.matchAll(/^## (\d+\.\d+\.\d+)/gm)].map((match) => match[1]!);
  const releases = versions.slice(0, versions.indexOf(since) + 1);
  const read = readChangelog(markdown, { seen: [] }, { link: LINK });
  const leads = read.sightings
    .map((sighting) => /@(.*)$/.exec(sighting.key)![1]!)
    .filter((version) => releases.includes(version));
  return { releases, leads };
}

/** Precision and recall per source over the labelled corpus. */
export async function scoreCorpus(): Promise<SourceScore[]> {
  const { items } = JSON.parse(await corpus('labels.json')) as { items: Item[] };
  const { events } = JSON.parse(await corpus('changelog-labels.json')) as {
    events: Record<string, string>;
  };
  const scores: SourceScore[] = [];
  for (const source of ['status_page', 'help_article', 'news', 'x'] as const)
    scores.push(
      score(
        source,
        items
          .filter((item) => item.source === source)
          .map((item) => ({ name: item.title, event: item.event, lead: isLead(item) })),
      ),
    );
  const replay = await replayChangelog();
  scores.push(
    score(
      'changelog',
      replay.releases.map((version) => ({
        name: version,
        event: version in events,
        lead: replay.leads.includes(version),
      })),
    ),
  );
  for (const [source, file] of [
    ['feed.xml', 'claude-code-feed.xml'],
    ['releases.atom', 'claude-code-releases.atom'],
  ] as const) {
    const feed = await corpus(file);
    const entries = [...feed.matchAll(/releases\/tag\/v(\d+\.\d+\.\d+)"/g)].map((match) => match[1]!);
    const read = await readFeed(feed, { seen: [] });
    const leads = read.sightings.map((sighting) => /@(.*)$/.exec(sighting.key)?.[1] ?? sighting.url);
    scores.push(
      score(
        source,
        [...new Set(entries)].map((version) => ({
          name: version,
          event: version in events,
          lead: leads.includes(version),
        })),
      ),
    );
  }
  return scores;
}

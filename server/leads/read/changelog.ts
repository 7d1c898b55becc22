/**
 * claude-code's `CHANGELOG.md`: one `## <version>` section per release, its changes as list items,
 * each the client's note of its own behaviour. A release with an item where the provider speaks of
 * a change to limits (../words.ts, the `client` voice) is a lead, its words those items; the page is
 * `link` with the version's anchor, the key the release's (./release-key.ts). As a feed, the first
 * reading only learns the releases there.
 */
import { usageTerms } from '../words.js';
import { changelogReleaseKey } from './release-key.js';
import type { FeedMemory } from './feed.js';
import type { Reading } from './types.js';
import { UnreadableAnswer, clip } from './types.js';

interface Release {
  readonly version: string;
  readonly items: readonly string[];
}

/** The releases of a changelog, in its order (newest first, as claude-code writes it). */
function releasesOf(markdown: string): Release[] {
  const releases: { version: string; items: string[] }[] = [];
  for (const line of markdown.split('\n')) {
    const heading = /^##\s+\[?v?(\d+\.\d+\.\d+[\w.-]*)\]?/.exec(line);
    if (heading) releases.push({ version: heading[1]!, items: [] });
    else {
      const item = /^\s*[-*]\s+(.*\S)/.exec(line);
      if (item && releases.length > 0) releases.at(-1)!.items.push(item[1]!);
    }
  }
  return releases;
}

export function readChangelog(
  markdown: string,
  memory: FeedMemory | null,
  options: { link: string; backfill?: boolean },
): Reading<FeedMemory> {
  const releases = releasesOf(markdown);
  if (releases.length === 0) throw new UnreadableAnswer('no "## <version>" section: not a changelog');
  const seen = new Set(memory?.seen ?? []);
  const learning = memory === null && !options.backfill;
  const sightings = [];
  let passed = 0;
  for (const release of releases) {
    const url = `${options.link}#${release.version.replace(/[^\w-]/g, '')}`;
    const speaking = release.items.filter((item) => usageTerms(item, 'client').length > 0);
    if (learning || seen.has(url) || speaking.length === 0) {
      passed += 1;
      continue;
    }
    sightings.push({
      key: changelogReleaseKey(options.link, release.version) ?? url,
      url,
      postId: null,
      postedAt: null,
      title: `Claude Code ${release.version}`,
      words: clip(speaking.join('\n')),
      matched: [...new Set(speaking.flatMap((item) => usageTerms(item, 'client')))],
    });
  }
  const remembered = learning
    ? releases.map((release) => `${options.link}#${release.version.replace(/[^\w-]/g, '')}`)
    : sightings.map((sighting) => sighting.url);
  return { sightings, passed, memory: { seen: [...new Set([...remembered, ...seen])].slice(0, 2_000) } };
}

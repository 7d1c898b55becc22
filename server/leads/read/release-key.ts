/**
 * One release, whichever source carries it: claude-code's `CHANGELOG.md` section, its `feed.xml`
 * entry and its `releases.atom` entry all name a GitHub repository and a version, and a lead is
 * keyed by those two (`release:anthropics/claude-code@2.0.51`), so the three sightings are one lead.
 */
const TAG = /^https:\/\/github\.com\/([\w.-]+\/[\w.-]+)\/releases\/tag\/v?(\d+\.\d+\.\d+[\w.-]*)$/;
const FILE = /^https:\/\/github\.com\/([\w.-]+\/[\w.-]+)\/blob\//;

/** The release key of a GitHub release page, or null for any other address. */
export function releaseKey(url: string): string | null {
  const tag = TAG.exec(url);
  return tag ? `release:${tag[1]}@${tag[2]}` : null;
}

/** The release key of `version` in the changelog whose page is `link` (a file on GitHub). */
export function changelogReleaseKey(link: string, version: string): string | null {
  const repo = FILE.exec(link)?.[1];
  return repo === undefined ? null : `release:${repo}@${version}`;
}

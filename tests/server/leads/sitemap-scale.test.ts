import test from 'ava';
import { readNews } from '../../../server/leads/read-news.js';
import { PoliteClient } from '../../../server/leads/polite-client.js';
import type { SitemapMemory } from '../../../server/leads/read/sitemap.js';

const client = new PoliteClient({
  userAgent: 'test',
  timeoutMs: 2_000,
  maxBytes: 65_536,
  clock: Date.now,
  fetch: () => Promise.resolve(new Response('<title>A page</title><p>Nothing of note.</p>')),
});

/** A sitemap of `size` news pages, every date moved since `memory` read them: every page a candidate. */
function sitemapOf(size: number): { xml: string; memory: SitemapMemory } {
  const urls = Array.from({ length: size }, (_, index) => `https://www.anthropic.com/news/page-${index}`);
  const xml = `<urlset>${urls.map((url) => `<url><loc>${url}</loc><lastmod>2026-11-29</lastmod></url>`).join('')}</urlset>`;
  return { xml, memory: { pages: Object.fromEntries(urls.map((url) => [url, '2026-01-01'])), texts: {} } };
}

/** The least CPU time (µs) of three readings of `size` pages: the least is the least disturbed. */
async function cpuOf(size: number): Promise<number> {
  const { xml, memory } = sitemapOf(size);
  let least = Infinity;
  for (let run = 0; run < 3; run += 1) {
    const start = process.cpuUsage();
    await readNews(xml, memory, 'https://www.anthropic.com/news/', client);
    const used = process.cpuUsage(start);
    least = Math.min(least, used.user + used.system);
  }
  return least;
}

test('a sitemap ten times larger costs about ten times the CPU, not a hundred (linear diffing)', async (t) => {
  await cpuOf(2_000); // warm-up: compiled code, not the first call's
  const small = await cpuOf(7_000);
  const large = await cpuOf(70_000);
  // Linear is a ratio near 10, quadratic near 100: a bound of 30 leaves room for a busy machine.
  t.true(large / small < 30, `70,000 pages cost ${(large / small).toFixed(1)} times 7,000 pages`);
});

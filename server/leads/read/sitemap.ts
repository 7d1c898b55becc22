/**
 * The provider's news pages, by the sitemap's `lastmod`: a page under one of the `match` prefixes
 * (the news, the launch pages) that is new or whose `lastmod` moved is a candidate; the watcher
 * reads it (../read-news.ts) and makes it a lead when its text may be an event. The first reading
 * only learns the pages there.
 */
import { decodeXML } from 'entities';
import { UnreadableAnswer } from './types.js';

/**
 * Each page's `lastmod` as last read (or `''` when the sitemap gives none); the hash of each page's
 * text as last read; and the pages that failed, with how many polls they still wait.
 */
export interface SitemapMemory {
  readonly pages: Readonly<Record<string, string>>;
  readonly texts?: Readonly<Record<string, string>>;
  readonly waits?: Readonly<Record<string, { readonly failures: number; readonly polls: number }>>;
}

export interface SitemapReading {
  /** Pages to read, newest `lastmod` first. */
  readonly candidates: readonly { readonly url: string; readonly lastmod: string }[];
  readonly passed: number;
  /** The memory with every page under `match` learned, for a first reading. */
  readonly learned: SitemapMemory;
}

export function readSitemap(
  xml: string,
  memory: SitemapMemory | null,
  options: { match: string | readonly string[] },
): SitemapReading {
  if (!/<urlset\b/.test(xml)) throw new UnreadableAnswer('no <urlset>: not a sitemap');
  const prefixes = (typeof options.match === 'string' ? [options.match] : options.match).map(
    (prefix) => new URL(prefix),
  );
  // A page is under a prefix by its parsed address (its origin, then its path): never by the text.
  const under = (url: string): boolean => {
    const page = URL.parse(url);
    return (
      page !== null &&
      prefixes.some((prefix) => page.origin === prefix.origin && page.pathname.startsWith(prefix.pathname))
    );
  };
  const pages: Record<string, string> = {};
  let passed = 0;
  for (const [, block] of xml.matchAll(/<url>([\s\S]*?)<\/url>/g)) {
    const loc = /<loc>\s*([^<]*?)\s*<\/loc>/.exec(block!)?.[1];
    if (loc === undefined) continue;
    const url = decodeXML(loc);
    if (!under(url)) {
      passed += 1;
      continue;
    }
    pages[url] = decodeXML(/<lastmod>\s*([^<]*?)\s*<\/lastmod>/.exec(block!)?.[1] ?? '');
  }
  const learned = { ...memory, pages: { ...memory?.pages, ...pages } };
  if (memory === null) return { candidates: [], passed: passed + Object.keys(pages).length, learned };
  const candidates = Object.entries(pages)
    .filter(([url, lastmod]) => memory.pages[url] !== lastmod)
    .map(([url, lastmod]) => ({ url, lastmod }))
    .sort((a, b) => b.lastmod.localeCompare(a.lastmod));
  return { candidates, passed: passed + Object.keys(pages).length - candidates.length, learned };
}

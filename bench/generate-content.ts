/**
 * Writes a valid content folder with many events, for benchmarks: `tsx bench/generate-content.ts <dir> [<count>]`.
 * Deterministic (seeded), so every run benchmarks the same set. The loader validates the result.
 */
import { copyFile, mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { EventFile } from '../domain/content/files.js';
import { loadContent } from '../server/content/read-content.js';
import { readCommandLine } from '../tools/command-line.js';

const TWITTER_EPOCH_MS = 1288834974657n;
const START_MS = Date.UTC(2013, 0, 1);
const HOUR_MS = 3_600_000;

/** mulberry32: a small seeded generator, so the set is the same on every run. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** An X status id that encodes `ms` (snowflake: milliseconds since the Twitter epoch, shifted by 22). */
function snowflake(ms: number, low: number): string {
  return (((BigInt(ms) - TWITTER_EPOCH_MS) << 22n) | BigInt(low & 0x3fffff)).toString();
}

const AUDIENCES: EventFile['audience'][] = [
  { scope: 'broad', statement: 'All users, on every plan', plans: 'all' },
  { scope: 'broad', statement: 'All paid subscribers', plans: 'subscribers' },
  { scope: 'limited', statement: 'Pro and Max subscribers', plans: ['pro', 'max'] },
  { scope: 'limited', statement: 'Team workspaces', plans: ['team'] },
  { scope: 'limited', statement: 'Max subscribers', plans: ['max'] },
  { scope: 'unspecified', statement: 'Audience not stated', plans: 'unspecified' },
];
const WINDOWS: EventFile['windows'][] = [
  ['five_hour'],
  ['weekly'],
  ['five_hour', 'weekly'],
  ['other'],
  ['unspecified'],
];
const OTHER_KINDS = ['limit_increase', 'credit', 'policy_change', 'incident'] as const;

function pick<T>(items: readonly T[], next: () => number): T {
  return items[Math.floor(next() * items.length)]!;
}

function iso(ms: number): string {
  return new Date(ms).toISOString();
}

function buildEvent(index: number, at: number, next: () => number): EventFile {
  const roll = next();
  const kind = roll < 0.94 ? 'usage_reset' : pick(OTHER_KINDS, next);
  const statusRoll = next();
  const status =
    kind !== 'usage_reset' || statusRoll < 0.9
      ? 'confirmed'
      : statusRoll < 0.94
        ? 'announced'
        : statusRoll < 0.97
          ? 'cancelled'
          : 'retracted';
  const exact = next() < 0.85;
  const day = iso(at).slice(0, 10);
  const id = `${day}-${kind.replace('_', '-')}-${String(index).padStart(5, '0')}`;
  const published = exact ? at + 30 * 60_000 : Date.parse(`${day}T23:00:00.000Z`);
  const corrected = status === 'cancelled' || status === 'retracted';
  const revised = corrected ? published + 24 * HOUR_MS : published;
  const original: EventFile['sources'][number] = exact
    ? {
        url: `https://x.com/WrenquillDemo/status/${snowflake(at, index)}`,
        handle: '@WrenquillDemo',
        display_name: 'Wrenquill (demo)',
        role: 'original',
        kind: 'social_post',
        excerpt: 'Usage limits have been reset.',
      }
    : {
        url: `https://wrenquill.example/changelog/${day}-${index}`,
        handle: 'wrenquill.example',
        display_name: 'Wrenquill website (demo)',
        role: 'original',
        kind: 'web_page',
        excerpt: 'Usage limits were reset today.',
      };
  const sources: EventFile['sources'] = [original];
  if (next() < 0.3) {
    sources.push({
      url: `https://x.com/DemoEngAsh/status/${snowflake(at + 5 * 60_000, index + 1)}`,
      handle: '@DemoEngAsh',
      display_name: 'Ash, Wrenquill engineer (fictional)',
      role: 'relay',
      kind: 'social_post',
      excerpt: 'Confirming the reset.',
    });
  }
  return {
    id,
    kind,
    event_status: status,
    title: `Generated ${kind.replace('_', ' ')} #${index}`,
    summary: `A generated benchmark event (${status}) on ${day}; the text is filler of a realistic length for an editorial summary.`,
    time_precision: exact ? 'exact' : 'date',
    ...(exact ? {} : { announced_on: day }),
    ...(status === 'announced' ? { effective_at: iso(at + 48 * HOUR_MS) } : {}),
    allocation: 'subscription_usage',
    audience: pick(AUDIENCES, next),
    windows: pick(WINDOWS, next),
    sources,
    first_published_at: iso(published),
    revised_at: iso(revised),
    revision: corrected ? 2 : 1,
    ...(corrected
      ? {
          correction: {
            kind: status === 'retracted' ? 'retraction' : 'correction',
            reason: status === 'retracted' ? 'The post was a mistake.' : 'The reset was called off.',
            at: iso(revised),
          },
        }
      : {}),
    related_event_ids: [],
  };
}

/** Writes `count` events (plus collection and sources) into `dir`, replacing what was there. */
export async function generateContent(dir: string, count: number, seed = 6): Promise<void> {
  const next = random(seed);
  await rm(dir, { recursive: true, force: true });
  await mkdir(path.join(dir, 'events'), { recursive: true });
  const repoContent = fileURLToPath(new URL('../content/', import.meta.url));
  await copyFile(path.join(repoContent, 'sources.json'), path.join(dir, 'sources.json'));
  await writeFile(
    path.join(dir, 'collection.json'),
    JSON.stringify({ coverage_start: '2013-01-01', editorial_reviewed_at: '2026-11-20T18:00:00Z' }),
  );
  let at = START_MS;
  const writes: Promise<void>[] = [];
  for (let index = 0; index < count; index += 1) {
    // About three events a day, never two in the same millisecond.
    at += 2 * HOUR_MS + Math.floor(next() * 12 * HOUR_MS) + 1;
    const event = buildEvent(index, at, next);
    writes.push(writeFile(path.join(dir, 'events', `${event.id}.json`), JSON.stringify(event, null, 2)));
    if (writes.length >= 256) await Promise.all(writes.splice(0));
  }
  await Promise.all(writes);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const {
    positionals: [dir = '', count = '10000'],
    refuse,
  } = readCommandLine({
    usage: 'tsx bench/generate-content.ts <dir> [<count>]',
    description:
      'Writes a valid content folder of generated events (the same set on every run), for benchmarks.',
    arguments: [
      { name: '<dir>', required: true, description: 'the folder to write (replaced)' },
      { name: '<count>', description: 'how many events (default: 10000)' },
    ],
    options: {},
  });
  if (!/^[1-9]\d*$/.test(count)) refuse(`<count>: '${count}' is not a positive whole number`);
  await generateContent(dir, Number(count));
  const result = await loadContent(dir);
  if (!result.ok) {
    console.error(result.problems.slice(0, 20));
    process.exit(1);
  }
  console.log(`${dir}: ${result.content.events.length} events, revision ${result.content.revision}`);
}

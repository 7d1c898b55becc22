import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import test from 'ava';
import { firstControlCharacter } from '../../domain/terminal-text.js';
import { copyContent, ROOT, SHIPPED_CONTENT } from '../helpers/fixtures.js';
import { commandLine, outputOf, runToEnd } from '../helpers/run.js';

const TWITTER_EPOCH_MS = 1_288_834_974_657n;
/** An X post id of a given time, as X makes them (the time in its top bits). */
const snowflakeAt = (iso: string) => String((BigInt(Date.parse(iso)) - TWITTER_EPOCH_MS) << 22n);

function contentNew(args: readonly string[], env: Record<string, string>) {
  return runToEnd(process.execPath, [...commandLine('tools/content-new.ts'), ...args], {
    cwd: ROOT,
    env: { ...process.env, ...env },
  });
}

/** A port nothing listens on: every connection is refused at once. */
async function closedOrigin(): Promise<string> {
  const probe = http.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}

test('content:new reads an X post’s author and words from a stand-in oEmbed endpoint', async (t) => {
  const post = `https://x.com/someone_new/status/${snowflakeAt('2026-11-20T12:00:00Z')}`;
  const asked: URL[] = [];
  const oembed = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://stand-in');
    asked.push(url);
    if (url.pathname !== '/oembed' || url.searchParams.get('url') !== post) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'Content-Type': 'application/json' }).end(
      JSON.stringify({
        author_name: 'Someone New',
        author_url: 'https://twitter.com/someone_new',
        html: '<blockquote class="twitter-tweet"><p lang="en" dir="ltr">We&#39;ve reset weekly limits<br>for everyone &amp; every plan. <a href="https://t.co/abc">https://t.co/abc</a></p>&mdash; Someone New (@someone_new) <a href="https://twitter.com/someone_new/status/1">November 20, 2026</a></blockquote>',
      }),
    );
  });
  await new Promise<void>((resolve) => oembed.listen(0, '127.0.0.1', resolve));
  const content = await copyContent(SHIPPED_CONTENT);
  try {
    const origin = `http://127.0.0.1:${(oembed.address() as AddressInfo).port}`;
    const done = await contentNew([post, '--title', 'Weekly limits reset', '--dir', content.dir], {
      OEMBED_ORIGIN: origin,
    });
    t.is(done.code, 0, outputOf(done));
    t.is(asked.length, 1);
    t.is(asked[0]!.searchParams.get('omit_script'), '1');
    const file = path.join(content.dir, 'events', '2026-11-20-weekly-limits-reset.json');
    const event = JSON.parse(await readFile(file, 'utf8')) as { sources: Record<string, string>[] };
    t.like(event.sources[0], {
      handle: '@someone_new',
      display_name: 'Someone New',
      excerpt: "We've reset weekly limits for everyone & every plan.",
    });
    t.regex(
      done.stdout,
      /verification_method: "Post text and author read from the platform's public oEmbed endpoint/,
    );
  } finally {
    await new Promise<void>((resolve) => oembed.close(() => resolve()));
    await content.dispose();
  }
});

test('content:new says in one line when the oEmbed endpoint cannot be reached, and drafts the event all the same', async (t) => {
  const content = await copyContent(SHIPPED_CONTENT);
  try {
    const post = `https://bsky.app/profile/someone.bsky.social/post/3m5zq2z7qxk2a`;
    const done = await contentNew([post, '--title', 'Offline draft', '--dir', content.dir], {
      OEMBED_ORIGIN: await closedOrigin(),
    });
    t.is(done.code, 0, outputOf(done));
    const lines = done.stdout.split('\n').filter((line) => line.startsWith('oEmbed:'));
    t.is(lines.length, 1);
    t.regex(lines[0]!, /could not be read \(unreachable\); the author and words are left to fill in$/);
    t.regex(done.stdout, /^wrote \S+offline-draft\.json$/m);
    // It says once what is left, and never that the draft is complete.
    t.notRegex(done.stdout, /it is complete/);
    t.regex(done.stdout, /^still to fill in/m);
    t.notRegex(outputOf(done), /^\s+at /m, 'no stack trace');
  } finally {
    await content.dispose();
  }
});

test('the content:new example of docs/curating.md, given a post id, writes an event content:check accepts', async (t) => {
  const doc = readFileSync(path.join(ROOT, 'docs/curating.md'), 'utf8');
  const line = /^npm run content:new -- (.+)$/m.exec(doc)?.[1];
  if (!line) return t.fail('no content:new example in docs/curating.md');
  // The example's words, split as a shell splits them.
  const args = [...line.matchAll(/"([^"]*)"|(\S+)/g)].map((match) => match[1] ?? match[2]!);
  const filled = args.map((arg) => arg.replace('<id>', snowflakeAt('2026-11-20T12:00:00Z')));
  const content = await copyContent(SHIPPED_CONTENT);
  try {
    const done = await contentNew([...filled, '--dir', content.dir], { OEMBED_ORIGIN: await closedOrigin() });
    t.is(done.code, 0, outputOf(done));
    // Offline, the post's words are not in the draft: it loads, and says they are still to add.
    t.regex(done.stdout, /it loads, but the post’s author and words are still to fill in/, outputOf(done));
    const check = await runToEnd(process.execPath, [...commandLine('tools/content-check.ts'), content.dir], {
      cwd: ROOT,
    });
    t.is(check.code, 0, outputOf(check));
  } finally {
    await content.dispose();
  }
});

test('content:new drafts a hostile post’s words without a control character', async (t) => {
  const post = `https://x.com/someone_new/status/${snowflakeAt('2026-11-21T12:00:00Z')}`;
  const oembed = http.createServer((_request, response) => {
    response.writeHead(200, { 'Content-Type': 'application/json' }).end(
      JSON.stringify({
        author_name: 'Some\u001b]0;owned\u0007one',
        html: '<blockquote class="twitter-tweet"><p lang="en" dir="ltr">Limits reset\u001b]52;c;Y3VybA==\u0007\r[fake] all clear\u202e</p></blockquote>',
      }),
    );
  });
  await new Promise<void>((resolve) => oembed.listen(0, '127.0.0.1', resolve));
  const content = await copyContent(SHIPPED_CONTENT);
  try {
    const origin = `http://127.0.0.1:${(oembed.address() as AddressInfo).port}`;
    const done = await contentNew([post, '--title', 'Hostile words', '--dir', content.dir], {
      OEMBED_ORIGIN: origin,
    });
    t.is(done.code, 0, outputOf(done));
    const text = await readFile(path.join(content.dir, 'events', '2026-11-21-hostile-words.json'), 'utf8');
    const source = (JSON.parse(text) as { sources: { excerpt?: string; display_name?: string }[] })
      .sources[0]!;
    t.is(source.excerpt, 'Limits reset]52;c;Y3VybA== [fake] all clear');
    t.notRegex(text, /\\u00(1b|07|0d)|\\u202e/i, 'no control character, not even escaped');
    t.is(firstControlCharacter(source.display_name ?? ''), null);
  } finally {
    await new Promise<void>((resolve) => oembed.close(() => resolve()));
    await content.dispose();
  }
});

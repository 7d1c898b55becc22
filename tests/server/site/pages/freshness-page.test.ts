import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import test from 'ava';
import { FileSystemConfigLoader, HtmlValidate } from 'html-validate';
import { copyContent, DEMO_FIXTURE, VALID_FIXTURE } from '../../../helpers/fixtures.js';
import { getText, squash } from '../../../helpers/html.js';
import { usingServer } from '../../../helpers/with-server.js';

const validator = new HtmlValidate(new FileSystemConfigLoader());

test('/freshness shows, for events published from a lead, the minutes to the lead, the publication and the first alert', async (t) => {
  const content = await copyContent(DEMO_FIXTURE);
  t.teardown(() => content.dispose());
  const file = path.join(content.dir, 'collection.json');
  const collection = JSON.parse(await readFile(file, 'utf8')) as Record<string, unknown>;
  await writeFile(
    file,
    JSON.stringify({
      ...collection,
      freshness: [
        // Posted 18:30:41, seen 18:36, published 19:05, first alert 19:06.
        {
          event_id: '2026-11-17-weekly-reset-pro-max',
          lead_seen_at: '2026-11-17T18:36:00Z',
          first_alert_at: '2026-11-17T19:06:00Z',
        },
        // Posted 07:10, seen 07:12, published 07:45; incidents send no alert.
        { event_id: '2026-11-17-workspace-sync-incident', lead_seen_at: '2026-11-17T07:12:00Z' },
      ],
    }),
  );
  await usingServer({ content: content.dir }, async (server) => {
    const { res, body } = await getText(`${server.url}/freshness`);
    t.is(res.status, 200);
    t.regex(res.headers.get('content-type') ?? '', /^text\/html/);
    const text = squash(body);
    t.regex(text, /<h1>Freshness<\/h1>/);
    // Medians over the two: to the lead (5 and 2 → 3.5, shown 4), to publication (34 and 35), worst 35.
    t.regex(text, /<th scope="row">To the lead<\/th><td>4 minutes<\/td><td>5 minutes<\/td>/);
    t.regex(text, /<th scope="row">To publication<\/th><td>35 minutes<\/td><td>35 minutes<\/td>/);
    t.regex(text, /<th scope="row">To the first alert<\/th><td>35 minutes<\/td><td>35 minutes<\/td>/);
    t.regex(
      text,
      /<a href="\/events\/2026-11-17-weekly-reset-pro-max">Five-hour and weekly limits reset for Pro and Max<\/a>.*?<td>5 minutes<\/td><td>34 minutes<\/td><td>35 minutes<\/td>/,
    );
    t.regex(
      text,
      /Team workspace sync fault<\/a>.*?<td>2 minutes<\/td><td>35 minutes<\/td><td>none yet<\/td>/,
    );
    const report = await validator.validateString(body, 'freshness.html');
    t.true(
      report.valid,
      JSON.stringify(report.results.flatMap((result) => result.messages.map((m) => m.message))),
    );
    const ja = squash((await getText(`${server.url}/ja/freshness`)).body);
    t.regex(ja, /<h1>速さ<\/h1>/);
    t.regex(ja, /<td>5分<\/td>/);
    t.regex(ja, /<td>まだなし<\/td>/);
  });
});

test('/freshness says so when no event was published from a lead yet, and every page links it', async (t) => {
  await usingServer({ content: VALID_FIXTURE }, async (server) => {
    const { res, body } = await getText(`${server.url}/freshness`);
    t.is(res.status, 200);
    t.regex(body, /No event has been published from a lead yet/);
    t.notRegex(body, /<table>/);
    for (const page of ['/ko/', '/ko/history', '/ko/sources', '/ko/docs', '/ko/problems']) {
      const { body: text } = await getText(`${server.url}${page}`);
      t.regex(text, /<a href="\/ko\/freshness">신속성<\/a>/, page);
    }
  });
});

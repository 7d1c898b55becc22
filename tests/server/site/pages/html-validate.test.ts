import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import test from 'ava';
import { FileSystemConfigLoader, HtmlValidate } from 'html-validate';
import { AUDIENCE_FILTERS, WINDOW_FILTERS } from '../../../../domain/schemas/index.js';
import { PROBLEM_TYPES } from '../../../../server/http/problem-types.js';
import { LOCALES, localePath } from '../../../../domain/locales.js';
import { documentTitle } from '../../../../server/site/pages/layout.js';
import { DEMO_FIXTURE } from '../../../helpers/fixtures.js';
import { startServer } from '../../../helpers/with-server.js';

const CONFIG = path.resolve('.htmlvalidate.json');
/** Files named under the project root pick up its `.htmlvalidate.json`, as the CLI would. */
const validator = new HtmlValidate(new FileSystemConfigLoader());

const filterQueries = AUDIENCE_FILTERS.flatMap((audience) =>
  WINDOW_FILTERS.map((window) => `?audience=${audience}&window=${window}`),
);

/** Every page in English, then the same in every other language (`/ja/…`). */
async function sitePaths(): Promise<string[]> {
  const english = await englishPaths();
  return LOCALES.flatMap((locale) => english.map((address) => localePath(locale, address)));
}

async function englishPaths(): Promise<string[]> {
  const events = (await readdir(path.join(DEMO_FIXTURE, 'events')))
    .filter((file) => file.endsWith('.json'))
    .map((file) => `/events/${file.slice(0, -'.json'.length)}`);
  return [
    '/',
    ...filterQueries.map((query) => `/${query}`),
    ...events,
    '/sources',
    '/history',
    '/history?audience=max',
    '/docs',
    '/docs/explorer',
    '/alerts',
    '/privacy',
    '/problems',
    ...Object.keys(PROBLEM_TYPES).map((code) => `/problems/${code}`),
    '/no-such-page',
    '/events/no-such-event',
    '/?audience=everyone',
    '/embed',
    ...filterQueries.map((query) => `/embed${query}`),
  ];
}

test('the project config extends the recommended preset and turns no rule off', async (t) => {
  const config = JSON.parse(await readFile(CONFIG, 'utf8')) as {
    extends: string[];
    rules?: Record<string, unknown>;
  };
  t.deepEqual(config.extends, ['html-validate:recommended']);
  for (const [rule, setting] of Object.entries(config.rules ?? {})) {
    const severity = Array.isArray(setting) ? (setting[0] as unknown) : setting;
    t.true(severity === 'error', `${rule} stays an error`);
  }
});

test('every page of the site, in every language, passes html-validate with the project config', async (t) => {
  const site = await startServer();
  try {
    const paths = await sitePaths();
    const failures: string[] = [];
    for (const pagePath of paths) {
      const body = await (await fetch(`${site.url}${pagePath}`)).text();
      const report = await validator.validateString(body, path.resolve('site', `${pagePath}.html`));
      for (const result of report.results) {
        for (const message of result.messages) {
          failures.push(
            `${pagePath} ${message.line}:${message.column} ${message.ruleId}: ${message.message}`,
          );
        }
      }
    }
    t.log(`${paths.length} pages validated, ${failures.length} errors`);
    t.deepEqual(failures, []);
  } finally {
    await site.stop();
  }
});

test('a document title keeps within 70 characters, cutting a long page title at a word', (t) => {
  t.is(documentTitle('Sources'), 'Sources · Usage-Limit Reset Tracker');
  const medium = 'Five-hour usage limits reset for all Max subscribers today';
  t.is(documentTitle(medium), medium);
  const long =
    'Weekly usage limits reset for every Pro, Max and Team workspace after the sync incident of the week';
  const title = documentTitle(long);
  t.true(title.length <= 70, title);
  t.true(title.endsWith('…'));
  t.true(long.startsWith(title.slice(0, -1)));
  t.is(long[title.length - 1], ' ', 'cut at a word boundary');
});

import escapeHtml from 'escape-html';
import test from 'ava';
import type { SourceAccount } from '../../../../domain/schemas/index.js';
import { PROBLEM_TYPES } from '../../../../server/http/problem-types.js';
import type { RunningServer } from '../../../../server/server.js';
import { getText, squash } from '../../../helpers/html.js';
import { startServer } from '../../../helpers/with-server.js';
import { BASE_URL } from '../../../helpers/fixtures.js';

let site: RunningServer | undefined;
test.before(async () => {
  site = await startServer();
});
test.after.always(async () => {
  await site?.stop();
});

const get = (path: string, init?: RequestInit) => getText(`${site!.url}${path}`, init);

test('/sources lists every watched account with classification, priority, evidence and review date', async (t) => {
  const { res, body: raw } = await get('/sources');
  t.is(res.status, 200);
  const body = squash(raw);
  const { data } = JSON.parse((await get('/api/v1/sources')).body) as { data: SourceAccount[] };
  t.true(data.length > 0);
  for (const source of data) {
    t.true(body.includes(`id="${source.id}"`), source.id);
    t.true(body.includes(escapeHtml(source.display_name)), source.id);
    t.true(body.includes(`href="${source.profile_url}"`), source.id);
    t.true(body.includes(`href="${source.affiliation_evidence_url}"`), source.id);
    for (const url of source.reset_evidence_urls) t.true(body.includes(`href="${url}"`), url);
    t.true(body.includes(`datetime="${new Date(source.last_reviewed_at).toISOString()}"`), source.id);
  }
  t.regex(body, /Official/);
  t.regex(body, /Priority: Primary/);
});

test('/docs explains the TypeScript client; /docs/explorer renders Swagger UI from same-origin files', async (t) => {
  const { res, body } = await get('/docs');
  t.is(res.status, 200);
  t.regex(body, /Use it from TypeScript/);
  t.regex(body, /createResetTrackerClient\(/);
  t.regex(body, /href="\/docs\/explorer"/);
  const explorer = (await get('/docs/explorer')).body;
  const scripts = [...explorer.matchAll(/<script src="([^"]+)"/g)].map((match) => match[1]!);
  t.deepEqual(
    scripts.map((src) => src.replace(/\.[A-Za-z0-9_-]{10}\.js$/, '.js')),
    ['/assets/swagger-ui-bundle.js', '/assets/docs-init.js', '/assets/local-time.js'],
  );
  const styles = [...explorer.matchAll(/<link rel="stylesheet" href="(\/assets\/swagger-ui\.[^"]+)"/g)].map(
    (match) => match[1]!,
  );
  t.is(styles.length, 1);
  t.regex(explorer, /id="swagger-ui"/);
  for (const page of [body, explorer]) t.notRegex(page, /https?:\/\/(cdn|unpkg|cdnjs|fonts)\./);
  for (const src of [...scripts, ...styles]) {
    const asset = await get(src);
    t.is(asset.res.status, 200, src);
    t.regex(
      asset.res.headers.get('content-type') ?? '',
      src.endsWith('.css') ? /^text\/css/ : /^text\/javascript/,
    );
    t.truthy(asset.res.headers.get('etag'));
  }
  t.regex((await get(scripts[1]!)).body, /url:"\/api\/openapi\.json"/);
});

test('pages run same-origin scripts only: the local-time script, and Swagger UI on /docs/explorer', async (t) => {
  const docs = (await get('/docs/explorer')).res.headers.get('content-security-policy') ?? '';
  t.regex(docs, /script-src 'self';/);
  t.notRegex(docs, /unsafe-inline|unsafe-eval/);
  for (const path of ['/', '/sources', '/docs', '/problems', '/events/2025-07-15-weekly-reset-pro', '/ja/']) {
    const { res, body } = await get(path);
    const csp = res.headers.get('content-security-policy') ?? '';
    t.regex(csp, /^default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self';/, path);
    t.notRegex(csp, /unsafe-inline|unsafe-eval|worker-src/, path);
    const scripts = [...body.matchAll(/<script\b[^>]*>/g)].map((match) => match[0]);
    t.deepEqual(
      scripts.map((tag) => tag.replace(/\.[A-Za-z0-9_-]{10}\.js"/, '.js"')),
      ['<script src="/assets/local-time.js" defer>'],
      path,
    );
  }
});

test('every problem type URL resolves to a page about that code', async (t) => {
  for (const [code, { title, status, about }] of Object.entries(PROBLEM_TYPES)) {
    const { res, body } = await get(`/problems/${code}`);
    t.is(res.status, 200, code);
    t.true(
      squash(body).includes(`<h1>${escapeHtml(title)}<span class="muted">(${status})</span></h1>`),
      code,
    );
    t.true(body.includes(escapeHtml(about)), code);
    t.true(body.includes(`${BASE_URL}/problems/${code}`), code);
  }
  const index = (await get('/problems')).body;
  for (const code of Object.keys(PROBLEM_TYPES)) t.true(index.includes(`href="/problems/${code}"`), code);
  t.is((await get('/problems/no_such_code')).res.status, 404);
});

test('the type of a real problem response is such a page', async (t) => {
  const problem = JSON.parse((await get('/api/v1/status?audience=nobody')).body) as { type: string };
  const path = new URL(problem.type).pathname;
  t.is(path, '/problems/invalid_parameter');
  t.is((await get(path)).res.status, 200);
});

test('an unknown site path gets a 404 HTML page; unknown API paths keep problem+json', async (t) => {
  const page = await get('/no/such/page');
  t.is(page.res.status, 404);
  t.regex(page.res.headers.get('content-type') ?? '', /^text\/html/);
  const api = await get('/api/v2/nothing');
  t.is(api.res.status, 404);
  t.regex(api.res.headers.get('content-type') ?? '', /^application\/problem\+json/);
});

test('the stylesheet and icon are served same-origin with caching headers', async (t) => {
  for (const [path, type] of [
    ['/assets/site.css', /^text\/css/],
    ['/assets/favicon.svg', /^image\/svg\+xml/],
  ] as const) {
    const { res } = await get(path);
    t.is(res.status, 200, path);
    t.regex(res.headers.get('content-type') ?? '', type);
    t.regex(res.headers.get('cache-control') ?? '', /^public/);
  }
});

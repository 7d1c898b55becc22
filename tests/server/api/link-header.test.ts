import test from 'ava';
import { withServer } from '../../helpers/with-server.js';
import { BASE_URL } from '../../helpers/fixtures.js';

interface Page {
  readonly data: readonly { id: string }[];
  readonly pagination: { has_more: boolean; next_cursor: string | null };
  readonly meta: { content_revision: string };
}

const LINK = /^<([^>]+)>; rel="next"$/;

test(
  'following Link rel="next" walks every counted reset once and keeps the page size',
  withServer,
  async (t, server) => {
    const expected = (await (await fetch(`${server.url}/api/v1/status`)).json()) as {
      data: { stats: { total: number } };
    };
    let url: string | null = `${server.url}/api/v1/resets?limit=3&order=asc&audience=all`;
    const ids: string[] = [];
    while (url) {
      const response: Response = await fetch(url);
      t.is(response.status, 200, url);
      const page = (await response.json()) as Page;
      ids.push(...page.data.map((event) => event.id));
      const link = response.headers.get('link');
      if (!page.pagination.has_more) {
        t.is(link, null, 'no next link on the last page');
        break;
      }
      t.is(page.data.length, 3, 'the page size holds from page to page');
      const [, next] = LINK.exec(link ?? '') ?? [];
      t.truthy(next, `a well-formed Link: ${link}`);
      const absolute = new URL(next!);
      t.is(absolute.origin, BASE_URL, 'the link is absolute, on the public origin');
      t.is(absolute.pathname, '/api/v1/resets');
      t.is(absolute.searchParams.get('limit'), '3');
      t.is(absolute.searchParams.get('cursor'), page.pagination.next_cursor);
      url = `${server.url}${absolute.pathname}${absolute.search}`;
    }
    t.is(ids.length, expected.data.stats.total);
    t.is(new Set(ids).size, ids.length);
  },
);

test('without a limit the next link carries the default limit of 20', withServer, async (t, server) => {
  const response = await fetch(`${server.url}/api/v1/resets`);
  const [, next] = LINK.exec(response.headers.get('link') ?? '') ?? [];
  t.is(new URL(next!).searchParams.get('limit'), '20');
});

test('Link is exposed to browsers', withServer, async (t, server) => {
  const response = await fetch(`${server.url}/api/v1/resets?limit=1`, {
    headers: { Origin: 'https://app.example' },
  });
  t.regex(response.headers.get('access-control-expose-headers') ?? '', /\bLink\b/);
});

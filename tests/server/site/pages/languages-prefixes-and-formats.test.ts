import test from 'ava';
import { DICTIONARIES } from '../../../../server/site/i18n/lang.js';
import { localePath } from '../../../../domain/locales.js';
import { BASE_URL } from '../../../helpers/fixtures.js';
import type { RunningServer } from '../../../helpers/with-server.js';
import { startServer } from '../../../helpers/with-server.js';
import { OTHERS } from '../../../helpers/translations.js';

/** Where the site does not follow the reader's language, and where it does: addresses, dates and numbers. */

let site: RunningServer | undefined;
test.before(async () => {
  site = await startServer();
});
test.after.always(async () => {
  await site?.stop();
});

test('no redirect by Accept-Language: / is English whatever the browser prefers', async (t) => {
  for (const language of ['ja', 'ko-KR,ko;q=0.9', 'zh-TW', 'zh-CN,zh;q=0.8']) {
    const res = await fetch(`${site!.url}/`, {
      headers: { 'Accept-Language': language },
      redirect: 'manual',
    });
    t.is(res.status, 200, language);
    t.true((await res.text()).includes('<html lang="en"'), language);
    t.false((res.headers.get('vary') ?? '').toLowerCase().includes('accept-language'), language);
  }
});

test('the API, feeds, exports, badges and problem types have no language prefix', async (t) => {
  for (const locale of OTHERS) {
    for (const pathname of [
      '/api/v1/status',
      '/feed.xml',
      '/feed.json',
      '/resets.csv',
      '/badge.svg',
      '/sitemap.xml',
    ]) {
      const res = await fetch(`${site!.url}${localePath(locale, pathname)}`, {
        headers: { Accept: 'application/json' },
      });
      await res.arrayBuffer();
      t.is(res.status, 404, `${locale}${pathname}`);
    }
  }
  const problem = (await (await fetch(`${site!.url}/api/v1/resets?limit=0`)).json()) as { type: string };
  t.is(problem.type, `${BASE_URL}/problems/invalid_parameter`);
  // A problem page asked for JSON answers the API's problem, in English, wherever it is asked.
  const res = await fetch(`${site!.url}/ja/events/no-such-event`, {
    headers: { Accept: 'application/json' },
  });
  const json = (await res.json()) as { title: string; detail: string };
  t.is(res.status, 404);
  t.is(json.title, 'Not found');
  t.is(json.detail, 'There is no event with the id "no-such-event".');
});

test('dates, numbers and counts follow the language', async (t) => {
  const body = async (address: string) => (await fetch(`${site!.url}${address}`)).text();
  const event = '/events/2025-11-27-weekly-reset-everyone';
  const en = await body(event);
  t.regex(en, /<time datetime="[^"]+T[^"]+">\w{3} \d{1,2} \w{3} \d{4}, \d\d:\d\d(:\d\d)? UTC<\/time>/);
  const ja = await body(`/ja${event}`);
  t.regex(
    ja,
    /<time datetime="[^"]+T[^"]+">\d{4}年\d{1,2}月\d{1,2}日\([日月火水木金土]\) \d\d:\d\d(:\d\d)? UTC<\/time>/,
  );
  const ko = await body(`/ko${event}`);
  t.regex(ko, /<time datetime="[^"]+">\d{4}년 \d{1,2}월 \d{1,2}일 \([일월화수목금토]\)/);
  const zhTW = await body(`/zh-TW${event}`);
  t.regex(zhTW, /<time datetime="[^"]+">\d{4}年\d{1,2}月\d{1,2}日 ?週[日一二三四五六]/);
  const zhCN = await body(`/zh-CN${event}`);
  t.regex(zhCN, /<time datetime="[^"]+">\d{4}年\d{1,2}月\d{1,2}日 ?周[日一二三四五六]/);
  // A count of resets: English says "1 reset" and "2 resets"; the others have one form.
  t.is(DICTIONARIES.en.calendar.resets.one, '# reset');
  t.is(DICTIONARIES.ja.calendar.resets.one, undefined);
});

import test from 'ava';
import type { CountingServer, Installed } from '../helpers/tracker-command.js';
import {
  cacheHome,
  installCommand,
  refreshedSince,
  removeInstalled,
  startCountingServer,
  statusLine,
  visible,
} from '../helpers/tracker-command.js';

/*
 * `reset-tracker status-line` as a user runs it: the packed package installed with `npm install -g`
 * into a prefix of its own, against a server on port 0 whose events sit around now. What a line says,
 * in which language, colour and width. The cache, the lock and bad input: status-line-cache.test.ts.
 */

let installed: Installed;
let service: CountingServer;
/** An environment whose cache holds the service's facts, refreshed once before the tests. */
let warm: Record<string, string>;

test.before(async () => {
  [installed, service] = await Promise.all([installCommand(), startCountingServer(Date.now())]);
  const home = await cacheHome(installed);
  warm = { ...home.env, RESET_TRACKER_URL: service.server.url };
  const refreshed = await statusLine(installed, [], warm);
  if (refreshed.code !== 0) throw new Error(refreshed.stderr);
  await refreshedSince(home.file, 0);
});

test.after.always(async () => {
  await service?.server.stop();
  await removeInstalled(installed);
});

test('without an address the line says how to set one, and exits 0', async (t) => {
  const { env } = await cacheHome(installed);
  const ran = await statusLine(installed, [], { ...env, NO_COLOR: '1' });
  t.is(ran.code, 0);
  t.is(ran.stdout, 'reset-tracker: set RESET_TRACKER_URL\n');
});

test('with no cache yet the line is short and neutral, and a refresh fills the cache', async (t) => {
  const home = await cacheHome(installed);
  const ran = await statusLine(installed, ['--url', service.server.url], { ...home.env, NO_COLOR: '1' });
  t.is(ran.code, 0);
  t.is(ran.stdout, 'reset-tracker: no data yet\n');
  const cache = await refreshedSince(home.file, 0);
  t.is(cache.failures, 0);
});

test('the line names the recent reset and how long ago, the boost with its end, the incident', async (t) => {
  const ran = await statusLine(installed, ['--max-age', '3600'], { ...warm, NO_COLOR: '1' });
  t.is(ran.code, 0);
  t.regex(ran.stdout, /^New reset 40m ago · Limits up until \w{3} \d{1,2} · Incident 1d ago\n$/);
  t.is(ran.stderr, '');
});

test('colour by default, none under NO_COLOR or FORCE_COLOR=0; links only where asked', async (t) => {
  const plain = await statusLine(installed, [], { ...warm, NO_COLOR: '1' });
  const coloured = await statusLine(installed, [], warm);
  const forcedOff = await statusLine(installed, [], { ...warm, FORCE_COLOR: '0' });
  const linked = await statusLine(installed, [], { ...warm, NO_COLOR: '1', FORCE_HYPERLINK: '1' });
  t.false(plain.stdout.includes('\u001b'));
  t.false(forcedOff.stdout.includes('\u001b'));
  t.true(coloured.stdout.includes('\u001b[1;32mNew reset'), JSON.stringify(coloured.stdout));
  t.false(coloured.stdout.includes('\u001b]8;'));
  t.true(
    linked.stdout.startsWith(
      `\u001b]8;;https://tracker.test/events/recent-reset\u001b\\New reset 40m ago\u001b]8;;\u001b\\`,
    ),
    JSON.stringify(linked.stdout),
  );
  t.is(visible(coloured.stdout), visible(plain.stdout));
  t.is(visible(linked.stdout), visible(plain.stdout));
});

test('COLUMNS=40 cuts the line to 40 columns with an ellipsis', async (t) => {
  const ran = await statusLine(installed, [], { ...warm, NO_COLOR: '1', COLUMNS: '40' });
  t.is(ran.code, 0);
  const line = visible(ran.stdout);
  t.is([...line].length, 40, line);
  t.true(line.endsWith('…'));
  t.true(line.startsWith('New reset 40m ago · Limits up until'));
});

/** Columns as a terminal counts them: CJK characters, Hangul and fullwidth forms take two. */
const columns = (text: string) =>
  [...text].reduce(
    (sum, char) => sum + (/[\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\uff00-\uff60]/.test(char) ? 2 : 1),
    0,
  );

test('LANG=ja_JP.UTF-8 words the line in Japanese, cut by columns, CJK counting two', async (t) => {
  const whole = await statusLine(installed, [], { ...warm, NO_COLOR: '1', LANG: 'ja_JP.UTF-8' });
  t.regex(whole.stdout, /^新しいリセット 40分前 · 上限の引き上げ \d+月\d+日まで · 障害 1日前\n$/);
  const cut = await statusLine(installed, [], { ...warm, NO_COLOR: '1', LANG: 'ja_JP.UTF-8', COLUMNS: '40' });
  const line = visible(cut.stdout);
  t.true(line.endsWith('…'), line);
  t.true(columns(line) <= 40 && columns(line) >= 38, `${columns(line)}: ${line}`);
});

test('the other languages of the site: ko, zh-CN, zh-TW', async (t) => {
  const words: Record<string, RegExp> = {
    'ko_KR.UTF-8': /^새 초기화 40분 전 · 한도 상향 .+까지 · 장애 1일 전$/,
    'zh_CN.UTF-8': /^新重置 40分钟前 · 上限提高至 .+ · 服务故障 1天前$/,
    'zh_TW.UTF-8': /^新重置 40 分鐘前 · 上限提高至 .+ · 服務異常 1 天前$/,
  };
  for (const [lang, expected] of Object.entries(words)) {
    const ran = await statusLine(installed, [], { ...warm, NO_COLOR: '1', LANG: lang });
    t.regex(visible(ran.stdout), expected, lang);
  }
});

test('--own-limits adds the five-hour and weekly windows from stdin; broken or absent input is fine', async (t) => {
  const fiveHour = Math.floor(Date.now() / 1000) + 2 * 3600;
  const weekly = Math.floor(Date.now() / 1000) + 4 * 86_400;
  const input = JSON.stringify({
    model: { display_name: 'Opus' },
    rate_limits: {
      five_hour: { used_percentage: 42.4, resets_at: fiveHour },
      seven_day: { used_percentage: 18, resets_at: weekly },
    },
  });
  const env = { ...warm, NO_COLOR: '1', TZ: 'UTC' };
  const ran = await statusLine(installed, ['--own-limits'], env, input);
  t.is(ran.code, 0);
  const hour = (seconds: number) => new Date(seconds * 1000).toISOString().slice(11, 16);
  t.true(ran.stdout.includes(`Incident 1d ago · 5h 42% ↺${hour(fiveHour)} · 7d 18% ↺`), ran.stdout);
  t.regex(ran.stdout, new RegExp(`7d 18% ↺\\w{3} ${hour(weekly)}\\n$`));
  for (const broken of ['{"rate_limits": {"five_hour": ', 'not json', '', '{"rate_limits": null}']) {
    const partial = await statusLine(installed, ['--own-limits'], env, broken);
    t.is(partial.code, 0, broken);
    t.regex(partial.stdout, /^New reset 40m ago · Limits up until .+ · Incident 1d ago\n$/, broken);
  }
  const onlyFive = await statusLine(
    installed,
    ['--own-limits'],
    env,
    JSON.stringify({ rate_limits: { five_hour: { used_percentage: 7 } } }),
  );
  t.regex(onlyFive.stdout, / · 5h 7%\n$/);
});

test('a bad RESET_TRACKER_MAX_AGE or RESET_TRACKER_OLD_AFTER is ignored: the line, exit 0, nothing on stderr', async (t) => {
  for (const [name, value] of [
    ['RESET_TRACKER_MAX_AGE', 'abc'],
    ['RESET_TRACKER_MAX_AGE', '-5'],
    ['RESET_TRACKER_MAX_AGE', ' '],
    ['RESET_TRACKER_OLD_AFTER', '1h'],
    ['RESET_TRACKER_OLD_AFTER', 'Infinity'],
  ] as const) {
    const ran = await statusLine(installed, [], { ...warm, NO_COLOR: '1', [name]: value });
    t.is(ran.code, 0, `${name}=${value}`);
    t.regex(ran.stdout, /^New reset 40m ago · Limits up until .+ · Incident 1d ago\n$/, `${name}=${value}`);
    t.is(ran.stderr, '', `${name}=${value}`);
  }
});

/**
 * The line's words in the site's five languages. The site's dictionaries (server/site/i18n/) are the
 * server's code, which the package does not carry; the nouns here are theirs (the event kinds).
 */
export type Language = 'en' | 'ja' | 'ko' | 'zh-CN' | 'zh-TW';

export interface Words {
  /** `{ago}`: how long ago, in the language's own words ("40m ago", "40分前"). */
  readonly reset: string;
  readonly recentReset: string;
  readonly noReset: string;
  /** `{date}`: the end's day. */
  readonly boostUntil: string;
  readonly boost: string;
  readonly incident: string;
  /** `{date}`: the last day the record's sources were read (`material_until`), YYYY-MM-DD. */
  readonly readUntil: string;
  /** Appended when the service has not answered for a while. */
  readonly old: string;
  readonly loading: string;
  readonly noUrl: string;
  readonly fiveHour: string;
  readonly weekly: string;
}

const WORDS: Readonly<Record<Language, Words>> = {
  en: {
    reset: 'Reset {ago}',
    recentReset: 'New reset {ago}',
    noReset: 'No reset yet',
    boostUntil: 'Limits up until {date}',
    boost: 'Limits up',
    incident: 'Incident {ago}',
    readUntil: 'Sources read up to {date}',
    old: '(as of {ago})',
    loading: 'reset-tracker: no data yet',
    noUrl: 'reset-tracker: set RESET_TRACKER_URL',
    fiveHour: '5h',
    weekly: '7d',
  },
  ja: {
    reset: 'リセット {ago}',
    recentReset: '新しいリセット {ago}',
    noReset: 'リセットなし',
    boostUntil: '上限の引き上げ {date}まで',
    boost: '上限の引き上げ中',
    incident: '障害 {ago}',
    readUntil: '情報源は {date} まで確認済み',
    old: '({ago}の情報)',
    loading: 'reset-tracker: データ取得中',
    noUrl: 'reset-tracker: RESET_TRACKER_URL を設定',
    fiveHour: '5時間',
    weekly: '1週間',
  },
  ko: {
    reset: '초기화 {ago}',
    recentReset: '새 초기화 {ago}',
    noReset: '초기화 없음',
    boostUntil: '한도 상향 {date}까지',
    boost: '한도 상향 중',
    incident: '장애 {ago}',
    readUntil: '출처는 {date}까지 확인함',
    old: '({ago} 기준)',
    loading: 'reset-tracker: 데이터 없음',
    noUrl: 'reset-tracker: RESET_TRACKER_URL 설정 필요',
    fiveHour: '5시간',
    weekly: '주간',
  },
  'zh-CN': {
    reset: '重置 {ago}',
    recentReset: '新重置 {ago}',
    noReset: '尚无重置',
    boostUntil: '上限提高至 {date}',
    boost: '上限提高中',
    incident: '服务故障 {ago}',
    readUntil: '来源已查阅至 {date}',
    old: '（{ago}的数据）',
    loading: 'reset-tracker：暂无数据',
    noUrl: 'reset-tracker：请设置 RESET_TRACKER_URL',
    fiveHour: '五小时',
    weekly: '每周',
  },
  'zh-TW': {
    reset: '重置 {ago}',
    recentReset: '新重置 {ago}',
    noReset: '尚無重置',
    boostUntil: '上限提高至 {date}',
    boost: '上限提高中',
    incident: '服務異常 {ago}',
    readUntil: '來源已查閱至 {date}',
    old: '（{ago}的資料）',
    loading: 'reset-tracker：尚無資料',
    noUrl: 'reset-tracker：請設定 RESET_TRACKER_URL',
    fiveHour: '五小時',
    weekly: '每週',
  },
};

/** The language of LC_ALL, else LC_MESSAGES, else LANG (`ja_JP.UTF-8` → ja); English otherwise. */
export function languageOf(env: NodeJS.ProcessEnv): Language {
  const locale = (env.LC_ALL || env.LC_MESSAGES || env.LANG || '').toLowerCase();
  const [language = '', region = ''] = locale.split(/[.@]/)[0]!.split(/[_-]/);
  if (language === 'ja' || language === 'ko') return language;
  if (language === 'zh')
    return ['tw', 'hk', 'mo', 'hant'].includes(region) || locale.includes('hant') ? 'zh-TW' : 'zh-CN';
  return 'en';
}

export function wordsOf(language: Language): Words {
  return WORDS[language];
}

/** Fills `{name}` places. */
export function fill(template: string, values: Readonly<Record<string, string>>): string {
  return template.replace(/\{(\w+)\}/g, (_, name: string) => values[name] ?? '');
}

/*
 * Times and dates are written from these tables, not with Intl: the first Intl formatter of a process
 * loads ICU's locale data, 12-17 ms, most of a status line's own work (BENCHMARKS.md).
 */
const AGO: Readonly<Record<Language, readonly [minute: string, hour: string, day: string]>> = {
  en: ['{n}m ago', '{n}h ago', '{n}d ago'],
  ja: ['{n}分前', '{n}時間前', '{n}日前'],
  ko: ['{n}분 전', '{n}시간 전', '{n}일 전'],
  'zh-CN': ['{n}分钟前', '{n}小时前', '{n}天前'],
  'zh-TW': ['{n} 分鐘前', '{n} 小時前', '{n} 天前'],
};
const MONTHS_EN = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const DAY_FORMAT: Readonly<Record<Language, string>> = {
  en: '{month} {day}',
  ja: '{m}月{day}日',
  ko: '{m}월 {day}일',
  'zh-CN': '{m}月{day}日',
  'zh-TW': '{m}月{day}日',
};
const WEEKDAYS: Readonly<Record<Language, readonly string[]>> = {
  en: ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'],
  ja: ['日', '月', '火', '水', '木', '金', '土'],
  ko: ['일', '월', '화', '수', '목', '금', '토'],
  'zh-CN': ['周日', '周一', '周二', '周三', '周四', '周五', '周六'],
  'zh-TW': ['週日', '週一', '週二', '週三', '週四', '週五', '週六'],
};

/** "40m ago", "3d ago", in the language: the largest whole unit, at least a minute. */
export function agoText(language: Language, ms: number): string {
  const [minute, hour, day] = AGO[language];
  if (ms >= 86_400_000) return fill(day, { n: String(Math.floor(ms / 86_400_000)) });
  if (ms >= 3_600_000) return fill(hour, { n: String(Math.floor(ms / 3_600_000)) });
  return fill(minute, { n: String(Math.max(1, Math.floor(ms / 60_000))) });
}

/** A day as the note names it (UTC): "Dec 8", "12月8日". */
export function dayText(language: Language, at: number): string {
  const date = new Date(at);
  return fill(DAY_FORMAT[language], {
    month: MONTHS_EN[date.getUTCMonth()]!,
    m: String(date.getUTCMonth() + 1),
    day: String(date.getUTCDate()),
  });
}

/** A reset time of the user's own limits, local: "14:30" within a day, "Wed 09:00" beyond. */
export function clockText(language: Language, at: number, now: number): string {
  const date = new Date(at);
  const time = `${String(date.getHours()).padStart(2, '0')}:${String(date.getMinutes()).padStart(2, '0')}`;
  return at - now > 86_400_000 - 60_000 ? `${WEEKDAYS[language][date.getDay()]!} ${time}` : time;
}

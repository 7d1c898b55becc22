import type { CalendarDay, YearCalendar } from '../../../domain/calendar.js';
import type { ResetSummary } from '../../../domain/schemas/index.js';
import { MONTHS } from './format.js';
import type { SafeHtml } from './html.js';
import { html } from './html.js';

/** Every word the calendar shows, in one place, so that a translation replaces them all at once. */
export interface CalendarText {
  readonly heading: string;
  readonly caption: (first: string, last: string, filters: string) => string;
  readonly region: string;
  readonly weekday: string;
  readonly week: (firstDay: string) => string;
  readonly weekdays: readonly [string, string, string, string, string, string, string];
  readonly months: readonly string[];
  readonly legend: {
    readonly exact: string;
    readonly dateOnly: string;
    readonly announced: string;
    readonly outside: string;
    readonly none: string;
  };
  readonly resets: (count: number) => string;
  readonly dateOnly: string;
  readonly announced: string;
  readonly outside: string;
  readonly at: (time: string) => string;
  readonly more: (count: number) => string;
}

const longDay = (day: string) => {
  const date = new Date(`${day}T00:00:00Z`);
  return `${CALENDAR_TEXT_EN.weekdays[date.getUTCDay()]} ${date.getUTCDate()} ${MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()}`;
};

export const CALENDAR_TEXT_EN: CalendarText = {
  heading: 'The last 53 weeks',
  caption: (first, last, filters) =>
    `Resets for ${filters} by UTC day, ${longDay(first)} to ${longDay(last)}; weeks are columns, Sunday at the top.`,
  region: 'Calendar of resets, scrollable',
  weekday: 'Day',
  week: (firstDay) => `week of ${longDay(firstDay)}`,
  weekdays: ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'],
  months: MONTHS,
  legend: {
    exact: 'reset, exact time',
    dateOnly: 'reset, date only',
    announced: 'announced, awaiting confirmation',
    outside: 'outside coverage',
    none: 'no reset',
  },
  resets: (count) => (count === 1 ? '1 reset' : `${count} resets`),
  dateOnly: 'date only',
  announced: 'announced, awaiting confirmation',
  outside: 'outside coverage',
  at: (time) => `at ${time} UTC`,
  more: (count) => `and ${count} more, listed in the history`,
};

function stateOf(day: CalendarDay): 'exact' | 'date' | 'announced' | 'out' | 'none' {
  if (day.exact.length > 0) return 'exact';
  if (day.dateOnly.length > 0) return 'date';
  if (day.announced) return 'announced';
  if (day.outside) return 'out';
  return 'none';
}

/** What a screen reader (and a pointer's tooltip) hears of one day. */
function labelOf(day: CalendarDay, text: CalendarText): string {
  const parts: string[] = [];
  const counted = day.exact.length + day.dateOnly.length;
  if (counted > 0) {
    const times = day.exact.map((event) => text.at(event.announced_at!.slice(11, 16)));
    const dated = day.dateOnly.length > 0 ? [text.dateOnly] : [];
    parts.push(`${text.resets(counted)} (${[...times, ...dated].join(', ')})`);
  }
  if (day.announced) parts.push(text.announced);
  if (counted === 0 && !day.announced && day.outside) parts.push(text.outside);
  const first = [...day.exact, ...day.dateOnly][0] ?? day.announced;
  const title = first ? `: ${first.title}` : '';
  const more = counted > 1 ? `, ${text.more(counted - 1)}` : '';
  return `${longDay(day.day)}${parts.length > 0 ? `, ${parts.join('; ')}` : ''}${title}${more}`;
}

const pathOf = (event: ResetSummary) => `/events/${encodeURIComponent(event.id)}`;

function cell(day: CalendarDay, text: CalendarText): SafeHtml {
  const state = stateOf(day);
  const first = [...day.exact, ...day.dateOnly][0] ?? day.announced;
  if (!first) {
    return state === 'out'
      ? html`<td class="cal-day cal-out"><span class="visually-hidden">${labelOf(day, text)}</span></td>`
      : html`<td class="cal-day cal-none"></td>`;
  }
  const label = labelOf(day, text);
  return html`<td class="cal-day cal-${state}">
    <a href="${pathOf(first)}" title="${label}"><span class="visually-hidden">${label}</span></a>
  </td>`;
}

/**
 * The year calendar (domain/calendar.ts) as an HTML table: weeks are columns (a month's name over
 * the week it starts in), weekdays rows. A day with resets links the first of them; every state has
 * its own shape as well as its colour (style.ts), and the legend names them.
 */
export function yearCalendarHtml(
  calendar: YearCalendar,
  filters: string,
  text: CalendarText = CALENDAR_TEXT_EN,
): SafeHtml {
  // Every week column has a header (for screen readers, the week's first day); the month's name
  // shows over the week it starts in.
  const weekHeader = (week: readonly CalendarDay[]) => {
    const starts = week.find((day) => day.day.endsWith('-01'));
    const month = starts ? (text.months[Number(starts.day.slice(5, 7)) - 1] ?? '') : '';
    return html`<th scope="col" class="cal-month">
      <span aria-hidden="true">${month}</span><span class="visually-hidden">${text.week(week[0]!.day)}</span>
    </th>`;
  };
  const legendItem = (state: string, label: string) =>
    html`<li><span class="cal-swatch cal-${state}" aria-hidden="true"></span>${label}</li>`;
  return html`<section class="calendar" aria-labelledby="calendar-heading">
    <h2 id="calendar-heading">${text.heading}</h2>
    <div class="cal-scroll" role="region" aria-label="${text.region}" tabindex="0">
      <table class="cal">
        <caption class="visually-hidden">
          ${text.caption(calendar.first, calendar.last, filters)}
        </caption>
        <thead>
          <tr>
            <th scope="col"><span class="visually-hidden">${text.weekday}</span></th>
            ${calendar.weeks.map(weekHeader)}
          </tr>
        </thead>
        <tbody>
          ${text.weekdays.map(
            (name, weekday) =>
              html`<tr>
                <th scope="row" class="cal-weekday">${name}</th>
                ${calendar.weeks.map((week) => cell(week[weekday]!, text))}
              </tr>`,
          )}
        </tbody>
      </table>
    </div>
    <ul class="cal-legend small">
      ${legendItem('exact', text.legend.exact)} ${legendItem('date', text.legend.dateOnly)}
      ${legendItem('announced', text.legend.announced)} ${legendItem('out', text.legend.outside)}
      ${legendItem('none', text.legend.none)}
    </ul>
  </section>`;
}

import type { CalendarDay, YearCalendar } from '../../../domain/calendar.js';
import { eventPath } from '../../../domain/catalog.js';
import type { ResetSummary } from '../../../domain/schemas/index.js';
import type { Lang } from '../i18n/lang.js';
import type { SafeHtml } from '../html.js';
import { html } from '../html.js';

function stateOf(day: CalendarDay): 'exact' | 'date' | 'announced' | 'out' | 'none' {
  if (day.exact.length > 0) return 'exact';
  if (day.dateOnly.length > 0) return 'date';
  if (day.announced) return 'announced';
  if (day.outside) return 'out';
  return 'none';
}

/** An event's title as plain text, in the page's language when it is translated. */
type TitleOf = (event: ResetSummary) => string;

/** What a screen reader (and a pointer's tooltip) hears of one day. */
function labelOf(lang: Lang, day: CalendarDay, titleOf: TitleOf): string {
  const text = lang.t.calendar;
  const parts: string[] = [];
  const counted = day.exact.length + day.dateOnly.length;
  if (counted > 0) {
    const times = day.exact.map((event) => text.at(event.announced_at!.slice(11, 16)));
    const dated = day.dateOnly.length > 0 ? [text.dateOnly] : [];
    parts.push(
      text.countedAt(
        lang.count(text.resets, counted),
        [...times, ...dated].join(lang.t.format.listSeparator),
      ),
    );
  }
  if (day.announced) parts.push(text.announced);
  if (counted === 0 && !day.announced && day.outside) parts.push(text.outside);
  const first = [...day.exact, ...day.dateOnly][0] ?? day.announced;
  const { what, clause, title, more } = text.separators;
  return [
    lang.day(day.day),
    parts.length > 0 ? `${what}${parts.join(clause)}` : '',
    first ? `${title}${titleOf(first)}` : '',
    counted > 1 ? `${more}${lang.count(text.more, counted - 1)}` : '',
  ].join('');
}

function cell(lang: Lang, day: CalendarDay, titleOf: TitleOf): SafeHtml {
  const state = stateOf(day);
  const first = [...day.exact, ...day.dateOnly][0] ?? day.announced;
  if (state === 'none') return html`<td class="cal-day cal-none"></td>`;
  const label = labelOf(lang, day, titleOf);
  if (!first) return html`<td class="cal-day cal-out"><span class="visually-hidden">${label}</span></td>`;
  const href = lang.href(eventPath(first.id));
  return html`<td class="cal-day cal-${state}">
    <a href="${href}" title="${label}"><span class="visually-hidden">${label}</span></a>
  </td>`;
}

/** The month names over the weeks: each from the week it starts in to the week before the next. */
function monthRuns(
  lang: Lang,
  weeks: readonly (readonly CalendarDay[])[],
): { label: string; weeks: number }[] {
  const runs: { label: string; weeks: number }[] = [];
  for (const week of weeks) {
    const starts = week.find((day) => day.day.endsWith('-01'));
    const last = runs.at(-1);
    if (starts) runs.push({ label: lang.month(Date.parse(`${starts.day}T00:00:00Z`), false), weeks: 1 });
    else if (last) last.weeks += 1;
    else runs.push({ label: '', weeks: 1 });
  }
  return runs;
}

/**
 * The year calendar (domain/calendar.ts) as an HTML table: weeks are columns, weekdays rows. A
 * month's name heads the weeks from the one it starts in, and slides along them (site-src/css/calendar.css)
 * so the weekday column, which stays put when the weeks scroll, never hides part of it. A day with
 * resets links the first of them; every state has its own shape as well as its colour (calendar.css), and
 * the legend names them. A day's label names its first event by `titleOf`.
 */
export function yearCalendarHtml(
  lang: Lang,
  calendar: YearCalendar,
  filters: string,
  titleOf: TitleOf,
): SafeHtml {
  const text = lang.t.calendar;
  const monthHeader = (run: { label: string; weeks: number }) =>
    run.label === ''
      ? html`<td colspan="${run.weeks}"></td>`
      : html`<th scope="col" colspan="${run.weeks}" class="cal-month"><span>${run.label}</span></th>`;
  // Every week column has a header too: for screen readers, the week's first day.
  const weekHeader = (week: readonly CalendarDay[]) =>
    html`<th scope="col" class="cal-week">
      <span class="visually-hidden">${text.week(lang.day(week[0]!.day))}</span>
    </th>`;
  const legendItem = (state: string, label: string) =>
    html`<li><span class="cal-swatch cal-${state}" aria-hidden="true"></span>${label}</li>`;
  return html`<section class="calendar" aria-labelledby="calendar-heading">
    <h2 id="calendar-heading">${text.heading}</h2>
    <div class="cal-scroll" role="region" aria-label="${text.region}" tabindex="0">
      <table class="cal">
        <caption class="visually-hidden">
          ${text.caption(lang.day(calendar.first), lang.day(calendar.last), filters)}
        </caption>
        <thead>
          <tr>
            <td class="cal-corner"></td>
            ${monthRuns(lang, calendar.weeks).map(monthHeader)}
          </tr>
          <tr>
            <th scope="col" class="cal-corner"><span class="visually-hidden">${text.weekday}</span></th>
            ${calendar.weeks.map(weekHeader)}
          </tr>
        </thead>
        <tbody>
          ${lang.t.format.weekdays.map(
            (name, weekday) =>
              html`<tr>
                <th scope="row" class="cal-weekday">${name}</th>
                ${calendar.weeks.map((week) => cell(lang, week[weekday]!, titleOf))}
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

import { eventPath } from '../../../domain/catalog.js';
import type { Freshness, FreshnessSpread } from '../../../domain/freshness.js';
import type { Lang } from '../i18n/lang.js';
import type { SafeHtml } from '../html.js';
import { html } from '../html.js';
import { timeTag } from './format.js';

/** The freshness page's path (docs/site.md). */
export const FRESHNESS_PATH = '/freshness';

const minutesOf = (lang: Lang, value: number | null) =>
  value === null ? lang.t.freshness.noAlert : lang.count(lang.t.freshness.minutes, Math.round(value));

/** How soon the newest events published from a lead reached the record, and their median and worst. */
export function freshnessMain(lang: Lang, freshness: Freshness): SafeHtml {
  const { t } = lang;
  const f = t.freshness;
  if (freshness.rows.length === 0)
    return html`<h1>${f.title}</h1>
      <p>${f.intro}</p>
      <p>${f.none}</p>`;
  const spreadRow = (label: string, spread: FreshnessSpread) =>
    html`<tr>
      <th scope="row">${label}</th>
      <td>${minutesOf(lang, spread.median)}</td>
      <td>${minutesOf(lang, spread.worst)}</td>
    </tr>`;
  return html`<h1>${f.title}</h1>
    <p>${f.intro}</p>
    <table>
      <caption>
        ${f.summary}
      </caption>
      <thead>
        <tr>
          <th scope="col">${f.measure}</th>
          <th scope="col">${f.median}</th>
          <th scope="col">${f.worst}</th>
        </tr>
      </thead>
      <tbody>
        ${spreadRow(f.toLead, freshness.toLead)} ${spreadRow(f.toPublish, freshness.toPublish)}
        ${spreadRow(f.toAlert, freshness.toAlert)}
      </tbody>
    </table>
    <table>
      <caption>
        ${f.events}
      </caption>
      <thead>
        <tr>
          <th scope="col">${f.event}</th>
          <th scope="col">${f.posted}</th>
          <th scope="col">${f.toLead}</th>
          <th scope="col">${f.toPublish}</th>
          <th scope="col">${f.toAlert}</th>
        </tr>
      </thead>
      <tbody>
        ${freshness.rows.map(
          (row) =>
            html`<tr>
              <th scope="row">
                <a href="${lang.href(eventPath(row.event.id))}">${lang.editorial(row.event.title)}</a>
              </th>
              <td>${timeTag(lang, row.postedAt)}</td>
              <td>${minutesOf(lang, row.toLead)}</td>
              <td>${minutesOf(lang, row.toPublish)}</td>
              <td>${minutesOf(lang, row.toAlert)}</td>
            </tr>`,
        )}
      </tbody>
    </table>`;
}

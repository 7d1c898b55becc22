import type { TimelineData, TimelineMark } from '../../../../domain/charts.js';
import { DAY_MS } from '../../../../domain/time.js';
import type { Lang } from '../../i18n/lang.js';
import type { SafeHtml } from '../../html.js';
import { html } from '../../html.js';
import { chartFigure, legendKey } from './figure.js';
import type { DataLink } from './figure.js';
import { linear, num, timeTicks } from './scale.js';

const WIDTH = 560;
const LEFT = 10;
const RIGHT = WIDTH - 10;
const RADIUS = 5;
/** Marks closer than this (in viewBox units) go on another row, so none hides another. */
const MIN_SEPARATION = 2 * RADIUS + 3;
const ROW_HEIGHT = 14;
const MAX_ROWS = 8;

function whenText(lang: Lang, mark: TimelineMark): string {
  const text = lang.t.charts.timeline;
  if (mark.at === null) return text.markDateOnly(lang.shortDay(mark.day));
  return text.markAt(lang.shortDay(mark.day), mark.at.slice(11, 16));
}

/** Rows for marks in time order: each goes on the first row where it clears the previous mark. */
function stackRows(xs: readonly number[]): number[] {
  const lastX: number[] = [];
  return xs.map((x) => {
    let row = lastX.findIndex((previous) => x - previous >= MIN_SEPARATION);
    if (row < 0) {
      row = lastX.length < MAX_ROWS ? lastX.length : lastX.indexOf(Math.min(...lastX));
    }
    lastX[row] = x;
    return row;
  });
}

/** An exact time is a filled circle; a date-only one a hollow diamond; the announced reset a dashed ring. */
function shape(kind: 'exact' | 'date' | 'announced', x: number, y: number): SafeHtml {
  if (kind === 'date') {
    const r = RADIUS + 1;
    return html`<path
      class="pt pt-date"
      d="M${num(x)} ${num(y - r)}L${num(x + r)} ${num(y)}L${num(x)} ${num(y + r)}L${num(x - r)} ${num(y)}Z"
    />`;
  }
  return html`<circle class="pt pt-${kind}" cx="${num(x)}" cy="${num(y)}" r="${RADIUS}" />`;
}

function markAttributes(mark: TimelineMark, counted: boolean): SafeHtml {
  return html`data-id="${mark.id}" data-day="${mark.day}" data-at="${mark.at ?? ''}"
  data-precision="${mark.exact ? 'exact' : 'date'}" data-counted="${counted ? 'true' : 'false'}"`;
}

function describe(lang: Lang, data: TimelineData): string {
  const text = lang.t.charts.timeline;
  const { points, announced, ambiguousDay } = data;
  const exact = points.filter((point) => point.exact).length;
  const first = points[0];
  const last = points.at(-1);
  const parts = [
    first && last
      ? text.described(
          lang.count(text.counted, points.length),
          lang.shortDay(first.day),
          lang.shortDay(last.day),
          lang.integer(exact),
          lang.integer(points.length - exact),
        )
      : text.none,
  ];
  if (ambiguousDay) parts.push(text.ambiguous(lang.shortDay(ambiguousDay)));
  if (announced) parts.push(text.announced(announced.title, whenText(lang, announced)));
  return parts.join(' ');
}

/** Shades the newest day when the order of its resets is unknown, wide enough to see at any scale. */
function ambiguousBand(
  lang: Lang,
  x: (time: number) => number,
  day: string,
  top: number,
  bottom: number,
): SafeHtml {
  const dayStart = Date.parse(`${day}T00:00:00Z`);
  const width = Math.max(x(dayStart + DAY_MS) - x(dayStart), 2 * RADIUS + 4);
  const left = Math.min(x(dayStart), RIGHT - width);
  return html`<rect
      class="ambiguous-band"
      x="${num(left)}"
      y="${top}"
      width="${num(width)}"
      height="${bottom - top}"
    />
    <text class="note" x="${num(left + width)}" y="${top - 4}" text-anchor="end"
      >${lang.t.charts.timeline.orderUnknown}</text
    >`;
}

/** The counted resets for the filters along time, with the announced reset on a row of its own. */
export function timelineChart(
  lang: Lang,
  data: TimelineData,
  filterLabel: string,
  links: readonly DataLink[],
): SafeHtml {
  const text = lang.t.charts.timeline;
  const { points, announced, ambiguousDay, range } = data;
  const title = text.title(filterLabel);
  if (!range) return chartFigure(lang, { id: 'timeline', title, description: describe(lang, data), links });
  const x = linear(range.start, range.end, LEFT + RADIUS + 2, RIGHT - RADIUS - 2);
  const rows = stackRows(points.map((point) => x(point.time)));
  const rowCount = Math.max(1, ...rows.map((row) => row + 1));
  const countedTop = 46;
  const countedBottom = countedTop + (rowCount - 1) * ROW_HEIGHT;
  const announcedY = countedBottom + 40;
  const axisY = (announced ? announcedY : countedBottom) + 16;
  const height = axisY + 30;
  const ticks = timeTicks(lang, range.start, range.end, 8);

  const band = ambiguousDay
    ? ambiguousBand(lang, x, ambiguousDay, countedTop - RADIUS - 4, countedBottom + RADIUS + 4)
    : '';

  const body = html`${band}
    <text class="lane-label" x="${LEFT}" y="20">${lang.t.home.stats.total}</text>
    ${points.map(
      (point, i) =>
        html`<g class="mark" ${markAttributes(point, true)}>
          <title>${point.title}: ${whenText(lang, point)}</title>
          ${shape(point.exact ? 'exact' : 'date', x(point.time), countedTop + (rows[i] ?? 0) * ROW_HEIGHT)}
        </g>`,
    )}
    ${
      announced
        ? html`<text class="lane-label" x="${LEFT}" y="${announcedY - 16}">${text.lane}</text>
            <g class="mark" data-status="announced" ${markAttributes(announced, false)}>
              <title>${announced.title} (${text.lane}): ${whenText(lang, announced)}</title>
              ${shape('announced', x(announced.time), announcedY)}
            </g>`
        : ''
    }
    <line class="axis" x1="${LEFT}" x2="${RIGHT}" y1="${axisY}" y2="${axisY}" />
    ${ticks.map((tick) => {
      const at = x(tick.value);
      const anchor = at < LEFT + 30 ? 'start' : at > RIGHT - 30 ? 'end' : 'middle';
      return html`<line class="tick" x1="${num(at)}" x2="${num(at)}" y1="${axisY}" y2="${axisY + 5}" />
        <text
          class="${tick.minor ? 'tick-label tick-minor' : 'tick-label'}"
          x="${num(at)}"
          y="${axisY + 22}"
          text-anchor="${anchor}"
          >${tick.label}</text
        >`;
    })}`;

  return chartFigure(lang, {
    id: 'timeline',
    title,
    description: describe(lang, data),
    links,
    svg: {
      width: WIDTH,
      height,
      attributes: html`data-total="${points.length}" data-ambiguous-day="${ambiguousDay ?? ''}"`,
      body,
    },
    legend: [
      legendKey(shape('exact', 0, 0), text.exact),
      legendKey(shape('date', 0, 0), text.dateOnly),
      ...(announced ? [legendKey(shape('announced', 0, 0), text.lane)] : []),
    ],
  });
}

import type { GapBar, GapSeries } from '../../../../domain/charts.js';
import type { Lang } from '../../i18n/lang.js';
import { formatDays } from '../format.js';
import type { SafeHtml } from '../../html.js';
import { html } from '../../html.js';
import { chartFigure, legendKey } from './figure.js';
import type { DataLink } from './figure.js';
import { linear, num, valueTicks } from './scale.js';

const WIDTH = 560;
const LEFT = 58;
const RIGHT = WIDTH - 10;
const TOP = 34;
const PLOT_HEIGHT = 160;
const BOTTOM = TOP + PLOT_HEIGHT;
const HEIGHT = BOTTOM + 34;

const measuredShape = html`<rect class="bar" x="-6" y="-7" width="12" height="14" />`;
const longestShape = html`<rect class="bar bar-longest" x="-6" y="-7" width="12" height="14" />`;
const unmeasuredShape = html`<rect class="bar-unmeasured" x="-6" y="-7" width="12" height="14" />`;
const averageShape = html`<line class="avg-line" x1="-8" x2="8" y1="0" y2="0" />`;

const gapText = (lang: Lang, bar: GapBar) =>
  lang.t.charts.gaps.gap(
    lang.shortDay(bar.fromDay),
    lang.shortDay(bar.toDay),
    bar.days === null ? lang.t.charts.gaps.unmeasurable : formatDays(lang, bar.days),
  );

function describe(lang: Lang, series: GapSeries): string {
  const text = lang.t.charts.gaps;
  const { bars, average, longest, longestIndex } = series;
  if (bars.length === 0) return text.tooFew;
  const measured = bars.filter((bar) => bar.days !== null).length;
  const longestBar = longestIndex === null ? undefined : bars[longestIndex];
  const parts = [
    text.described(
      lang.count(text.count, bars.length),
      lang.integer(measured),
      lang.integer(bars.length - measured),
    ),
  ];
  if (average !== null && longest !== null && longestBar) {
    parts.push(
      text.averageLongest(
        formatDays(lang, average),
        formatDays(lang, longest),
        lang.shortDay(longestBar.fromDay),
        lang.shortDay(longestBar.toDay),
      ),
    );
  } else {
    parts.push(text.noAverage);
  }
  return parts.join(' ');
}

function clampAnchor(x: number): { x: number; anchor: string } {
  if (x < LEFT + 50) return { x: Math.max(x - 6, LEFT), anchor: 'start' };
  if (x > RIGHT - 50) return { x: Math.min(x + 6, RIGHT), anchor: 'end' };
  return { x, anchor: 'middle' };
}

/** The gaps between consecutive counted resets as bars in order, with the average and the longest. */
export function gapChart(
  lang: Lang,
  series: GapSeries,
  filterLabel: string,
  links: readonly DataLink[],
): SafeHtml {
  const text = lang.t.charts.gaps;
  const { bars, average, longest, longestIndex } = series;
  const title = text.title(filterLabel);
  if (bars.length === 0)
    return chartFigure(lang, { id: 'gaps', title, description: describe(lang, series), links });
  const ticks = valueTicks(Math.max(longest ?? 0, average ?? 0), 4);
  const top = ticks.at(-1) ?? 1;
  const y = linear(0, top, BOTTOM, TOP);
  const step = (RIGHT - LEFT) / bars.length;
  const barWidth = Math.max(step * 0.72, 1);
  const left = (i: number) => LEFT + i * step + (step - barWidth) / 2;

  const grid = ticks.map(
    (tick) =>
      html`<line class="grid" x1="${LEFT}" x2="${RIGHT}" y1="${num(y(tick))}" y2="${num(y(tick))}" />
        <text class="tick-label" x="${LEFT - 6}" y="${num(y(tick) + 4)}" text-anchor="end"
          >${text.dayTick(lang.integer(tick))}</text
        >`,
  );
  const columns = bars.map((bar, i) => {
    const attributes = html`data-from="${bar.from}" data-to="${bar.to}" data-from-day="${bar.fromDay}"
    data-to-day="${bar.toDay}" data-days="${bar.days === null ? '' : String(bar.days)}"
    data-measured="${bar.days === null ? 'false' : 'true'}"`;
    if (bar.days === null) {
      return html`<g class="gap" ${attributes}>
        <title>${gapText(lang, bar)}</title>
        <rect
          class="bar-unmeasured"
          x="${num(left(i))}"
          y="${TOP}"
          width="${num(barWidth)}"
          height="${PLOT_HEIGHT}"
        />
        ${step >= 9 ? html`<text class="unknown" x="${num(left(i) + barWidth / 2)}" y="${BOTTOM - 5}" text-anchor="middle">?</text>` : ''}
      </g>`;
    }
    const height = Math.max(BOTTOM - y(bar.days), 1.5);
    return html`<g class="gap" ${attributes}>
      <title>${gapText(lang, bar)}</title>
      <rect
        class="${i === longestIndex ? 'bar bar-longest' : 'bar'}"
        x="${num(left(i))}"
        y="${num(BOTTOM - height)}"
        width="${num(barWidth)}"
        height="${num(height)}"
      />
    </g>`;
  });
  const longestLabel =
    longestIndex === null || longest === null
      ? ''
      : (() => {
          const at = clampAnchor(left(longestIndex) + barWidth / 2);
          return html`<text
            class="value-label"
            x="${num(at.x)}"
            y="${num(y(longest) - 8)}"
            text-anchor="${at.anchor}"
          >
            ${text.longest(formatDays(lang, longest))}
          </text>`;
        })();
  const averageLine =
    average === null
      ? ''
      : html`<line
            class="avg-line"
            x1="${LEFT}"
            x2="${RIGHT}"
            y1="${num(y(average))}"
            y2="${num(y(average))}"
          />
          <text class="value-label" x="${RIGHT}" y="${num(y(average) - 6)}" text-anchor="end">
            ${text.average(formatDays(lang, average))}
          </text>`;
  const first = bars[0];
  const last = bars.at(-1);
  const body = html`${grid} ${columns} ${averageLine} ${longestLabel}
    <line class="axis" x1="${LEFT}" x2="${RIGHT}" y1="${BOTTOM}" y2="${BOTTOM}" />
    ${first ? html`<text class="tick-label" x="${LEFT}" y="${BOTTOM + 22}">${lang.shortDay(first.fromDay)}</text>` : ''}
    ${last ? html`<text class="tick-label" x="${RIGHT}" y="${BOTTOM + 22}" text-anchor="end">${lang.shortDay(last.toDay)}</text>` : ''}`;

  const measured = bars.some((bar) => bar.days !== null);
  return chartFigure(lang, {
    id: 'gaps',
    title,
    description: describe(lang, series),
    links,
    svg: {
      width: WIDTH,
      height: HEIGHT,
      attributes: html`data-total-gaps="${bars.length}"
      data-average="${average === null ? '' : String(average)}"
      data-longest="${longest === null ? '' : String(longest)}"`,
      body,
    },
    legend: [
      ...(measured
        ? [legendKey(measuredShape, text.measuredKey), legendKey(longestShape, text.longestKey)]
        : []),
      ...(bars.length > 0 && !bars.every((bar) => bar.days !== null)
        ? [legendKey(unmeasuredShape, text.unmeasuredKey)]
        : []),
      ...(average === null ? [] : [legendKey(averageShape, text.averageKey(formatDays(lang, average)))]),
    ],
  });
}

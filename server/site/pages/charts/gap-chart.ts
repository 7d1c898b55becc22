import type { GapBar, GapSeries } from '../../../../domain/charts.js';
import { formatDays, shortDay } from '../format.js';
import type { SafeHtml } from '../html.js';
import { html } from '../html.js';
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

const gapText = (bar: GapBar) =>
  `${shortDay(bar.fromDay)} to ${shortDay(bar.toDay)}: ${
    bar.days === null ? 'cannot be measured (touches a date-only reset)' : formatDays(bar.days)
  }`;

function describe(series: GapSeries): string {
  const { bars, average, longest, longestIndex } = series;
  if (bars.length === 0)
    return 'Fewer than two counted resets match these filters, so there is no gap to show.';
  const measured = bars.filter((bar) => bar.days !== null).length;
  const longestBar = longestIndex === null ? undefined : bars[longestIndex];
  const parts = [
    `${bars.length} ${bars.length === 1 ? 'gap' : 'gaps'} between consecutive counted resets, in order: ${measured} measured (bars by length in days) and ${bars.length - measured} that cannot be measured because they touch or may bridge a reset known only by its date (dashed outlines).`,
  ];
  if (average !== null && longest !== null && longestBar) {
    parts.push(
      `Average of the measured gaps ${formatDays(average)} (dashed line); longest ${formatDays(longest)}, from ${shortDay(longestBar.fromDay)} to ${shortDay(longestBar.toDay)} (highlighted).`,
    );
  } else {
    parts.push('No gap can be measured, so there is no average.');
  }
  return parts.join(' ');
}

function clampAnchor(x: number): { x: number; anchor: string } {
  if (x < LEFT + 50) return { x: Math.max(x - 6, LEFT), anchor: 'start' };
  if (x > RIGHT - 50) return { x: Math.min(x + 6, RIGHT), anchor: 'end' };
  return { x, anchor: 'middle' };
}

/** The gaps between consecutive counted resets as bars in order, with the average and the longest. */
export function gapChart(series: GapSeries, filterLabel: string, links: readonly DataLink[]): SafeHtml {
  const { bars, average, longest, longestIndex } = series;
  const title = `Gaps between counted resets (${filterLabel})`;
  if (bars.length === 0) return chartFigure({ id: 'gaps', title, description: describe(series), links });
  const ticks = valueTicks(Math.max(longest ?? 0, average ?? 0), 4);
  const top = ticks.at(-1) ?? 1;
  const y = linear(0, top, BOTTOM, TOP);
  const step = (RIGHT - LEFT) / bars.length;
  const barWidth = Math.max(step * 0.72, 1);
  const left = (i: number) => LEFT + i * step + (step - barWidth) / 2;

  const grid = ticks.map(
    (tick) =>
      html`<line class="grid" x1="${LEFT}" x2="${RIGHT}" y1="${num(y(tick))}" y2="${num(y(tick))}" />
        <text class="tick-label" x="${LEFT - 6}" y="${num(y(tick) + 4)}" text-anchor="end">${tick} d</text>`,
  );
  const columns = bars.map((bar, i) => {
    const attributes = html`data-from="${bar.from}" data-to="${bar.to}" data-from-day="${bar.fromDay}"
    data-to-day="${bar.toDay}" data-days="${bar.days === null ? '' : String(bar.days)}"
    data-measured="${bar.days === null ? 'false' : 'true'}"`;
    if (bar.days === null) {
      return html`<g class="gap" ${attributes}>
        <title>${gapText(bar)}</title>
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
      <title>${gapText(bar)}</title>
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
            longest ${formatDays(longest)}
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
            average ${formatDays(average)}
          </text>`;
  const first = bars[0];
  const last = bars.at(-1);
  const body = html`${grid} ${columns} ${averageLine} ${longestLabel}
    <line class="axis" x1="${LEFT}" x2="${RIGHT}" y1="${BOTTOM}" y2="${BOTTOM}" />
    ${first ? html`<text class="tick-label" x="${LEFT}" y="${BOTTOM + 22}">${shortDay(first.fromDay)}</text>` : ''}
    ${last ? html`<text class="tick-label" x="${RIGHT}" y="${BOTTOM + 22}" text-anchor="end">${shortDay(last.toDay)}</text>` : ''}`;

  const measured = bars.some((bar) => bar.days !== null);
  return chartFigure({
    id: 'gaps',
    title,
    description: describe(series),
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
        ? [legendKey(measuredShape, 'Measured gap, by length'), legendKey(longestShape, 'Longest')]
        : []),
      ...(bars.length > 0 && !bars.every((bar) => bar.days !== null)
        ? [legendKey(unmeasuredShape, 'Cannot be measured: touches a date-only reset')]
        : []),
      ...(average === null ? [] : [legendKey(averageShape, `Average, ${formatDays(average)}`)]),
    ],
  });
}

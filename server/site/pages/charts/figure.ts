import type { Lang } from '../../i18n/lang.js';
import type { SafeHtml } from '../../html.js';
import { html } from '../../html.js';

export interface DataLink {
  readonly href: string;
  readonly label: string;
}

export interface ChartSpec {
  /** Prefix of the figure's ids; unique on the page. */
  readonly id: string;
  readonly title: string;
  /** What the picture shows, in words: the SVG's description, and the text when there is nothing to draw. */
  readonly description: string;
  readonly links: readonly DataLink[];
  /** Absent when there is nothing to draw. */
  readonly svg?: {
    readonly width: number;
    readonly height: number;
    /** Extra `data-*` attributes of the `<svg>` element. */
    readonly attributes: SafeHtml;
    readonly body: SafeHtml;
  };
  readonly legend?: readonly SafeHtml[];
}

/** One legend entry: a mark drawn as in the chart, then its meaning. */
export function legendKey(mark: SafeHtml, label: string): SafeHtml {
  return html`<li>
    <svg class="key" viewBox="-9 -9 18 18" aria-hidden="true">${mark}</svg>
    ${label}
  </li>`;
}

/**
 * A chart as a figure: an inline SVG image named by its `<title>` and described by its `<desc>`
 * (scaled by its viewBox to the width of the page), a legend, and links to the data it shows.
 */
export function chartFigure(lang: Lang, spec: ChartSpec): SafeHtml {
  const { id, title, description, svg } = spec;
  const picture = svg
    ? html`<svg
        class="plot"
        viewBox="0 0 ${svg.width} ${svg.height}"
        role="img"
        aria-labelledby="${id}-title"
        aria-describedby="${id}-desc"
        data-chart="${id}"
        ${svg.attributes}
      >
        <title id="${id}-title">${title}</title>
        <desc id="${id}-desc">${description}</desc>
        ${svg.body}
      </svg>`
    : html`<p class="chart-empty">${description}</p>`;
  return html`<figure class="chart" id="${id}">
    ${picture}
    <figcaption>
      <strong>${title}</strong>
      ${
        spec.legend && spec.legend.length > 0
          ? html`<ul class="legend">
              ${spec.legend}
            </ul>`
          : ''
      }
      <p class="small">
        ${lang.t.charts.links(
          html`${spec.links.map((link, i) => html`${i > 0 ? ' · ' : ''}<a href="${link.href}">${link.label}</a>`)}`,
        )}
      </p>
    </figcaption>
  </figure>`;
}

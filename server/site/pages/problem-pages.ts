import type { Problem } from '../../../domain/schemas/index.js';
import type { ProblemCode } from '../../http/problem-types.js';
import { isProblemCode, PROBLEM_TYPES } from '../../http/problem-types.js';
import type { Lang } from '../i18n/lang.js';
import { codeBlock } from './format.js';
import type { SafeHtml } from '../html.js';
import { html } from '../html.js';

const CODES = Object.keys(PROBLEM_TYPES) as ProblemCode[];

/** `/problems`: every error code the API answers with, its title and meaning in the page's language. */
export function problemIndexMain(lang: Lang): SafeHtml {
  const { t } = lang;
  return html`<h1>${t.problems.title}</h1>
    <p>
      ${t.problems.intro(
        html`<code>type</code>`,
        html`<code>application/problem+json</code>`,
        html`<code>code</code>`,
      )}
    </p>
    <div class="table-scroll">
      <table>
        <thead>
          <tr>
            <th scope="col">${t.problems.columns.code}</th>
            <th scope="col">${t.problems.columns.status}</th>
            <th scope="col">${t.problems.columns.meaning}</th>
          </tr>
        </thead>
        <tbody>
          ${CODES.map(
            (code) =>
              html`<tr>
                <td>
                  <a href="${lang.href(`/problems/${code}`)}"><code>${code}</code></a>
                </td>
                <td>${PROBLEM_TYPES[code].status}</td>
                <td>${t.problems.codes[code].title}</td>
              </tr> `,
          )}
        </tbody>
      </table>
    </div>`;
}

/**
 * `/problems/{code}`: what one error means and what to do about it. The example is the problem as
 * the API sends it, whose `title` is always English.
 */
export function problemMain(lang: Lang, code: ProblemCode, origin: string): SafeHtml {
  const { t } = lang;
  const { status, title } = PROBLEM_TYPES[code];
  const example = { type: `${origin}/problems/${code}`, title, status, code, detail: '…' };
  return html`<p class="small"><a href="${lang.href('/problems')}">${t.problems.back}</a></p>
    <h1>${t.problems.codes[code].title} <span class="muted">${t.format.aside(html`${status}`)}</span></h1>
    <p>${t.problems.codes[code].about}</p>
    <h2>${t.problems.shape}</h2>
    ${codeBlock(t.problems.example(code), JSON.stringify(example, null, 2))}
    <p class="muted small">
      ${t.problems.shapeNote(html`<code>detail</code>`, html`<code>parameter</code>`)}
    </p>`;
}

/**
 * A page for an HTML request that failed: unknown address (404), bad filter (400), no content (503).
 * In English it says the problem's own `detail`; in another language, what the code means there.
 */
export function errorMain(lang: Lang, heading: string, problem: Problem): SafeHtml {
  const { t } = lang;
  return html`<h1>${heading}</h1>
    <p>${lang.locale === 'en' ? problem.detail : errorText(lang, problem)}</p>
    <p>
      <a href="${lang.href('/')}">${t.errors.goHome}</a> ·
      <a href="${lang.href('/sources')}">${t.errors.sources}</a> ·
      <a href="${lang.href('/docs')}">${t.errors.docs}</a>
    </p>`;
}

function errorText(lang: Lang, problem: Problem): SafeHtml | string {
  const { t } = lang;
  if (problem.code === 'invalid_parameter' && problem.parameter)
    return t.errors.badParameter(html`<code>${problem.parameter}</code>`);
  if (isProblemCode(problem.code)) return t.problems.codes[problem.code].about;
  return t.errors.otherwise(html`<code>${problem.code}</code>`);
}

/** The heading of a failed page: English pages keep the failure's own; others say the code's title. */
export function errorHeading(lang: Lang, heading: string, problem: Problem): string {
  if (lang.locale === 'en') return heading;
  if (problem.status === 404) return lang.t.errors.pageNotFound;
  if (problem.code === 'content_unavailable') return lang.t.errors.unavailable;
  if (problem.status === 400) return lang.t.errors.badRequest;
  return isProblemCode(problem.code) ? lang.t.problems.codes[problem.code].title : lang.t.errors.badRequest;
}

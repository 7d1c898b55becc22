import type { ProblemCode } from '../../http/problem-types.js';
import { PROBLEM_TYPES } from '../../http/problem-types.js';
import { codeBlock } from './format.js';
import type { SafeHtml } from './html.js';
import { html } from './html.js';

const CODES = Object.keys(PROBLEM_TYPES) as ProblemCode[];

/** `/problems`: every error code the API answers with. */
export function problemIndexMain(): SafeHtml {
  return html`<h1>Error codes</h1>
    <p>
      Errors are <code>application/problem+json</code> (RFC 9457). Each body's <code>type</code> is the
      address of one of these pages and its <code>code</code> names it.
    </p>
    <div class="table-scroll">
      <table>
        <thead>
          <tr>
            <th scope="col">Code</th>
            <th scope="col">Status</th>
            <th scope="col">Meaning</th>
          </tr>
        </thead>
        <tbody>
          ${CODES.map(
            (code) =>
              html`<tr>
                <td>
                  <a href="/problems/${code}"><code>${code}</code></a>
                </td>
                <td>${PROBLEM_TYPES[code].status}</td>
                <td>${PROBLEM_TYPES[code].title}</td>
              </tr> `,
          )}
        </tbody>
      </table>
    </div>`;
}

/** `/problems/{code}`: what one error means and what to do about it. */
export function problemMain(code: ProblemCode, baseUrl: string): SafeHtml {
  const { status, title, about } = PROBLEM_TYPES[code];
  const example = { type: `${baseUrl}/problems/${code}`, title, status, code, detail: '…' };
  return html`<p class="small"><a href="/problems">← All error codes</a></p>
    <h1>${title} <span class="muted">(${status})</span></h1>
    <p>${about}</p>
    <h2>Shape</h2>
    ${codeBlock(`Example ${code} problem`, JSON.stringify(example, null, 2))}
    <p class="muted small">
      The <code>detail</code> says what was wrong with this request; <code>parameter</code> names the query
      parameter at fault, when one is.
    </p>`;
}

/** A page for an HTML request that failed: unknown address (404), bad filter (400), no content (503). */
export function errorMain(title: string, message: string): SafeHtml {
  return html`<h1>${title}</h1>
    <p>${message}</p>
    <p>
      <a href="/">Go to the latest resets</a> · <a href="/sources">Sources</a> · <a href="/docs">API docs</a>
    </p>`;
}

import type { DirectoryContent } from '../../../domain/content/validate.js';
import type { SourceAccount } from '../../../domain/schemas/index.js';
import type { Lang } from '../i18n/lang.js';
import { timeTag } from './format.js';
import type { SafeHtml } from '../html.js';
import { html, safeHref } from '../html.js';

const link = (url: string) => html`<a href="${safeHref(url)}" rel="nofollow noopener">${url}</a>`;

function sourceCard(lang: Lang, source: SourceAccount): SafeHtml {
  const { t } = lang;
  const ed = lang.editorial;
  return html`<li class="card" id="${source.id}">
    <h2>${ed(source.display_name)} <span class="muted">${source.handle}</span></h2>
    <p class="small">
      <span class="badge badge-kind">${t.labels.classification[source.classification]}</span>
      <span class="badge badge-kind">${t.sources.priority(t.labels.priority[source.priority])}</span>${
        source.active ? '' : html` <span class="badge badge-cancelled">${t.sources.inactive}</span>`
      }
    </p>
    <p>${ed(source.relevance)}</p>
    <dl class="facts small">
      <dt>${t.sources.profile}</dt>
      <dd>${link(source.profile_url)}</dd>
      <dt>${t.sources.affiliation}</dt>
      <dd>${ed(source.affiliation_evidence_note)}<br />${link(source.affiliation_evidence_url)}</dd>
      <dt>${t.sources.verifiedBy}</dt>
      <dd>${ed(source.verification_method)}</dd>
      ${
        source.reset_evidence_urls.length > 0
          ? html`<dt>${t.sources.resetEvidence}</dt>
              <dd>
                <ul>
                  ${source.reset_evidence_urls.map((url) => html`<li>${link(url)}</li>`)}
                </ul>
              </dd>`
          : ''
      }
      ${
        source.limitations
          ? html`<dt>${t.sources.limitations}</dt>
              <dd>${ed(source.limitations)}</dd>`
          : ''
      }
      <dt>${t.sources.lastReviewed}</dt>
      <dd>${timeTag(lang, source.last_reviewed_at)}</dd>
    </dl>
  </li>`;
}

/** The directory of watched accounts; it needs only the directory, so it works while events are invalid. */
export function sourcesMain(lang: Lang, directory: DirectoryContent): SafeHtml {
  const { t } = lang;
  return html`<h1>${t.sources.title}</h1>
    <p>
      ${t.sources.intro(
        timeTag(lang, directory.collection.editorial_reviewed_at),
        html`<a href="/api/v1/sources">/api/v1/sources</a>`,
      )}
    </p>
    <ul class="sources">
      ${directory.sources.map((source) => sourceCard(lang, source))}
    </ul>`;
}

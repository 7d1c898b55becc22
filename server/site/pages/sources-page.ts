import type { DirectoryContent } from '../../../domain/content/validate.js';
import type { SourceAccount } from '../../../domain/schemas/index.js';
import { timeTag } from './format.js';
import type { SafeHtml } from './html.js';
import { html, safeHref } from './html.js';

const CLASSIFICATION_LABELS = { official: 'Official', team_member: 'Team member', relay: 'Relay' } as const;
const PRIORITY_LABELS = {
  primary: 'Primary',
  additional: 'Additional',
  context: 'Context',
  optional: 'Optional',
} as const;

const link = (url: string) => html`<a href="${safeHref(url)}" rel="nofollow noopener">${url}</a>`;

function sourceCard(source: SourceAccount): SafeHtml {
  return html`<li class="card" id="${source.id}">
    <h2>${source.display_name} <span class="muted">${source.handle}</span></h2>
    <p class="small">
      <span class="badge badge-kind">${CLASSIFICATION_LABELS[source.classification]}</span>
      <span class="badge badge-kind">Priority: ${PRIORITY_LABELS[source.priority]}</span>${
        source.active ? '' : html` <span class="badge badge-cancelled">Inactive</span>`
      }
    </p>
    <p>${source.relevance}</p>
    <dl class="facts small">
      <dt>Profile</dt>
      <dd>${link(source.profile_url)}</dd>
      <dt>Affiliation</dt>
      <dd>${source.affiliation_evidence_note}<br />${link(source.affiliation_evidence_url)}</dd>
      <dt>Verified by</dt>
      <dd>${source.verification_method}</dd>
      ${
        source.reset_evidence_urls.length > 0
          ? html`<dt>Reset evidence</dt>
              <dd>
                <ul>
                  ${source.reset_evidence_urls.map((url) => html`<li>${link(url)}</li>`)}
                </ul>
              </dd>`
          : ''
      }
      ${
        source.limitations
          ? html`<dt>Limitations</dt>
              <dd>${source.limitations}</dd>`
          : ''
      }
      <dt>Last reviewed</dt>
      <dd>${timeTag(source.last_reviewed_at)}</dd>
    </dl>
  </li>`;
}

/** The directory of watched accounts; it needs only the directory, so it works while events are invalid. */
export function sourcesMain(directory: DirectoryContent): SafeHtml {
  return html`<h1>Sources</h1>
    <p>
      The public accounts and pages the curators watch for announcements, with how each one's affiliation was
      checked. Editorial review of this list: ${timeTag(directory.collection.editorial_reviewed_at)}. The same
      list is available as JSON at <a href="/api/v1/sources">/api/v1/sources</a>.
    </p>
    <ul class="sources">
      ${directory.sources.map(sourceCard)}
    </ul>`;
}

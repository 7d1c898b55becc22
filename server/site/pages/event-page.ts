import type { Catalog } from '../../../domain/catalog.js';
import { describePlans, describeWindows } from '../labels.js';
import { isQualifying } from '../../../domain/filters.js';
import type { ResetSummary, SourceEntry } from '../../../domain/schemas/index.js';
import type { AlertsOptions } from './alerts-control.js';
import { alertsNote } from './alerts-control.js';
import { KIND_LABELS, statusBadge, timeTag, whenTag } from './format.js';
import type { SafeHtml } from './html.js';
import { html, safeHref } from './html.js';

const ALLOCATION_LABELS = {
  subscription_usage: 'Subscription usage',
  api: 'API',
  unspecified: 'Not stated',
} as const;
const SCOPE_LABELS = { broad: 'Broad', limited: 'Limited', unspecified: 'Not stated' } as const;
const SOURCE_KIND_LABELS = {
  social_post: 'Social post',
  web_page: 'Web page',
  status_page: 'Status page',
} as const;

function banner(event: ResetSummary): SafeHtml {
  const reason = event.correction
    ? html`<p>${event.correction.reason} <span class="muted">(${timeTag(event.correction.at)})</span></p>`
    : '';
  switch (event.event_status) {
    case 'retracted':
      return html`<div class="banner banner-retracted" role="note">
        <strong>Retracted.</strong>
        <p>
          This record was withdrawn: it is kept here for reference and is not counted in the reset history.
        </p>
        ${reason}
      </div>`;
    case 'cancelled':
      return html`<div class="banner banner-cancelled" role="note">
        <strong>Cancelled.</strong>
        <p>This reset was announced and then called off: it did not take place and is not counted.</p>
        ${reason}
      </div>`;
    case 'announced':
      return html`<div class="banner banner-announced" role="note">
        <strong>Announced, awaiting confirmation.</strong>
        <p>
          Not counted until it is confirmed. A stated time that has passed does not mean the reset happened.
        </p>
      </div>`;
    case 'confirmed':
      return html``;
  }
}

function sourceItem(source: SourceEntry): SafeHtml {
  return html`<li class="card">
    <h3>${source.display_name} <span class="muted">${source.handle}</span></h3>
    <p class="small">
      <span class="badge badge-kind">${source.role === 'original' ? 'Original' : 'Relay'}</span>
      ${SOURCE_KIND_LABELS[source.kind]}${
        source.posted_at ? html` · posted ${timeTag(source.posted_at, true)}` : ''
      }
    </p>
    <p class="small"><a href="${safeHref(source.url)}" rel="nofollow noopener">${source.url}</a></p>
    ${source.excerpt ? html`<blockquote>${source.excerpt}</blockquote>` : ''}
  </li>`;
}

function related(catalog: Catalog, event: ResetSummary): SafeHtml {
  const events = event.related_event_ids.flatMap((id) => {
    const other = catalog.byId.get(id);
    return other ? [other] : [];
  });
  if (events.length === 0) return html``;
  return html`<h2>Related events</h2>
    <ul>
      ${events.map(
        (other) =>
          html`<li>
            <a href="${new URL(other.url).pathname}">${other.title}</a>
            <span class="muted small">${KIND_LABELS[other.kind]} · ${whenTag(other)}</span>
          </li>`,
      )}
    </ul>`;
}

/** The page of one event, whatever its kind and status. */
export function eventMain(catalog: Catalog, event: ResetSummary, alerts: AlertsOptions): SafeHtml {
  const { audience, correction } = event;
  const effective =
    event.effective_at === null && event.effective_note === null
      ? ''
      : html`<dt>Effective</dt>
          <dd>
            ${event.effective_at ? timeTag(event.effective_at, true) : ''}${
              event.effective_at && event.effective_note ? ' · ' : ''
            }${event.effective_note ?? ''}
          </dd>`;
  return html`<p class="small"><a href="/">← Latest resets</a></p>
    ${alerts.publicKey === null ? '' : alertsNote()}
    <h1>${event.title}</h1>
    <p><span class="badge badge-kind">${KIND_LABELS[event.kind]}</span> ${statusBadge(event.event_status)}</p>
    ${banner(event)}
    <p>${event.summary}</p>
    <section class="card">
      <dl class="facts">
        <dt>Announced</dt>
        <dd>${whenTag(event, true)}</dd>
        ${effective}
        <dt>Applies to</dt>
        <dd>${audience.statement}</dd>
        <dt>Plans</dt>
        <dd>
          ${describePlans(audience.plans)} <span class="muted">(scope: ${SCOPE_LABELS[audience.scope]})</span>
        </dd>
        ${
          audience.exclusions
            ? html`<dt>Exclusions</dt>
                <dd>${audience.exclusions}</dd>`
            : ''
        }
        <dt>Windows</dt>
        <dd>${describeWindows(event.windows)}</dd>
        <dt>Allocation</dt>
        <dd>${ALLOCATION_LABELS[event.allocation]}</dd>
        <dt>Counted</dt>
        <dd>${isQualifying(event) ? 'Yes, in the reset history' : 'No'}</dd>
      </dl>
    </section>
    <h2>Sources</h2>
    <ul class="sources">
      ${event.sources.map(sourceItem)}
    </ul>
    ${
      correction && !['retracted', 'cancelled'].includes(event.event_status)
        ? html`<h2>${correction.kind === 'retraction' ? 'Retraction' : 'Correction'}</h2>
            <section class="card">
              <p>${correction.reason}</p>
              <p class="muted small">${timeTag(correction.at)}</p>
            </section>`
        : ''
    }
    ${related(catalog, event)}
    <h2>Record</h2>
    <dl class="facts small">
      <dt>Id</dt>
      <dd><code>${event.id}</code></dd>
      <dt>Revision</dt>
      <dd>${event.revision}</dd>
      <dt>First published</dt>
      <dd>${timeTag(event.first_published_at)}</dd>
      <dt>Revised</dt>
      <dd>${timeTag(event.revised_at)}</dd>
      <dt>Address</dt>
      <dd><a href="${event.url}">${event.url}</a></dd>
    </dl>`;
}

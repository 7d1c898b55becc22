import type { Catalog } from '../../../domain/catalog.js';
import { describePlans, describeWindows } from '../labels.js';
import { isQualifying } from '../../../domain/filters.js';
import type { ResetSummary, SourceEntry } from '../../../domain/schemas/index.js';
import type { Lang } from '../i18n/lang.js';
import type { AlertsOptions } from '../resource.js';
import { alertsNote } from './alerts-control.js';
import { dateTag, endTag, statusBadge, timeTag, whenTag } from './format.js';
import { eventLink } from './home-page.js';
import { eventText } from './event-text.js';
import type { SafeHtml } from '../html.js';
import { html, safeHref } from '../html.js';

function banner(lang: Lang, event: ResetSummary): SafeHtml {
  const { t } = lang;
  const reason = event.correction
    ? html`<p>
        ${lang.editorial(event.correction.reason)}
        <span class="muted">${t.format.aside(timeTag(lang, event.correction.at))}</span>
      </p>`
    : '';
  switch (event.event_status) {
    case 'retracted':
      return html`<div class="banner banner-retracted" role="note">
        <strong>${t.event.retracted}</strong>
        <p>${t.event.retractedText}</p>
        ${reason}
      </div>`;
    case 'cancelled':
      return html`<div class="banner banner-cancelled" role="note">
        <strong>${t.event.cancelled}</strong>
        <p>${t.event.cancelledText}</p>
        ${reason}
      </div>`;
    case 'announced':
      return html`<div class="banner banner-announced" role="note">
        <strong>${t.event.announced}</strong>
        <p>${t.event.announcedText}</p>
      </div>`;
    case 'confirmed':
      return html``;
  }
}

function sourceItem(lang: Lang, source: SourceEntry): SafeHtml {
  const { t } = lang;
  return html`<li class="card">
    <h3>${lang.editorial(source.display_name)} <span class="muted">${source.handle}</span></h3>
    <p class="small">
      <span class="badge badge-kind">${t.labels.sourceRole[source.role]}</span>
      ${t.labels.sourceKind[source.kind]}${
        source.posted_at ? html` · ${t.event.posted(timeTag(lang, source.posted_at, true))}` : ''
      }
    </p>
    <p class="small"><a href="${safeHref(source.url)}" rel="nofollow noopener">${source.url}</a></p>
    ${source.excerpt ? html`<blockquote>${lang.editorial(source.excerpt)}</blockquote>` : ''}
  </li>`;
}

function related(lang: Lang, catalog: Catalog, event: ResetSummary): SafeHtml {
  const events = event.related_event_ids.flatMap((id) => {
    const other = catalog.byId.get(id);
    return other ? [other] : [];
  });
  if (events.length === 0) return html``;
  return html`<h2>${lang.t.event.related}</h2>
    <ul>
      ${events.map(
        (other) =>
          html`<li>
            ${eventLink(lang, catalog, other)}
            <span class="muted small">${lang.t.labels.kind[other.kind]} · ${whenTag(lang, other)}</span>
          </li>`,
      )}
    </ul>`;
}

/** The page of one event, whatever its kind and status. */
export function eventMain(
  lang: Lang,
  catalog: Catalog,
  event: ResetSummary,
  alerts: AlertsOptions,
): SafeHtml {
  const { t } = lang;
  const { facts } = t.event;
  const { audience, correction } = event;
  const text = eventText(lang, catalog, event);
  const ends = catalog.ends.get(event.id);
  const until = catalog.collection.material_until;
  const effective =
    event.effective_at === null && text.effectiveNote === null
      ? ''
      : html`<dt>${facts.effective}</dt>
          <dd>
            ${event.effective_at ? timeTag(lang, event.effective_at, true) : ''}${
              event.effective_at && text.effectiveNote ? ' · ' : ''
            }${text.effectiveNote ?? ''}
          </dd>`;
  return html`<p class="small"><a href="${lang.href('/')}">${t.event.back}</a></p>
    ${alerts.publicKey === null ? '' : alertsNote(lang)}
    <h1>${text.title}</h1>
    <p>
      <span class="badge badge-kind">${t.labels.kind[event.kind]}</span>
      ${statusBadge(lang, event.event_status)}
    </p>
    ${banner(lang, event)}
    <p>${text.summary}</p>
    <section class="card">
      <dl class="facts">
        <dt>${facts.announced}</dt>
        <dd>${whenTag(lang, event, true)}</dd>
        ${effective}
        ${
          ends
            ? html`<dt>${facts.ends}</dt>
                <dd>${endTag(lang, ends)}</dd>`
            : ''
        }
        <dt>${facts.appliesTo}</dt>
        <dd>${text.statement}</dd>
        <dt>${facts.plans}</dt>
        <dd>
          ${describePlans(audience.plans, t)}
          <span class="muted">${facts.scope(t.labels.scope[audience.scope])}</span>
        </dd>
        ${
          audience.exclusions
            ? html`<dt>${facts.exclusions}</dt>
                <dd>${lang.editorial(audience.exclusions)}</dd>`
            : ''
        }
        <dt>${facts.windows}</dt>
        <dd>${describeWindows(event.windows, t)}</dd>
        <dt>${facts.allocation}</dt>
        <dd>${t.labels.allocation[event.allocation]}</dd>
        <dt>${facts.counted}</dt>
        <dd>${isQualifying(event) ? facts.countedYes : facts.countedNo}</dd>
      </dl>
    </section>
    <h2>${t.event.sources}</h2>
    <ul class="sources">
      ${event.sources.map((source) => sourceItem(lang, source))}
    </ul>
    ${
      correction && !['retracted', 'cancelled'].includes(event.event_status)
        ? html`<h2>${correction.kind === 'retraction' ? t.event.retraction : t.event.correction}</h2>
            <section class="card">
              <p>${lang.editorial(correction.reason)}</p>
              <p class="muted small">${timeTag(lang, correction.at)}</p>
            </section>`
        : ''
    }
    ${related(lang, catalog, event)}
    <h2>${t.event.record.heading}</h2>
    <dl class="facts small">
      <dt>${t.event.record.id}</dt>
      <dd><code>${event.id}</code></dd>
      <dt>${t.event.record.revision}</dt>
      <dd>${lang.integer(event.revision)}</dd>
      <dt>${t.event.record.firstPublished}</dt>
      <dd>${timeTag(lang, event.first_published_at)}</dd>
      <dt>${t.event.record.revised}</dt>
      <dd>${timeTag(lang, event.revised_at)}</dd>
      <dt>${t.event.record.address}</dt>
      <dd><a href="${event.url}">${event.url}</a></dd>
      ${
        until
          ? html`<dt>${t.event.record.readUntil}</dt>
              <dd>${dateTag(lang, until)}</dd>`
          : ''
      }
    </dl>`;
}

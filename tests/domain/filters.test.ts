import test from 'ava';
import type { Catalog } from '../../domain/catalog.js';
import type { FilterSet } from '../../domain/filters.js';
import type { AudienceFilter, WindowFilter } from '../../domain/schemas/index.js';
import { getStatus } from '../../domain/status.js';
import type { PublishedEvent } from '../../domain/content/events.js';
import { catalogOf, exactEvent } from '../helpers/events.js';
import { page } from '../helpers/pages.js';

const NOW = Date.parse('2025-06-01T00:00:00Z');
let day = 0;
const at = () => `2025-03-${String((day++ % 28) + 1).padStart(2, '0')}T12:00:00Z`;

function withAudience(
  id: string,
  scope: 'broad' | 'limited' | 'unspecified',
  plans: PublishedEvent['audience']['plans'],
) {
  return exactEvent(id, at(), { audience: { scope, statement: 'As stated', plans, exclusions: null } });
}

const audienceCatalog = catalogOf([
  withAudience('broad-all', 'broad', 'all'),
  withAudience('limited-subscribers', 'limited', 'subscribers'),
  withAudience('unknown', 'unspecified', 'unspecified'),
  withAudience('broad-unknown-plans', 'broad', 'unspecified'),
  withAudience('pro-only', 'limited', ['pro']),
  withAudience('max-and-team', 'limited', ['max', 'team']),
  withAudience('free-and-enterprise', 'limited', ['free', 'enterprise']),
  exactEvent('subscribers-except-team', at(), {
    audience: {
      scope: 'limited',
      statement: 'Paid plans except Team',
      plans: 'subscribers',
      exclusions: 'Team',
    },
  }),
]);

const windowCatalog = catalogOf([
  exactEvent('five-hour', at(), { windows: ['five_hour'] }),
  exactEvent('weekly', at(), { windows: ['weekly'] }),
  exactEvent('both', at(), { windows: ['five_hour', 'weekly'] }),
  exactEvent('other', at(), { windows: ['other'] }),
  exactEvent('other-and-weekly', at(), { windows: ['other', 'weekly'] }),
  exactEvent('unspecified', at(), { windows: ['unspecified'] }),
]);

const listed = (catalog: Catalog, audience: AudienceFilter, window: WindowFilter = 'any') =>
  page(catalog, { audience, window, order: 'asc', limit: 100 })
    .data.map((event) => event.id)
    .sort();

test('audience=all and window=any filter nothing', (t) => {
  t.is(listed(audienceCatalog, 'all').length, 8);
  t.is(listed(windowCatalog, 'all', 'any').length, 6);
});

test('audience=broad matches the broad scope whatever the plans', (t) => {
  t.deepEqual(listed(audienceCatalog, 'broad'), ['broad-all', 'broad-unknown-plans']);
});

test('a named plan matches all users, all subscribers and lists naming it; unknown plans never match', (t) => {
  const paidForAll = ['broad-all', 'limited-subscribers', 'subscribers-except-team'];
  t.deepEqual(listed(audienceCatalog, 'max'), [...paidForAll, 'max-and-team'].sort());
  t.deepEqual(listed(audienceCatalog, 'pro'), [...paidForAll, 'pro-only'].sort());
  t.deepEqual(listed(audienceCatalog, 'team'), [...paidForAll, 'max-and-team'].sort());
});

test('exclusions are display text and do not filter', (t) => {
  t.true(listed(audienceCatalog, 'team').includes('subscribers-except-team'));
});

test('a named window matches events naming it; unspecified and other never match', (t) => {
  t.deepEqual(listed(windowCatalog, 'all', 'five_hour'), ['both', 'five-hour']);
  t.deepEqual(listed(windowCatalog, 'all', 'weekly'), ['both', 'other-and-weekly', 'weekly']);
});

test('audience and window filters combine', (t) => {
  const catalog = catalogOf([
    exactEvent('pro-weekly', at(), {
      windows: ['weekly'],
      audience: { scope: 'limited', statement: 'Pro', plans: ['pro'], exclusions: null },
    }),
    exactEvent('pro-five-hour', at(), {
      windows: ['five_hour'],
      audience: { scope: 'limited', statement: 'Pro', plans: ['pro'], exclusions: null },
    }),
    exactEvent('max-weekly', at(), {
      windows: ['weekly'],
      audience: { scope: 'limited', statement: 'Max', plans: ['max'], exclusions: null },
    }),
  ]);
  t.deepEqual(listed(catalog, 'pro', 'weekly'), ['pro-weekly']);
  t.is(getStatus(catalog, { audience: 'pro', window: 'weekly' }, NOW).stats.total, 1);
  t.is(getStatus(catalog, { audience: 'team', window: 'any' }, NOW).stats.total, 0);
});

test('status stats count the same events the list returns, for every filter', (t) => {
  for (const audience of ['all', 'broad', 'max', 'pro', 'team'] as const) {
    for (const window of ['any', 'five_hour', 'weekly'] as const) {
      const filters: FilterSet = { audience, window };
      for (const catalog of [audienceCatalog, windowCatalog]) {
        t.is(getStatus(catalog, filters, NOW).stats.total, listed(catalog, audience, window).length);
      }
    }
  }
});

const announcedCatalog = catalogOf([
  exactEvent('weekly-for-all', '2025-03-01T10:00:00Z', { event_status: 'announced', windows: ['weekly'] }),
  exactEvent('five-hour-for-pro', '2025-03-05T10:00:00Z', {
    event_status: 'announced',
    windows: ['five_hour'],
    audience: { scope: 'limited', statement: 'Pro', plans: ['pro'], exclusions: null },
  }),
  exactEvent('announced-increase', '2025-03-09T10:00:00Z', {
    kind: 'limit_increase',
    event_status: 'announced',
  }),
  exactEvent('confirmed', '2025-03-10T10:00:00Z'),
]);

test('announced_reset is the most recently announced usage reset still awaiting confirmation', (t) => {
  const status = getStatus(announcedCatalog, { audience: 'all', window: 'any' }, NOW);
  t.is(status.announced_reset?.id, 'five-hour-for-pro');
  t.is(status.latest_reset?.id, 'confirmed');
  t.is(status.stats.total, 1);
});

test('announced_reset follows the filters', (t) => {
  const announced = (audience: AudienceFilter, window: WindowFilter) =>
    getStatus(announcedCatalog, { audience, window }, NOW).announced_reset?.id ?? null;
  t.is(announced('all', 'weekly'), 'weekly-for-all');
  t.is(announced('max', 'any'), 'weekly-for-all');
  t.is(announced('pro', 'five_hour'), 'five-hour-for-pro');
  t.is(announced('team', 'five_hour'), null);
});

test('an announced reset whose effective time has passed is still only announced', (t) => {
  const catalog = catalogOf([
    exactEvent('announced', '2025-03-01T10:00:00Z', {
      event_status: 'announced',
      effective_at: '2025-03-02T00:00:00Z',
    }),
  ]);
  const status = getStatus(catalog, { audience: 'all', window: 'any' }, NOW);
  t.is(status.announced_reset?.id, 'announced');
  t.is(status.latest_reset, null);
  t.is(status.stats.total, 0);
  t.deepEqual(page(catalog).data, []);
});

test('cancelled and retracted announcements are not announced resets', (t) => {
  const catalog = catalogOf([
    exactEvent('cancelled', '2025-03-01T10:00:00Z', {
      event_status: 'cancelled',
      correction: { kind: 'correction', reason: 'Called off.', at: '2025-06-01T00:00:00Z' },
    }),
  ]);
  t.is(getStatus(catalog, { audience: 'all', window: 'any' }, NOW).announced_reset, null);
});

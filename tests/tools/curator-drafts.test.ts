import test from 'ava';
import { draftEvent, slugOf } from '../../domain/content/draft.js';
import { decodeTid } from '../../domain/content/post-time.js';
import { reviseEvent } from '../../domain/content/revise.js';

const NOW = Date.parse('2026-11-22T10:00:00Z');

test('a Bluesky post gives an exact draft with the time of its TID', (t) => {
  const draft = draftEvent('https://bsky.app/profile/jane.example/post/3n2lwuqxe23pg', {}, [], NOW);
  t.is(draft['announced_at'], new Date(decodeTid('3n2lwuqxe23pg')).toISOString());
  t.is(draft['time_precision'], 'exact');
  t.like((draft['sources'] as unknown[])[0], {
    handle: '@jane.example',
    kind: 'social_post',
    role: 'original',
  });
});

test('another page gives a date-only draft on the current UTC day, as a web page source', (t) => {
  const draft = draftEvent(
    'https://status.example.org/incidents/42',
    { title: 'Limits reset!', plans: 'max, pro' },
    [],
    NOW,
  );
  t.like(draft, {
    id: '2026-11-22-limits-reset',
    time_precision: 'date',
    announced_on: '2026-11-22',
    audience: { plans: ['max', 'pro'] },
  });
  t.like((draft['sources'] as unknown[])[0], { handle: 'status.example.org', kind: 'web_page' });
  t.false('announced_at' in draft);
});

test('an X URL that is not a post is refused', (t) => {
  t.throws(() => draftEvent('https://x.com/example', {}, [], NOW), { message: /not a post URL/ });
});

test('slugs are lowercase words joined by single hyphens', (t) => {
  t.is(slugOf('  Weekly & five-hour limits: RESET (Max) '), 'weekly-five-hour-limits-reset-max');
});

test('a retraction bumps the revision, sets the status and correction together, and keeps the key order', (t) => {
  const event = {
    id: 'a',
    event_status: 'confirmed',
    first_published_at: '2026-11-01T00:00:00Z',
    revised_at: '2026-11-01T00:00:00Z',
    revision: 1,
    related_event_ids: [],
  };
  const revised = reviseEvent(event, { action: 'retract', reason: 'A test post.' }, NOW);
  t.deepEqual(Object.keys(revised), [
    'id',
    'event_status',
    'first_published_at',
    'revised_at',
    'revision',
    'correction',
    'related_event_ids',
  ]);
  t.like(revised, {
    event_status: 'retracted',
    revision: 2,
    revised_at: '2026-11-22T10:00:00Z',
    correction: { kind: 'retraction', reason: 'A test post.', at: '2026-11-22T10:00:00Z' },
  });
  t.like(reviseEvent(revised, { action: 'edit' }, NOW + 1000), { revision: 3, event_status: 'retracted' });
  t.like(reviseEvent(event, { action: 'cancel', reason: 'Called off.' }, NOW), {
    event_status: 'cancelled',
    correction: { kind: 'correction' },
  });
});

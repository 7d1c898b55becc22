import test from 'ava';
import { readContent } from '../../../server/content/read-content.js';
import {
  ANNOUNCED,
  DATED,
  FIVE_HOUR,
  WEEKLY,
  assertProblems,
  editContent,
  eventFile,
} from '../../helpers/content.js';
import { bskyPostUrl } from '../../helpers/events.js';
import { VALID_FIXTURE } from '../../helpers/fixtures.js';

const raw = await readContent(VALID_FIXTURE);
const WEEKLY_X_URL = 'https://x.com/example/status/1896607521822660231'; // 2025-03-03T17:04:05.123Z

test('an id that differs from the file name is refused', (t) => {
  const edited = editContent(raw, (draft) => void (draft.event(DATED).id = 'renamed'));
  assertProblems(t, edited, [
    {
      file: eventFile(DATED),
      path: 'id',
      rule: /must match the file name \(expected events\/renamed\.json\)/,
    },
  ]);
});

test('two files with the same id are refused, naming the file that has it first', (t) => {
  const edited = editContent(raw, (draft) => {
    draft.events.push({ file: 'events/copy.json', data: structuredClone(draft.events[0]!.data) });
  });
  assertProblems(t, edited, [
    { file: 'events/copy.json', path: 'id', rule: /must match the file name/ },
    {
      file: 'events/copy.json',
      path: 'id',
      rule: /id "2025-03-03-weekly-reset" is used more than once \(also by events\/2025-03-03-weekly-reset\.json\)/,
    },
  ]);
});

test('a related id that resolves to no event is refused', (t) => {
  const edited = editContent(
    raw,
    (draft) => void (draft.event(DATED).related_event_ids = [WEEKLY, 'no-such-event']),
  );
  assertProblems(t, edited, [
    { file: eventFile(DATED), path: 'related_event_ids[1]', rule: /no event has id "no-such-event"/ },
  ]);
});

test('an invalid event still resolves as the target of related ids', (t) => {
  // FIVE_HOUR lists WEEKLY as related; only WEEKLY's own problem is reported.
  const edited = editContent(raw, (draft) => void (draft.event(WEEKLY).title = ''));
  assertProblems(t, edited, [{ file: eventFile(WEEKLY), path: 'title', rule: /Too small/ }]);
});

test('an event may not list itself as related', (t) => {
  const edited = editContent(raw, (draft) => void (draft.event(DATED).related_event_ids = [DATED]));
  assertProblems(t, edited, [
    { file: eventFile(DATED), path: 'related_event_ids', rule: /must not list the event itself/ },
  ]);
});

test('an exact event may not carry announced_on', (t) => {
  const edited = editContent(raw, (draft) => void (draft.event(WEEKLY).announced_on = '2025-03-03'));
  assertProblems(t, edited, [
    { file: eventFile(WEEKLY), path: 'announced_on', rule: /must be absent when time_precision is "exact"/ },
  ]);
});

test('a date-only event may not carry announced_at and needs announced_on', (t) => {
  const edited = editContent(raw, (draft) => {
    draft.event(DATED).announced_at = '2025-04-02T10:00:00Z';
    delete draft.event(DATED).announced_on;
  });
  assertProblems(t, edited, [
    { file: eventFile(DATED), path: 'announced_at', rule: /must be absent when time_precision is "date"/ },
    { file: eventFile(DATED), path: 'announced_on', rule: /is required when time_precision is "date"/ },
  ]);
});

test('an exact event whose original does not encode a time needs announced_at', (t) => {
  const edited = editContent(raw, (draft) => void delete draft.event(ANNOUNCED).announced_at);
  assertProblems(t, edited, [{ file: eventFile(ANNOUNCED), path: 'announced_at', rule: /is required/ }]);
});

test('a date-only event whose original post encodes its time is refused', (t) => {
  for (const url of [WEEKLY_X_URL, bskyPostUrl(Date.parse('2025-04-02T08:00:00Z') * 1000)]) {
    const edited = editContent(raw, (draft) => {
      Object.assign(draft.event(DATED).sources[0]!, { url, kind: 'social_post' });
    });
    assertProblems(t, edited, [
      {
        file: eventFile(DATED),
        path: 'time_precision',
        rule: /must be "exact": the original post id encodes its time/,
      },
    ]);
  }
});

test('a stated announced_at that disagrees with the original post id is refused', (t) => {
  const edited = editContent(raw, (draft) => {
    draft.event(WEEKLY).announced_at = '2025-03-03T17:04:06.123Z';
    draft.event(FIVE_HOUR).announced_at = '2025-03-10T09:31:00.250Z';
  });
  assertProblems(t, edited, [
    {
      file: eventFile(WEEKLY),
      path: 'announced_at',
      rule: /disagrees with the time encoded in the original post id \(2025-03-03T17:04:05\.123Z\)/,
    },
    { file: eventFile(FIVE_HOUR), path: 'announced_at', rule: /\(2025-03-10T09:30:00\.250Z\)/ },
  ]);
});

test('a stated posted_at that disagrees with its post id is refused', (t) => {
  const edited = editContent(
    raw,
    (draft) => void (draft.event(FIVE_HOUR).sources[1]!.posted_at = '2025-03-10T09:40:00Z'),
  );
  assertProblems(t, edited, [
    {
      file: eventFile(FIVE_HOUR),
      path: 'sources[1].posted_at',
      rule: /disagrees with the time encoded in the post id \(2025-03-10T09:41:12\.000Z\)/,
    },
  ]);
});

test('an event needs exactly one original source', (t) => {
  const two = editContent(raw, (draft) => void (draft.event(FIVE_HOUR).sources[1]!.role = 'original'));
  assertProblems(t, two, [
    {
      file: eventFile(FIVE_HOUR),
      path: 'sources',
      rule: /exactly one source with role "original" \(found 2\)/,
    },
  ]);
  const none = editContent(raw, (draft) => void (draft.event(DATED).sources[0]!.role = 'relay'));
  assertProblems(t, none, [{ file: eventFile(DATED), path: 'sources', rule: /\(found 0\)/ }]);
});

test('an X URL that is not a status URL is refused', (t) => {
  for (const url of [
    'https://x.com/example',
    'https://x.com/example/status/abc',
    'https://twitter.com/i/lists/123',
  ]) {
    const edited = editContent(raw, (draft) => void (draft.event(FIVE_HOUR).sources[1]!.url = url));
    assertProblems(t, edited, [
      { file: eventFile(FIVE_HOUR), path: 'sources[1].url', rule: /must be a post URL/ },
    ]);
  }
});

test('a post URL must be recorded as a social post', (t) => {
  const edited = editContent(raw, (draft) => void (draft.event(FIVE_HOUR).sources[1]!.kind = 'web_page'));
  assertProblems(t, edited, [
    { file: eventFile(FIVE_HOUR), path: 'sources[1].kind', rule: /kind "social_post"/ },
  ]);
});

test('revised_at before first_published_at is refused', (t) => {
  const edited = editContent(raw, (draft) => {
    draft.event(FIVE_HOUR).revised_at = '2025-03-10T09:59:59Z';
    draft.event(FIVE_HOUR).correction = null;
  });
  assertProblems(t, edited, [
    { file: eventFile(FIVE_HOUR), path: 'revised_at', rule: /must not be before first_published_at/ },
  ]);
});

test('revision 1 must have revised_at equal to first_published_at', (t) => {
  const edited = editContent(raw, (draft) => void (draft.event(WEEKLY).revised_at = '2025-03-04T18:00:00Z'));
  assertProblems(t, edited, [
    {
      file: eventFile(WEEKLY),
      path: 'revised_at',
      rule: /must equal first_published_at while revision is 1/,
    },
  ]);
});

test('a retracted event needs a retraction', (t) => {
  const missing = editContent(raw, (draft) => void (draft.event(WEEKLY).event_status = 'retracted'));
  assertProblems(t, missing, [
    {
      file: eventFile(WEEKLY),
      path: 'correction',
      rule: /retracted event needs a correction of kind "retraction"/,
    },
  ]);
  const wrongKind = editContent(raw, (draft) => void (draft.event(FIVE_HOUR).event_status = 'retracted'));
  assertProblems(t, wrongKind, [
    { file: eventFile(FIVE_HOUR), path: 'correction', rule: /kind "retraction"/ },
  ]);
});

test('a cancelled event needs a correction', (t) => {
  const edited = editContent(raw, (draft) => void (draft.event(ANNOUNCED).event_status = 'cancelled'));
  assertProblems(t, edited, [
    { file: eventFile(ANNOUNCED), path: 'correction', rule: /cancelled event needs a correction/ },
  ]);
});

test('correction.at must lie between first_published_at and revised_at', (t) => {
  for (const at of ['2025-03-10T09:59:59Z', '2025-03-12T08:00:01Z']) {
    const edited = editContent(raw, (draft) => void (draft.event(FIVE_HOUR).correction!.at = at));
    assertProblems(t, edited, [
      {
        file: eventFile(FIVE_HOUR),
        path: 'correction.at',
        rule: /must lie between first_published_at and revised_at/,
      },
    ]);
  }
});

test('an event dated before coverage_start is refused', (t) => {
  const edited = editContent(raw, (draft) => {
    draft.collection.coverage_start = '2025-04-03';
  });
  assertProblems(t, edited, [
    {
      file: eventFile(WEEKLY),
      path: 'announced_at',
      rule: /must not be before coverage_start \(2025-04-03\)/,
    },
    { file: eventFile(FIVE_HOUR), path: 'announced_at', rule: /coverage_start/ },
    { file: eventFile(DATED), path: 'announced_on', rule: /coverage_start/ },
  ]);
});

test('an event that fails its schema still gets every cross-field check whose fields are valid', (t) => {
  const edited = editContent(raw, (draft) => {
    Object.assign(draft.event(WEEKLY), { title: '', announced_at: '2025-03-03T17:04:06Z' });
    Object.assign(draft.event(FIVE_HOUR), { kind: 'reset', related_event_ids: [FIVE_HOUR, 'no-such-event'] });
    Object.assign(draft.event(DATED), {
      windows: [],
      announced_at: '2025-04-02T10:00:00Z',
      revised_at: '2025-04-01T00:00:00Z',
    });
  });
  assertProblems(t, edited, [
    { file: eventFile(WEEKLY), path: 'title', rule: /Too small/ },
    {
      file: eventFile(WEEKLY),
      path: 'announced_at',
      rule: /disagrees with the time encoded in the original post id/,
    },
    { file: eventFile(FIVE_HOUR), path: 'kind', rule: /Invalid option/ },
    { file: eventFile(FIVE_HOUR), path: 'related_event_ids', rule: /must not list the event itself/ },
    { file: eventFile(FIVE_HOUR), path: 'related_event_ids[1]', rule: /no event has id "no-such-event"/ },
    { file: eventFile(DATED), path: 'windows', rule: /Too small/ },
    { file: eventFile(DATED), path: 'announced_at', rule: /must be absent when time_precision is "date"/ },
    { file: eventFile(DATED), path: 'revised_at', rule: /must not be before first_published_at/ },
    { file: eventFile(DATED), path: 'revised_at', rule: /must equal first_published_at while revision is 1/ },
  ]);
});

test('a field that fails its schema is not reported again by the cross-field rules that read it', (t) => {
  const edited = editContent(raw, (draft) => {
    // Each would break a cross-field rule too: the file name, revision 1, the post time, coverage_start.
    draft.event(DATED).id = 'Status Page Reset';
    Object.assign(draft.event(WEEKLY), { revision: '1', revised_at: '2025-03-04T18:00:00Z' });
    draft.event(FIVE_HOUR).announced_at = '2025-03-10 09:31';
    draft.collection.coverage_start = 'soon';
  });
  assertProblems(t, edited, [
    { file: 'collection.json', path: 'coverage_start', rule: /Invalid ISO date/ },
    { file: eventFile(DATED), path: 'id', rule: /must be a URL slug/ },
    { file: eventFile(WEEKLY), path: 'revision', rule: /expected number/ },
    { file: eventFile(FIVE_HOUR), path: 'announced_at', rule: /Invalid ISO datetime/ },
  ]);
});

test('a duplicate id is found in a file that fails its schema', (t) => {
  const edited = editContent(raw, (draft) => {
    const copy = structuredClone(draft.event(WEEKLY));
    draft.events.push({ file: 'events/copy.json', data: { ...copy, windows: ['daily'] } });
  });
  assertProblems(t, edited, [
    { file: 'events/copy.json', path: 'windows[0]', rule: /Invalid option/ },
    { file: 'events/copy.json', path: 'id', rule: /must match the file name/ },
    { file: 'events/copy.json', path: 'id', rule: /is used more than once \(also by events\/2025-03-03/ },
  ]);
});

test('a freshness measurement names an event of the set, its lead before the publication, its alert after', (t) => {
  const edited = editContent(raw, (draft) => {
    (draft.collection as Record<string, unknown>)['freshness'] = [
      { event_id: WEEKLY, lead_seen_at: '2025-03-03T17:20:00Z', first_alert_at: '2025-03-03T18:02:00Z' },
      { event_id: 'no-such-event', lead_seen_at: '2025-03-03T17:20:00Z' },
      { event_id: FIVE_HOUR, lead_seen_at: '2025-03-10T10:30:00Z', first_alert_at: '2025-03-10T09:59:00Z' },
    ];
  });
  assertProblems(t, edited, [
    { file: 'collection.json', path: 'freshness[1].event_id', rule: /no event has id "no-such-event"/ },
    {
      file: 'collection.json',
      path: 'freshness[2].lead_seen_at',
      rule: /must not be after the event's first_published_at \(2025-03-10T10:00:00Z\)/,
    },
    {
      file: 'collection.json',
      path: 'freshness[2].first_alert_at',
      rule: /must not be before the event's first_published_at \(2025-03-10T10:00:00Z\)/,
    },
  ]);
  const twice = editContent(raw, (draft) => {
    (draft.collection as Record<string, unknown>)['freshness'] = [
      { event_id: WEEKLY, lead_seen_at: '2025-03-03T17:20:00Z' },
      { event_id: WEEKLY, lead_seen_at: '2025-03-03T17:21:00Z' },
    ];
  });
  assertProblems(t, twice, [{ file: 'collection.json', path: 'freshness', rule: /an event is measured once/ }]);
});
